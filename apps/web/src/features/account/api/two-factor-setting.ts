// GET/PUT /api/user/two-factor (issue 17; docs/api-accounts.md "Two-step sign-in"): whether the user signs in with
// a code sent by e-mail, and whether their client requires it anyway.
import type { TwoFactorChallenge, TwoFactorSetting } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type TwoFactorSettingData = Camelize<TwoFactorSetting>;
export const TWO_FACTOR_KEY = ['user', 'two-factor'] as const;

export const getTwoFactorSetting = () => api<TwoFactorSettingData>('GET', '/api/user/two-factor');

export function useTwoFactorSetting() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: getTwoFactorSetting });
}

export type TwoFactorOffChallenge = Camelize<TwoFactorChallenge>;
export interface TwoFactorChange {
  enabled: boolean;
  password?: string;
  challenge?: string;
  code?: string;
}
export const isChallenge = (
  out: TwoFactorSettingData | TwoFactorOffChallenge,
): out is TwoFactorOffChallenge => 'challenge' in out;

export function useUpdateTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    // Off asks for the password, then for the code it mails (a 202 with the challenge; issue 37). On needs none.
    mutationFn: (change: TwoFactorChange) =>
      api<TwoFactorSettingData | TwoFactorOffChallenge>('PUT', '/api/user/two-factor', change),
    onSuccess: (out) => {
      if (!isChallenge(out)) queryClient.setQueryData(TWO_FACTOR_KEY, out);
    },
  });
}
