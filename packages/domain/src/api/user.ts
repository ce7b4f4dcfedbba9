// The User of spec 000 §3 (+ extension and mobile of the admin view, spec 001 §3).
import { z } from 'zod';
import { COUNTRIES, LANGUAGES, SUBSCRIPTIONS } from '../constants/index.ts';
import { isValidZipCode, ruleIssueFields } from '../validation/index.ts';
import { gridSchema, passwordRule, phoneRule, requiredText, zipCodeRule } from './common.ts';

export const languageSchema = z.enum(LANGUAGES, { message: 'validations.locale_string' });
export const countrySchema = z.enum(COUNTRIES, { message: 'validations.country' });
export const subscriptionSchema = z.enum(SUBSCRIPTIONS);

export const unitChoiceSchema = z.object({
  segment: z.enum(['m', 'ft']),
  diameter: z.enum(['mm', 'in']),
  segment_large: z.enum(['km', 'mi']),
});
export type UnitChoice = z.infer<typeof unitChoiceSchema>;

export const unitsSchema = z.object({
  language: languageSchema,
  default: unitChoiceSchema,
  user: unitChoiceSchema,
  currency_code: z.string(),
});
export type Units = z.infer<typeof unitsSchema>;

export const userSettingsSchema = z.object({ grid: gridSchema });

export const userClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  details: z.object({ country: z.string() }),
});

export const userSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  zip_code: z.string().nullable(),
  extension: z.string().nullable(),
  mobile: z.string().nullable(),
  time_zone: z.string(),
  locale: z.string(),
  language: languageSchema,
  units: unitsSchema,
  receive_emails: z.boolean(),
  country: z.string(),
  permission_group_type_code: z.number().int().min(1).max(5),
  permission_group_type_code2: z.array(z.number().int()),
  is_staff: z.boolean(),
  is_demo: z.boolean(),
  /** ISO time at which the current access token expires; null when not known. */
  auth_expiry: z.string().nullable(),
  client: userClientSchema,
  subscriptions: z.array(subscriptionSchema),
  settings: userSettingsSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * What a colleague who is not an administrator sees of another user of the client (issue 18: a viewer, and the
 * public demo guest, read everyone's e-mail, phone and role): the name, nothing to contact or rank them by.
 */
export const colleagueSchema = userSchema.pick({ id: true, full_name: true });
export type Colleague = z.infer<typeof colleagueSchema>;
/** GET /api/users/{id}: the full User for oneself and administrators, a Colleague otherwise. */
export const userOrColleagueSchema = z.union([userSchema, colleagueSchema]);

export const userInformationPatchSchema = z
  .object({
    full_name: requiredText(150),
    phone: z.union([phoneRule, z.literal('')]).nullable(),
    zip_code: z.union([zipCodeRule, z.literal('')]).nullable(),
    country: countrySchema,
  })
  .partial()
  .strict()
  // With the country in the same patch, the zip code must fit that country (the server checks the stored one
  // otherwise).
  .superRefine((patch, ctx) => {
    if (patch.country && patch.zip_code && !isValidZipCode(patch.zip_code, patch.country)) {
      ctx.addIssue({
        ...ruleIssueFields('zip_code', { country: patch.country }),
        path: ['zip_code'],
        input: patch.zip_code,
      });
    }
  });
export type UserInformationPatch = z.infer<typeof userInformationPatchSchema>;

const timeZoneRule = z
  .string({ message: 'validations.required' })
  .min(1, { message: 'validations.required' })
  .max(64)
  .refine((tz) => isTimeZone(tz), { message: 'validations.time_zone' });

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const languageTimezoneSchema = z.object({
  time_zone: z.string(),
  locale: z.string(),
  language: languageSchema,
  units: unitsSchema,
});
export type LanguageTimezone = z.infer<typeof languageTimezoneSchema>;

export const languageTimezoneUpdateSchema = z.object({
  time_zone: timeZoneRule,
  locale: z
    .string({ message: 'validations.required' })
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { message: 'validations.locale_string' }),
  language: languageSchema,
  units: unitChoiceSchema.optional(),
});
export type LanguageTimezoneUpdate = z.infer<typeof languageTimezoneUpdateSchema>;

export const receiveEmailsSchema = z.object({
  receive_emails: z.boolean({ message: 'validations.required' }),
});
export type ReceiveEmails = z.infer<typeof receiveEmailsSchema>;

export const applicationSettingsSchema = z.object({ grid: z.boolean({ message: 'validations.required' }) });
export type ApplicationSettings = z.infer<typeof applicationSettingsSchema>;

export const changePasswordSchema = z.object({
  current_password: z.string({ message: 'validations.required' }).min(1, { message: 'validations.required' }),
  new_password: passwordRule,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const clientUsersResponseSchema = z.object({ users: z.array(userSchema) });
export type ClientUsersResponse = z.infer<typeof clientUsersResponseSchema>;
