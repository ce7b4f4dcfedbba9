// Tables of the accounts issue (spec 000 §3 User/Client, 001 §3 admin user).
// Every tenant-owned table carries client_id; row-level security lives in the custom migration.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { UnitChoice } from '@pipewise/domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organisations.id),
  clientStatusTypeCode: integer('client_status_type_code').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  authorizationExpiry: timestamp('authorization_expiry', { withTimezone: true }),
  isPaying: boolean('is_paying').notNull().default(false),
  /** With is_paying, gives the plan tier (domain planTier: paying and ≥ 2 → PRO). */
  authCode: integer('auth_code'),
  subscriptionExempt: boolean('subscription_exempt').notNull().default(false),
  subscriptions: text('subscriptions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  registrationCode: text('registration_code').unique(),
  image: text('image'),
  locale: text('locale').notNull().default('en-US'),
  contactNumber: text('contact_number'),
  street: text('street'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  country: text('country').notNull().default('US'),
  grid: boolean('grid').notNull().default(false),
  /** Set by the client's administrators: every user of the client signs in with an e-mailed code (issue 17). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /**
   * Issue 37: e-mail domains whose addresses join the client with its registration code at once; every other
   * sign-up waits for an administrator's approval. '*' (any address) is for the demo clients only.
   */
  joinDomains: text('join_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    zipCode: text('zip_code'),
    extension: text('extension'),
    mobile: text('mobile'),
    timeZone: text('time_zone').notNull().default('UTC'),
    locale: text('locale').notNull().default('en-US'),
    language: text('language').notNull().default('en'),
    /** The user's own unit choice; null = the default of their client's country. */
    units: jsonb('units').$type<UnitChoice>(),
    receiveEmails: boolean('receive_emails').notNull().default(true),
    settingsGrid: boolean('settings_grid').notNull().default(false),
    country: text('country').notNull().default('US'),
    permissionGroupTypeCode: integer('permission_group_type_code').notNull().default(3),
    permissionGroupTypeCode2: integer('permission_group_type_code2')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    isStaff: boolean('is_staff').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The user signs in with a code sent by e-mail after the password (issue 17, modules/two-factor). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Self-registered and not yet approved by an administrator (issue 37); such a user is also inactive. */
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * In every access token (claim `tv`) and checked on every request by the auth plugin, which reads the row
     * anyway: a new password raises it, so access tokens issued before the change stop working (issue 18).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Issue 42: a service account of the client, made by an administrator for scripts. It never signs in with a
     * password (login answers as for a wrong one); it acts only through its API tokens.
     */
    serviceAccount: boolean('service_account').notNull().default(false),
  },
  (t) => [index('users_client_id_idx').on(t.clientId)],
);

/**
 * Personal access tokens and service-account tokens for scripts (issue 42, docs/api-tokens.md). The secret
 * (`pwt_…`) is shown once; only its sha256 is kept, and a presented token is found by that hash. `prefix` is the
 * first characters of the secret, shown in lists so a user can tell tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The user the token acts as: its role, subscriptions and row-level security apply. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' | 'import' | 'plan' | 'admin' (lib/token-scopes.ts). */
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_client_idx').on(t.clientId), index('api_tokens_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the opaque token: a database leak does not leak sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  /** sha256 of the secret sent by mail. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  /** Set when a logged-in user wrote; public messages have none. */
  clientId: integer('client_id'),
  userId: integer('user_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Administrative changes (issue 17): who changed which client or user, when, and the fields they sent. client_id is
 * the client the change concerns, so the row follows the same row-level security as the client's other rows.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. client.create, client.update, user.create, user.update */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_client_idx').on(t.clientId, t.createdAt)],
);

/**
 * A pending second step of a login, or of turning the code off (issues 17, 37; modules/two-factor). id is the sha256 of the challenge token the login
 * answered with; code_hash is keyed by that token too, so a database leak reveals neither a challenge nor its code.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    codeHash: text('code_hash'),
    /** 'login' (check_identity opens a session) or 'disable' (turning the code off; issue 37): never swapped. */
    purpose: text('purpose').notNull().default('login'),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/** Feedback a signed-in user sends from the user menu (issue 17); platform staff read all of it. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied: the list outlives the user, and staff read it outside the tenant. */
    userEmail: text('user_email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/**
 * Hits per key of the login throttle and the per-route limits (issue 18): kept in the database so several API
 * processes share one count. System context only (the migration revokes the tenant role's rights).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export type OrganisationRow = typeof organisations.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type AdminAuditRow = typeof adminAudit.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;
