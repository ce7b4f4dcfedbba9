// PUT /api/forgot-password/{id}: sets a new password with the single-use id from the mailed
// link (ACC-AUTH-16). RESET_INVALID means unknown, used or expired.
import type { ForgotPasswordRequest } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ResetPasswordInput = { id: string } & Camelize<ForgotPasswordRequest>;

export function resetPassword({ id, ...body }: ResetPasswordInput): Promise<void> {
  return api<void>('PUT', `/api/forgot-password/${encodeURIComponent(id)}`, body, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
