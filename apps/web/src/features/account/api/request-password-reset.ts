// POST /api/password-reset: mails a reset link. Always 204 so nobody can probe which
// addresses have an account (docs/api-accounts.md).
import type { PasswordResetRequest } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function requestPasswordReset(input: PasswordResetRequest): Promise<void> {
  return api<void>('POST', '/api/password-reset', input, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
