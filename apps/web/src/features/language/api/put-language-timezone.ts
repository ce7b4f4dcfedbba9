// PUT /api/user/language-timezone {time_zone, locale, language} → {time_zone, locale, language, units}.
import type { LanguageTimezone, LanguageTimezoneUpdate } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type LanguageTimezoneResult = Camelize<LanguageTimezone>;

export function putLanguageTimezone(body: Camelize<LanguageTimezoneUpdate>): Promise<LanguageTimezoneResult> {
  return api<LanguageTimezoneResult>('PUT', '/api/user/language-timezone', body);
}
