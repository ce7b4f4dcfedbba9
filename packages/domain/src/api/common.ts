// Shared wire shapes of docs/api-accounts.md: the error body and small reusable pieces.
// Validation messages are i18n keys `validations.<rule>` (spec 000 §5); the server's error
// handler turns the key back into the `rule` of each field error.
import { z } from 'zod';
import { idParam } from './ids.ts';
import {
  email,
  max,
  password,
  phone,
  required,
  ruleMessageKey,
  withRules,
  zipCode,
} from '../validation/index.ts';

export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** A pipe already in another active project (issue 36: a pipe is booked by one active project at most). */
export const bookedPipeSchema = z.object({
  pipe_id: z.number().int(),
  native_pipe_id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
});
export type BookedPipe = z.infer<typeof bookedPipeSchema>;

export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  fields: z.array(fieldErrorSchema).optional(),
  /** PIPE_BOOKED: the pipes that are in another active project, and which (the web offers to leave them out). */
  booked: z.array(bookedPipeSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamsSchema = z.object({ id: idParam });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Grid setting of the map (spec 000 §3 settings.grid). */
export const gridSchema = z.boolean();

// Field rules come from ../validation (spec 000 §5), so the web forms and the API reject the same input
// with the same `validations.<rule>` message.
const REQUIRED = { error: ruleMessageKey('required') };

export const emailRule = withRules(z.string(REQUIRED).trim(), required(), max(254), email());

/** Spec 000 §5: at least 8 characters with a digit and a letter. */
export const passwordRule = withRules(z.string(REQUIRED), required(), max(200), password());

/** Spec 000 §5: Japan ddd-dddd; otherwise 5 digits with optional -4 digits. Either form without a country. */
export const zipCodeRule = withRules(z.string(REQUIRED).trim(), zipCodeAnyCountry());

/** Spec 000 §5: digits with optional plus, groups 3/3/4 with separators. */
export const phoneRule = withRules(z.string(REQUIRED).trim(), phone());

export const requiredText = (maxLength: number) =>
  withRules(z.string(REQUIRED).trim(), required(), max(maxLength));

function zipCodeAnyCountry() {
  const jp = zipCode('JP');
  const other = zipCode('US');
  return { ...other, test: (value: unknown) => jp.test(value) || other.test(value) };
}

/** Machine codes of the error body (docs/api-accounts.md). */
export const API_ERROR_CODE = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  DEMO_READ_ONLY: 'DEMO_READ_ONLY',
  NOT_FOUND: 'NOT_FOUND',
  CSRF: 'CSRF',
  RATE_LIMITED: 'RATE_LIMITED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  /** A self-registered account that waits for an administrator's approval (issue 37). */
  ACCOUNT_PENDING: 'ACCOUNT_PENDING',
  /** 409: the registration was approved or rejected already (by another administrator). */
  REGISTRATION_DECIDED: 'REGISTRATION_DECIDED',
  /** 409: a waiting sign-up is approved or rejected, not switched active. */
  AWAITING_APPROVAL: 'AWAITING_APPROVAL',
  REFRESH_INVALID: 'REFRESH_INVALID',
  REFRESH_EXPIRED: 'REFRESH_EXPIRED',
  REFRESH_REUSED: 'REFRESH_REUSED',
  /** The access token was issued before the account's password changed (issue 18). */
  TOKEN_REVOKED: 'TOKEN_REVOKED',
  /** Issue 42: an API token (`pwt_…`) whose scopes do not open this call, or a call tokens may never make. */
  TOKEN_SCOPE: 'TOKEN_SCOPE',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  RESET_INVALID: 'RESET_INVALID',
  /** A wrong sign-in code; the message says how many tries are left (issue 17, modules/two-factor). */
  TWO_FACTOR_INVALID: 'TWO_FACTOR_INVALID',
  /** The sign-in step is unknown, used, expired or out of tries: log in again. */
  TWO_FACTOR_EXPIRED: 'TWO_FACTOR_EXPIRED',
  BAD_REQUEST: 'BAD_REQUEST',
  /** An uploaded file cannot be read; the message names the file, row or line and field. */
  IMPORT_FILE_INVALID: 'IMPORT_FILE_INVALID',
  /** The validation report has blocking problems (or nothing to import). */
  IMPORT_BLOCKED: 'IMPORT_BLOCKED',
  /** The client has no dataset yet (GET /api/snapshots/current). */
  NO_DATASET: 'NO_DATASET',
  /** The dataset has no centre: switching to it is refused (spec 000 §4). */
  NO_CENTER: 'NO_CENTER',
  /** The dataset has no served LOF results, or the client lacks the LOF subscription (spec 000 §8 toasts). */
  NO_LOF_ASSESSMENT: 'NO_LOF_ASSESSMENT',
  /** No served COF results, or no COF subscription: the web shows 'no COF assessment found'. */
  NO_COF_ASSESSMENT: 'NO_COF_ASSESSMENT',
  /** No served BRE results, or no BRE + COF subscriptions: the web shows 'no BRE assessment found'. */
  NO_BRE_ASSESSMENT: 'NO_BRE_ASSESSMENT',
  /** The dataset has no served analysis, so no valve isolation segments (export of the VIS view). */
  NO_VIS_SEGMENTS: 'NO_VIS_SEGMENTS',
  /** The server does not build that export kind (yet), or the caller's subscriptions do not open it. */
  EXPORT_UNAVAILABLE: 'EXPORT_UNAVAILABLE',
  /** The export file is still being made, or its making failed: nothing to download. */
  EXPORT_NOT_READY: 'EXPORT_NOT_READY',
  /** No mesh, district or custom zone with that native id in the dataset (spec 000 §8 not-found toast). */
  AREA_NOT_FOUND: 'AREA_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** 409: a pipe of the request is already in another active project; `booked` lists them (issue 36). */
  PIPE_BOOKED: 'PIPE_BOOKED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODE)[keyof typeof API_ERROR_CODE];
