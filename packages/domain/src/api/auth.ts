// Token calls of docs/api-accounts.md (spec 000 §7: POST token, POST token refresh).
import { z } from 'zod';
import { emailRule } from './common.ts';

export const tokenRequestSchema = z.object({
  email: emailRule,
  password: z
    .string({ message: 'validations.required' })
    .min(1, { message: 'validations.required' })
    .max(200),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({
  refresh: z.string({ message: 'validations.required' }).min(1, { message: 'validations.required' }).max(500),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const csrfResponseSchema = z.object({ csrf_token: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

/** Claims of the access JWT: `sub` is the user id as a string, `client_id` the tenant. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  client_id: z.number().int(),
  exp: z.number().int(),
  iat: z.number().int(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
