import type { Language } from '@pipewise/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../session/index.ts';
import { dateLocaleOf } from '../apply.ts';
import { normalizeLanguage } from '../resolve.ts';
import { changeLanguage } from '../set-language.ts';

export interface UseLanguage {
  language: Language;
  /** BCP 47 locale for dates and numbers (en-US, ja-JP, …). */
  dateLocale: string;
  setLanguage: (lang: Language) => Promise<void>;
}

export function useLanguage(): UseLanguage {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const language = normalizeLanguage(i18n.language) ?? 'en';
  const setLanguage = useCallback((lang: Language) => changeLanguage(lang, user), [user]);
  return { language, dateLocale: dateLocaleOf(language), setLanguage };
}
