// Each language named in itself (endonym), so a user who switched by mistake can still find
// their own; these are names, not translations, hence not in the locale files.
import type { Language } from '@pipewise/domain';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
};
