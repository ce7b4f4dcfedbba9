// Pure language rules of spec §4 (unit-tested in resolve.test.ts).
import { isLanguage, LANGUAGES } from '@pipewise/domain';
import type { Language } from '@pipewise/domain';

/** 'ja-JP' → 'ja', 'DE' → 'de'; null for languages we do not have. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

export interface InitialLanguageInput {
  cookie: string | null;
  navigatorLanguages: readonly string[];
}

/** ACC-LANG-07: the `lang` cookie, then the browser languages in order, else 'en'. */
export function resolveInitialLanguage(input: InitialLanguageInput): Language {
  const fromCookie = normalizeLanguage(input.cookie);
  if (fromCookie) return fromCookie;
  for (const candidate of input.navigatorLanguages) {
    const lang = normalizeLanguage(candidate);
    if (lang) return lang;
  }
  return 'en';
}

/**
 * ACC-LANG-04/05: while the user is loading, apply the language of their units once they arrive;
 * once the 5 s fallback has passed without them, keep the current locale. null = keep waiting.
 */
export function languageAfterUserLoad(input: {
  unitsLanguage: string | null | undefined;
  timedOut: boolean;
  current: string;
}): Language | null {
  const fromUnits = normalizeLanguage(input.unitsLanguage);
  if (fromUnits) return fromUnits;
  if (input.timedOut) return normalizeLanguage(input.current) ?? 'en';
  return null;
}

export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;
