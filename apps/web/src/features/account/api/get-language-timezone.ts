// GET /api/user/language-timezone: the user's time zone, locale, language and units (ACC-USER-03).
import type { LanguageTimezone } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type LanguageTimezoneData = Camelize<LanguageTimezone>;

export const LANGUAGE_TIMEZONE_KEY = ['user', 'language-timezone'] as const;

export function getLanguageTimezone(): Promise<LanguageTimezoneData> {
  return api<LanguageTimezoneData>('GET', '/api/user/language-timezone');
}

export function languageTimezoneQueryOptions() {
  return queryOptions({ queryKey: LANGUAGE_TIMEZONE_KEY, queryFn: getLanguageTimezone });
}

export function useLanguageTimezone() {
  return useQuery(languageTimezoneQueryOptions());
}
