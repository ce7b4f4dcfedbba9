// Staff and client-admin administration of clients and their users (spec 001 §7: manipulate_client,
// client_users, manipulate_user; docs/api-accounts.md).
import { z } from 'zod';
import { CLIENT_STATUS, PERMISSION_GROUP } from '../constants/codes.ts';
import { emailRule, requiredText } from './common.ts';
import { subscriptionSchema } from './user.ts';

const optionalText = z.string().trim().max(200).nullable().optional();

export const clientDetailsInputSchema = z
  .object({
    image: optionalText,
    locale: z.string().trim().min(2).max(20).optional(),
    contact_number: optionalText,
    street: optionalText,
    city: optionalText,
    state: optionalText,
    zip_code: optionalText,
    country: z.string().trim().length(2).toUpperCase().optional(),
    grid: z.boolean().optional(),
  })
  .strict();

const clientFields = {
  name: requiredText(200),
  client_status_type_code: z.number().int().min(CLIENT_STATUS.ACTIVE).max(CLIENT_STATUS.TERMINATED),
  is_active: z.boolean(),
  /** ISO time; null = no expiry. */
  authorization_expiry: z.iso.datetime({ offset: true }).nullable(),
  subscriptions: z.array(subscriptionSchema),
  details: clientDetailsInputSchema,
};

/** A new client: only the name is required; the rest takes the table defaults. */
export const clientCreateSchema = z
  .object({
    ...clientFields,
    organization_id: z.number().int().positive().optional(),
  })
  .partial()
  .required({ name: true })
  .strict();
export type ClientCreate = z.infer<typeof clientCreateSchema>;

export const clientPatchSchema = z.object(clientFields).partial().strict();
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/** The codes a user's main permission group may take (SUPERADMIN is platform-only, not assignable here). */
export const assignablePermissionGroupSchema = z.union([
  z.literal(PERMISSION_GROUP.ADMINISTRATOR),
  z.literal(PERMISSION_GROUP.WORKER),
  z.literal(PERMISSION_GROUP.VIEWER),
]);

const userFields = {
  full_name: requiredText(200),
  email: emailRule,
  permission_group_type_code: assignablePermissionGroupSchema,
  /** Spec 001 §6: a user is an inspector when the second permission group contains INSPECTOR. */
  is_inspector: z.boolean(),
  extension: optionalText,
  mobile: optionalText,
  is_active: z.boolean(),
};

export const adminUserCreateSchema = z
  .object(userFields)
  .partial()
  .required({ full_name: true, email: true, permission_group_type_code: true })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/** The e-mail is the login and is not changed here. */
export const adminUserPatchSchema = z.object(userFields).omit({ email: true }).partial().strict();
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** One administrative change (issue 17 audit log): who did what to which client or user, and the fields sent. */
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.enum(['client.create', 'client.update', 'user.create', 'user.update']),
  target_type: z.enum(['client', 'user']),
  target_id: z.number().int(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export type AdminAuditAction = AdminAuditEntry['action'];

export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema) });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
