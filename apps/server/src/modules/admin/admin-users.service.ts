// Administrators manage the users of a client (spec 001 §7 client_users, manipulate_user; docs/api-accounts.md
// "Administration"): staff for any client, a client administrator for their own. A new user is invited by mail
// with a one-time link to choose their password (the password-reset flow with a longer lifetime).
import {
  DEFAULT_TIME_ZONE,
  LANGUAGE_BY_COUNTRY,
  LOCALE_BY_LANGUAGE,
  PERMISSION_GROUP,
} from '@pipewise/domain';
import type {
  AdminAuditQuery,
  AdminAuditResponse,
  AdminUser,
  AdminUserCreate,
  AdminUserPatch,
  Language,
} from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { inviteMail } from '../../mail/templates.ts';
import { emailTaken, isUniqueViolation, sendQuietly } from '../accounts/accounts.service.ts';
import { insertPasswordReset } from '../accounts/password-resets.repository.ts';
import { revokeAllOfUser } from '../auth/refresh-tokens.repository.ts';
import { findClientById } from '../clients/clients.repository.ts';
import {
  findUserById,
  insertUser,
  listUsersOfClient,
  updateUser,
  type UserPatch,
} from '../users/users.repository.ts';
import { withClientAdmin } from './admin-access.ts';
import { listAudit, recordAudit } from './admin-audit.ts';
import { toAdminUser } from './admin-user-view.ts';

/** An invitation gives the new user a week to choose a password (a reset link: 1 hour). */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The inspector flag lives in the second permission group (spec 001 §6). */
function withInspector(groups: number[], on: boolean): number[] {
  const rest = groups.filter((g) => g !== PERMISSION_GROUP.INSPECTOR);
  return on ? [...rest, PERMISSION_GROUP.INSPECTOR] : rest;
}

async function requireClient(tx: Db, clientId: number) {
  const found = await findClientById(tx, clientId);
  if (!found) throw notFound('Client not found.');
  return found.client;
}

/** Staff rights are platform rights: only staff give or take them. */
function assertMayTouchStaff(me: AuthUser, body: { is_staff?: boolean | undefined }): void {
  if (body.is_staff !== undefined && !me.isStaff)
    throw forbidden('Only platform staff can change staff rights.');
}

export const listUsersOf = (deps: Deps, me: AuthUser, clientId: number): Promise<AdminUser[]> =>
  withClientAdmin(
    deps,
    me,
    clientId,
    async (tx) => {
      await requireClient(tx, clientId);
      return (await listUsersOfClient(tx, clientId)).map(({ user, client }) => toAdminUser(user, client));
    },
    { write: false },
  );

export const auditOf = (
  deps: Deps,
  me: AuthUser,
  clientId: number,
  page: AdminAuditQuery,
): Promise<AdminAuditResponse> =>
  withClientAdmin(
    deps,
    me,
    clientId,
    async (tx) => {
      await requireClient(tx, clientId);
      return listAudit(tx, clientId, page);
    },
    { write: false },
  );

export async function createUserOf(
  deps: Deps,
  me: AuthUser,
  clientId: number,
  body: AdminUserCreate,
): Promise<AdminUser> {
  assertMayTouchStaff(me, body);
  // Hashed before the transaction: a random secret nobody knows until the invitation sets a real one.
  const passwordHash = await hashPassword(randomToken());
  const secret = randomToken();
  const created = await withClientAdmin(
    deps,
    me,
    clientId,
    async (tx) => {
      const client = await requireClient(tx, clientId);
      const language: Language = LANGUAGE_BY_COUNTRY[client.country as 'US'] ?? 'en';
      const user = await insertUser(tx, {
        clientId,
        email: body.email,
        passwordHash,
        fullName: body.full_name,
        extension: body.extension || null,
        mobile: body.mobile || null,
        language,
        locale: LOCALE_BY_LANGUAGE[language],
        timeZone: DEFAULT_TIME_ZONE,
        country: client.country,
        permissionGroupTypeCode: body.permission_group_type_code,
        permissionGroupTypeCode2: withInspector([], body.is_inspector ?? false),
        isActive: body.is_active ?? true,
        isStaff: body.is_staff ?? false,
        twoFactorEnabled: body.two_factor_enabled ?? false,
      }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? emailTaken() : err;
      });
      await insertPasswordReset(tx, {
        id: sha256(secret),
        userId: user.id,
        clientId,
        expiresAt: new Date(Date.now() + INVITE_LIFETIME_MS),
      });
      await recordAudit(tx, {
        clientId,
        actorId: me.id,
        action: 'user.create',
        targetId: user.id,
        changes: body,
      });
      return { user, client, language };
    },
    { write: true },
  );
  const link = `${deps.config.publicUrl}/user/reset?id=${encodeURIComponent(secret)}`;
  const { user, client, language } = created;
  await sendQuietly(deps, inviteMail(language, user.email, user.fullName, client.name, link));
  return toAdminUser(user, client);
}

export async function updateUserById(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: AdminUserPatch,
): Promise<AdminUser> {
  assertMayTouchStaff(me, body);
  // A client administrator works in their own tenant, where another client's user does not exist (404).
  const scope = me.isStaff ? 0 : me.clientId;
  return withClientAdmin(
    deps,
    me,
    scope,
    async (tx) => {
      const found = await findUserById(tx, id);
      if (!found) throw notFound('User not found.');
      if (found.user.isStaff && !me.isStaff)
        throw forbidden('Only platform staff can change a staff account.');
      // Nobody locks themselves out: the own role and active flag are changed by another administrator.
      const touchesOwnAccess =
        body.permission_group_type_code !== undefined ||
        body.is_active !== undefined ||
        body.is_staff !== undefined;
      // A sign-up that waits is approved or rejected (registrations.service.ts), which mails the registrant.
      if (found.user.awaitingApproval && body.is_active === true)
        throw new AppError(409, 'AWAITING_APPROVAL', 'Approve or reject this registration first.');
      if (id === me.id && touchesOwnAccess)
        throw forbidden('You cannot change your own role or staff rights, or deactivate yourself.');
      const patch: UserPatch = {};
      if (body.full_name !== undefined) patch.fullName = body.full_name;
      if (body.extension !== undefined) patch.extension = body.extension || null;
      if (body.mobile !== undefined) patch.mobile = body.mobile || null;
      if (body.permission_group_type_code !== undefined)
        patch.permissionGroupTypeCode = body.permission_group_type_code;
      if (body.is_inspector !== undefined)
        patch.permissionGroupTypeCode2 = withInspector(
          found.user.permissionGroupTypeCode2,
          body.is_inspector,
        );
      if (body.is_active !== undefined) patch.isActive = body.is_active;
      if (body.is_staff !== undefined) patch.isStaff = body.is_staff;
      if (body.two_factor_enabled !== undefined) patch.twoFactorEnabled = body.two_factor_enabled;
      await updateUser(tx, id, patch);
      // A deactivated account loses its sessions at once, not when its refresh token expires.
      if (body.is_active === false) await revokeAllOfUser(tx, id);
      await recordAudit(tx, {
        clientId: found.user.clientId,
        actorId: me.id,
        action: 'user.update',
        targetId: id,
        changes: body,
      });
      const updated = await findUserById(tx, id);
      return toAdminUser(updated!.user, updated!.client);
    },
    { write: true },
  );
}
