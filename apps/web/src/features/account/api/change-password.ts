// PUT /api/user/password. A wrong current password answers 400 WRONG_PASSWORD; the api client
// does not log the user out for a 401/403 on this page (ACC-AUTH-11).
import type { ChangePassword } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ChangePasswordInput = Camelize<ChangePassword>;

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api<void>('PUT', '/api/user/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
