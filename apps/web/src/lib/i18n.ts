// i18next for the six languages of spec §1/§9. Locale files live in src/locales/{lng}/{ns}.json and
// are code-split per file (import.meta.glob), so a language is only downloaded when chosen.
import { LANGUAGES } from '@pipewise/domain';
import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const NAMESPACES = [
  'common',
  'shell',
  'account',
  'validations',
  'admin',
  'data',
  'datasets',
  'analysis',
  'views',
  'map',
  'details',
  'filters',
  'mapui',
  'planner',
  'cof',
  'reports',
  'virtualpipes',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const FALLBACK_LANGUAGE = 'en';

type LocaleModule = { default: Record<string, unknown> };
const loaders = import.meta.glob<LocaleModule>('../locales/*/*.json');

/** Loads one locale file; a missing one only warns (ACC-LANG-09) and yields no keys. */
export async function loadLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const loader = loaders[`../locales/${language}/${namespace}.json`];
  if (!loader) {
    console.warn(`i18n: missing locale file ${language}/${namespace}.json`);
    return {};
  }
  return (await loader()).default;
}

const globBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadLocale(language, namespace).then(
      (data) => callback(null, data),
      (err: unknown) => {
        console.warn(`i18n: could not load ${language}/${namespace}.json`, err);
        callback(null, {});
      },
    );
  },
};

export const i18n = i18next;

let ready: Promise<unknown> | null = null;

/** Initialise once with the start-up language (see features/language resolveInitialLanguage). */
export function initI18n(language: string = FALLBACK_LANGUAGE): Promise<unknown> {
  ready ??= i18next
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  return ready;
}
