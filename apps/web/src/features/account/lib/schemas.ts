// Form schemas of the account screens, built from the shared rule set of '@pipewise/domain'
// (spec 000 §5): every issue's message is `validations.<rule>` with the rule's params, so the
// same helper renders client-side and server-side errors. Field names are camelCase.
import {
  COUNTRIES,
  LANGUAGES,
  email,
  isValidZipCode,
  max,
  password,
  passwordConfirmation,
  phone,
  required,
  ruleIssueFields,
  withRules,
} from '@pipewise/domain';
import { z } from 'zod';

// Lengths the server accepts (packages/domain/src/api): say so here rather than after a round trip.
const NAME_MAX = 150;
const CODE_MAX = 64;
const EMAIL_MAX = 254;

const requiredText = (maxLength?: number) =>
  maxLength ? withRules(z.string(), required(), max(maxLength)) : withRules(z.string(), required());
const emailField = withRules(z.string().trim(), required(), email(), max(EMAIL_MAX));
const newPasswordField = withRules(z.string(), required(), password());

// TBD-03: e-mail required and valid, password required. No strength rule on login: a password
// set before the rule existed must still get in.
export const loginSchema = z.object({ email: emailField, password: requiredText() });
export type LoginForm = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    fullName: requiredText(NAME_MAX),
    email: emailField,
    password: newPasswordField,
    passwordConfirmation: requiredText(),
    clientCode: withRules(z.string().trim(), required(), max(CODE_MAX)),
  })
  .superRefine(passwordConfirmation('password', 'passwordConfirmation'));
export type RegisterForm = z.input<typeof registerSchema>;

export const resetRequestSchema = z.object({ email: emailField });
export type ResetRequestForm = z.input<typeof resetRequestSchema>;

export const newPasswordSchema = z
  .object({ password: newPasswordField, passwordConfirmation: requiredText() })
  .superRefine(passwordConfirmation('password', 'passwordConfirmation'));
export type NewPasswordForm = z.input<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: requiredText(), newPassword: newPasswordField, confirmPassword: requiredText() })
  .superRefine(passwordConfirmation('newPassword', 'confirmPassword'));
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

// Phone and zip code are optional on the profile: an empty box means "not given". The zip
// code's format depends on the country chosen in the same form (FMT-RULE-06/07), hence the
// object-level check.
export const profileSchema = z
  .object({
    fullName: requiredText(NAME_MAX),
    // An empty value skips every rule but `required` (the domain's vee-validate semantics).
    phone: withRules(z.string().trim(), phone()),
    zipCode: z.string().trim(),
    country: z.enum(COUNTRIES),
  })
  .superRefine((v, ctx) => {
    if (v.zipCode === '' || isValidZipCode(v.zipCode, v.country)) return;
    ctx.addIssue({
      ...ruleIssueFields('zip_code', { country: v.country }),
      path: ['zipCode'],
      input: v.zipCode,
    });
  });
export type ProfileForm = z.input<typeof profileSchema>;

export const languageRegionSchema = z.object({
  language: z.enum(LANGUAGES),
  timeZone: requiredText(),
  segment: z.enum(['m', 'ft']),
  diameter: z.enum(['mm', 'in']),
  segmentLarge: z.enum(['km', 'mi']),
});
export type LanguageRegionForm = z.input<typeof languageRegionSchema>;
