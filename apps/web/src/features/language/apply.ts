// Applies a language everywhere at once: UI texts (i18next), <html lang>, the `lang` cookie, and the
// date locale. The map subscribes through onLanguageChange() so it can relabel itself later.
import { LOCALE_BY_LANGUAGE } from '@pipewise/domain';
import type { Language } from '@pipewise/domain';
import { i18n } from '../../lib/i18n.ts';
import { writeLangCookie } from './persistence.ts';

type Listener = (lang: Language, dateLocale: string) => void;
const listeners = new Set<Listener>();

/** Subscribe to language changes (e.g. the map's label language). Returns an unsubscribe function. */
export function onLanguageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The BCP 47 locale for dates and numbers of a language (en → en-US, ja → ja-JP, …). */
export function dateLocaleOf(lang: Language): string {
  return LOCALE_BY_LANGUAGE[lang];
}

export async function applyLanguage(lang: Language): Promise<void> {
  writeLangCookie(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  for (const listener of listeners) listener(lang, dateLocaleOf(lang));
}
