// PUT /api/user/language-timezone with time zone, locale, language and the chosen units
// (ACC-USER-03). The user info carries the same values, so it is refreshed too.
import type { LanguageTimezoneUpdate } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { USER_INFO_KEY } from '../../session/index.ts';
import { LANGUAGE_TIMEZONE_KEY } from './get-language-timezone.ts';
import type { LanguageTimezoneData } from './get-language-timezone.ts';

export type LanguageTimezoneInput = Camelize<LanguageTimezoneUpdate>;

export function updateLanguageTimezone(input: LanguageTimezoneInput): Promise<LanguageTimezoneData> {
  return api<LanguageTimezoneData>('PUT', '/api/user/language-timezone', input);
}

export function useUpdateLanguageTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguageTimezone,
    onSuccess: async (saved) => {
      queryClient.setQueryData(LANGUAGE_TIMEZONE_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}
