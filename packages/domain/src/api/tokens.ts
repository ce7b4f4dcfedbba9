// API tokens for scripts (issue 42; docs/api-tokens.md): personal access tokens and service-account tokens, with
// scopes, an expiry and a last-used time. The secret is in the creation's answer only; the server keeps its hash.
import { z } from 'zod';
import { can, type PermissionUser } from '../roles/permissions.ts';
import { requiredText } from './common.ts';
import { idField } from './ids.ts';

export const TOKEN_SCOPES = ['read', 'import', 'plan', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const API_TOKEN = {
  /** Every secret starts with it, so the server (and secret scanners) can tell a token from a session JWT. */
  secretPrefix: 'pwt_',
  /** How many characters of the secret a list shows (the `pwt_` and four more). */
  displayPrefixLength: 8,
  defaultLifetimeDays: 90,
  maxLifetimeDays: 730,
  /** last_used_at is written at most this often per token. */
  lastUsedResolutionSeconds: 60,
} as const;

/**
 * The scopes a user may give a token: never more than their role may do. 'read' for everyone; 'plan' with the
 * planJobs action (workers and up); 'import' with importData and 'admin' with manageUsers (administrators).
 */
export function grantableScopes(user: PermissionUser): TokenScope[] {
  return TOKEN_SCOPES.filter(
    (scope) =>
      scope === 'read' ||
      (scope === 'plan' && can(user, 'planJobs')) ||
      (scope === 'import' && can(user, 'importData')) ||
      (scope === 'admin' && can(user, 'manageUsers')),
  );
}

/** The weakest role a service account needs for these scopes (1 administrator, 2 worker, 3 viewer). */
export function serviceAccountRole(scopes: readonly TokenScope[]): 1 | 2 | 3 {
  if (scopes.includes('admin') || scopes.includes('import')) return 1;
  if (scopes.includes('plan')) return 2;
  return 3;
}

const scopesField = z
  .array(z.enum(TOKEN_SCOPES, { message: 'validations.required' }))
  .min(1, { message: 'validations.required' })
  .max(TOKEN_SCOPES.length)
  .transform((s) => [...new Set(s)]);

export const apiTokenCreateSchema = z
  .object({
    name: requiredText(100),
    scopes: scopesField,
    /** ISO time, in the future and at most two years ahead; default 90 days from now. */
    expires_at: z.iso.datetime({ offset: true }).optional(),
    /** Administrators only: a token acting as another user of the client. */
    user_id: idField.optional(),
    /** Administrators only: a new service account of the client, which the token acts as. */
    service_account: z
      .object({ name: requiredText(100) })
      .strict()
      .optional(),
  })
  .strict();
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The first characters of the secret (`pwt_abcd`), to tell tokens apart; never the secret. */
  prefix: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  user_id: z.number().int(),
  /** The user the token acts as (listed for administrators with ?all=1). */
  user_name: z.string(),
  user_email: z.string(),
  service_account: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of a creation: the secret is here and nowhere else, ever. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenListQuerySchema = z.object({
  /** Administrators: every token of the client, with its user. */
  all: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
