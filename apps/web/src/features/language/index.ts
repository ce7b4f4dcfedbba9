// Public surface of the language feature (spec §4 Language).
export { LanguageSelector } from './components/LanguageSelector.tsx';
export { useLanguage } from './hooks/use-language.ts';
export type { UseLanguage } from './hooks/use-language.ts';
export { useUserLanguage } from './hooks/use-user-language.ts';
export { applyLanguage, onLanguageChange, dateLocaleOf } from './apply.ts';
export { changeLanguage } from './set-language.ts';
export { resolveInitialLanguage, normalizeLanguage, languageAfterUserLoad } from './resolve.ts';
export { readLangCookie, LOGIN_LANGUAGE_KEY, LANG_COOKIE } from './persistence.ts';
