// Staff and client-admin administration of clients and their users (spec 001 §7: manipulate_client,
// client_users, manipulate_user; docs/api-accounts.md).
import { z } from 'zod';
import { idField } from './ids.ts';
import { CLIENT_STATUS, PERMISSION_GROUP, PLAN_TIER } from '../constants/codes.ts';
import { COUNTRIES } from '../constants/locale.ts';
import { clientDetailsSchema, clientSchema } from './client.ts';
import { regex, withRules } from '../validation/index.ts';
import { emailRule, requiredText } from './common.ts';
import { subscriptionSchema, userSchema } from './user.ts';

const optionalText = z.string().trim().max(200).nullable().optional();

/** A client's logo is kept in the row as a data URL: at most this many bytes of image, sent inline. */
export const CLIENT_IMAGE_MAX_BYTES = 200 * 1024;
/** Raster images only: an SVG may carry script. Base64 takes 4 characters per 3 bytes. */
export const clientImageSchema = z
  .string()
  // The spec's own rules (000 §5): `size` in KB and `image`.
  .refine((v) => v.length <= Math.ceil(CLIENT_IMAGE_MAX_BYTES / 3) * 4 + 40, {
    message: 'validations.size',
    params: { size: CLIENT_IMAGE_MAX_BYTES / 1024 },
  })
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/, { message: 'validations.image' })
  .or(z.literal(''))
  .nullable()
  .optional();

export const clientDetailsInputSchema = z
  .object({
    image: clientImageSchema,
    locale: z.string().trim().min(2).max(20).optional(),
    contact_number: optionalText,
    street: optionalText,
    city: optionalText,
    state: optionalText,
    zip_code: optionalText,
    // Issue 38: one of the countries Pipewise has units, currency and defaults for (it was free text).
    country: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(COUNTRIES, { message: 'validations.country' }))
      .optional(),
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
  /**
   * Issue 38: the plan the client pays for (1 free, 2 base, 3 pro), stored as is_paying and auth_code (planTier); a
   * new client with every subscription was labelled "Free plan" because nothing set it.
   */
  plan_tier: z.union([
    z.literal(PLAN_TIER.UNPAID),
    z.literal(PLAN_TIER.PAID_BASE),
    z.literal(PLAN_TIER.PAID_PRO),
  ]),
};

/** A new client: only the name is required; the rest takes the table defaults. */
export const clientCreateSchema = z
  .object({
    ...clientFields,
    organization_id: idField.optional(),
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
  /** Platform staff only: a client administrator may not grant or take it. */
  is_staff: z.boolean(),
  /** The user signs in with a code sent by e-mail (modules/two-factor). */
  two_factor_enabled: z.boolean(),
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
  action: z.enum([
    'client.create',
    'client.update',
    'client.details',
    'client.organisation',
    'user.create',
    'user.update',
    // Issue 37: a sign-up with the client's code (its actor is the registrant), and an administrator's decision.
    'user.register',
    'user.approve',
    'user.reject',
    // Platform staff read this user's mail (sign-in codes, reset links) in the outbox of a server without SMTP.
    'user.outbox_read',
    // Issue 42: an API token made or revoked (target: the user it acts as; changes: its id, name, scopes, expiry).
    'token.create',
    'token.revoke',
    // Issue 42: a scheduled import's definition made, changed, deleted or run by hand, and a held run decided
    // (target: the definition; changes: the fields sent, or the run's id).
    'import_definition.create',
    'import_definition.update',
    'import_definition.delete',
    'import_definition.run',
    'import_definition.commit',
    'import_definition.discard',
  ]),
  target_type: z.enum(['client', 'user', 'import_definition']),
  target_id: z.number().int(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export type AdminAuditAction = AdminAuditEntry['action'];

export const AUDIT_PAGE_SIZE = 25;
export const adminAuditQuerySchema = z.object({
  page: z.coerce.number({ message: 'validations.integer' }).int().min(1).default(1),
  page_size: z.coerce
    .number({ message: 'validations.integer' })
    .int()
    .min(1)
    .max(100)
    .default(AUDIT_PAGE_SIZE),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditResponseSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total_count: z.number().int(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/** A user as administrators see them: the account fields and whether they sign in with an e-mailed code. */
export const adminUserSchema = userSchema.extend({
  two_factor_enabled: z.boolean(),
  is_active: z.boolean(),
  /** Self-registered, waiting for an administrator's approval (issue 37): inactive until approved. */
  awaiting_approval: z.boolean(),
  /** When the account was created (registered or invited). */
  registered_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

// --- organisations (spec 001 §7 organization_clients, organization_users): platform staff only

export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  client_count: z.number().int(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;
export const organisationListSchema = z.object({ organizations: z.array(organisationSchema) });
export type OrganisationList = z.infer<typeof organisationListSchema>;
export const organisationInputSchema = z.object({ name: requiredText(200) }).strict();
export type OrganisationInput = z.infer<typeof organisationInputSchema>;
export const organisationClientsSchema = z.object({ client_entities: z.array(clientSchema) });
export type OrganisationClients = z.infer<typeof organisationClientsSchema>;

// --- clientinfoentity (spec 001 §7): the current client's details, edited by its administrators

/** '*' (any address: the demo clients' open code, set by staff only) or a mail domain such as springfield.gov. */
export const JOIN_DOMAIN_PATTERN = /^(\*|(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/;
export const joinDomainRule = withRules(z.string().trim().toLowerCase(), regex(JOIN_DOMAIN_PATTERN));

export const clientInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  details: clientDetailsSchema,
  /** Every user of the client signs in with an e-mailed code. */
  require_two_factor: z.boolean(),
  /**
   * Issue 37: addresses of these domains join with the registration code at once; every other sign-up waits for
   * an administrator's approval.
   */
  join_domains: z.array(z.string()),
  /** The code colleagues register with (administrators and staff see it; others get null; null = no sign-up). */
  registration_code: z.string().nullable(),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;
export const clientInfoPatchSchema = z
  .object({
    details: clientDetailsInputSchema,
    require_two_factor: z.boolean(),
    join_domains: z.array(joinDomainRule).max(20),
    /** 'new': a fresh code (the old one stops working); null: nobody can register with a code. */
    registration_code: z.literal('new').nullable(),
  })
  .partial()
  .strict();
export type ClientInfoPatch = z.infer<typeof clientInfoPatchSchema>;
