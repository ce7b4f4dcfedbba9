// POST /api/users: self-registration with the organisation code the utility's administrator
// gives out (TBD-01, ACC-AUTH-15).
import type { RegisterRequest, RegisterResponse } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type RegisterInput = Camelize<RegisterRequest>;
export type RegisterResult = Camelize<RegisterResponse>;

export function register(input: RegisterInput): Promise<RegisterResult> {
  return api<RegisterResult>('POST', '/api/users', input, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
