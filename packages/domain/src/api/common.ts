// Shared wire shapes of docs/api-accounts.md: the error body and small reusable pieces.
// Validation messages are i18n keys `validations.<rule>` (spec 000 §5); the server's error
// handler turns the key back into the `rule` of each field error.
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamsSchema = z.object({
  id: z.coerce.number({ message: 'validations.integer' }).int({ message: 'validations.integer' }).positive({
    message: 'validations.min_value',
  }),
});
export type IdParams = z.infer<typeof idParamsSchema>;

/** Grid setting of the map (spec 000 §3 settings.grid). */
export const gridSchema = z.boolean();

/** Minimal rules until the shared ones of packages/domain/src/validation exist. */
export const emailRule = z
  .string({ message: 'validations.required' })
  .trim()
  .min(1, { message: 'validations.required' })
  .max(254, { message: 'validations.max' })
  .pipe(z.email({ message: 'validations.email' }));

/** Spec 000 §5: at least 8 characters with a digit and a letter. */
export const passwordRule = z
  .string({ message: 'validations.required' })
  .min(8, { message: 'validations.password' })
  .max(200, { message: 'validations.max' })
  .regex(/[0-9]/, { message: 'validations.password' })
  .regex(/[A-Za-z]/, { message: 'validations.password' });

/** Spec 000 §5: Japan ddd-dddd; otherwise 5 digits with optional -4 digits. */
export const zipCodeRule = z
  .string()
  .trim()
  .regex(/^(\d{3}-\d{4}|\d{5}(-\d{4})?)$/, { message: 'validations.zip_code' });

/** Spec 000 §5: digits with optional plus, groups 3/3/4 with separators. */
export const phoneRule = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,3}?[-. ]?\(?[0-9]{3}\)?[-. ]?[0-9]{3}[-. ]?[0-9]{4}$/, {
    message: 'validations.phone',
  });

export const requiredText = (max: number) =>
  z
    .string({ message: 'validations.required' })
    .trim()
    .min(1, { message: 'validations.required' })
    .max(max, { message: 'validations.max' });

/** Machine codes of the error body (docs/api-accounts.md). */
export const API_ERROR_CODE = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CSRF: 'CSRF',
  RATE_LIMITED: 'RATE_LIMITED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  REFRESH_INVALID: 'REFRESH_INVALID',
  REFRESH_EXPIRED: 'REFRESH_EXPIRED',
  REFRESH_REUSED: 'REFRESH_REUSED',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  RESET_INVALID: 'RESET_INVALID',
  BAD_REQUEST: 'BAD_REQUEST',
  INTERNAL: 'INTERNAL',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODE)[keyof typeof API_ERROR_CODE];
