// PUT /api/user/password. A wrong current password answers 400 WRONG_PASSWORD; the api client
// does not log the user out for a 401/403 on this page (ACC-AUTH-11). A new password ends every session
// (issue 18), this one included: the answer is this tab's new pair, stored at once (other tabs take it over).
import type { ChangePassword, TokenPair } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api, ensureCsrf } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { useSession } from '../../session/index.ts';

export type ChangePasswordInput = Camelize<ChangePassword>;

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const pair = await api<TokenPair>('PUT', '/api/user/password', input);
  useSession.getState().setTokens(pair);
  // The pair is a new session: the CSRF token bound to the old one would be refused (issue 37).
  await ensureCsrf(true).catch(() => undefined);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
