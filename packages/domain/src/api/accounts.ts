// Public account calls: register, password reset, contact (docs/api-accounts.md).
import { z } from 'zod';
import { passwordConfirmation, ruleMessageKey } from '../validation/index.ts';
import { emailRule, passwordRule, requiredText } from './common.ts';
import { languageSchema } from './user.ts';

interface WithPassword extends Record<string, unknown> {
  password: string;
  password_confirmation: string;
}

const confirmed = <T extends z.ZodType<WithPassword>>(schema: T) =>
  schema.superRefine(passwordConfirmation<WithPassword>('password', 'password_confirmation'));

export const registerRequestSchema = confirmed(
  z.object({
    full_name: requiredText(150),
    email: emailRule,
    password: passwordRule,
    password_confirmation: z.string({ error: ruleMessageKey('required') }),
    client_code: requiredText(64),
    language: languageSchema.optional(),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The same answer whether or not the address already has an account (issue 18): the outcome goes by mail to the
 * address, so registration cannot be used to find out who has an account.
 */
export const registerResponseSchema = z.object({ email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const passwordResetRequestSchema = z.object({ email: emailRule, language: languageSchema.optional() });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const resetIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export type ResetIdParams = z.infer<typeof resetIdParamsSchema>;

export const forgotPasswordRequestSchema = confirmed(
  z.object({
    password: passwordRule,
    password_confirmation: z.string({ error: ruleMessageKey('required') }),
  }),
);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const contactUsRequestSchema = z.object({
  name: requiredText(150),
  email: emailRule,
  subject: requiredText(200),
  message: requiredText(5000),
});
export type ContactUsRequest = z.infer<typeof contactUsRequestSchema>;
