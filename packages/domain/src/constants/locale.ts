// Countries, languages and locales of spec 000 §1/§9.
export const LANGUAGES = ['en', 'ja', 'de', 'it', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the language selector shows for each language (spec: EN, JP, DE, IT, FR, ES). */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'EN',
  ja: 'JP',
  de: 'DE',
  it: 'IT',
  fr: 'FR',
  es: 'ES',
};

export const COUNTRIES = ['US', 'JP', 'DE', 'IT', 'FR', 'ES'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'US';

export const LOCALE_BY_LANGUAGE: Record<Language, string> = {
  en: 'en-US',
  ja: 'ja-JP',
  de: 'de-DE',
  it: 'it-IT',
  fr: 'fr-FR',
  es: 'es-ES',
};
export const LANGUAGE_BY_COUNTRY: Record<Country, Language> = {
  US: 'en',
  JP: 'ja',
  DE: 'de',
  IT: 'it',
  FR: 'fr',
  ES: 'es',
};
export const DEFAULT_TIME_ZONE = 'UTC';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The JP client mode hides some items, except for this client (spec §6). */
export const JP_EXCEPTION_CLIENT_ID = 47;

/** A text in each of the six product languages (risk drivers, chosen columns' factors). */
export type LanguageNames = Readonly<Record<Language, string>>;
export const inLanguages = (
  en: string,
  ja: string,
  de: string,
  it: string,
  fr: string,
  es: string,
): LanguageNames => ({ en, ja, de, it, fr, es });
