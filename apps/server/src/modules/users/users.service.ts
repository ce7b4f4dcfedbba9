// The caller's own account and the users of their client (spec 000 §3, §6, §7).
import { hasRole as roleAllows, isValidZipCode, PERMISSION_GROUP } from '@pipewise/domain';
import type { LanguageTimezone, LanguageTimezoneUpdate, User, UserInformationPatch } from '@pipewise/domain';
import { withSystem, withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { findClientById } from '../clients/clients.repository.ts';
import { toApiUser, unitsOf } from './user-view.ts';
import {
  findUserById,
  listUsersOfClient,
  updateUser,
  type UserPatch,
  type UserWithClient,
} from './users.repository.ts';

const tenant = <T>(deps: Deps, me: AuthUser, fn: (tx: Db) => Promise<T>) =>
  withTenant(deps.database.db, me.clientId, fn);

async function loadSelf(tx: Db, me: AuthUser): Promise<UserWithClient> {
  const found = await findUserById(tx, me.id);
  if (!found) throw notFound('User not found.');
  return found;
}

export const getMe = (deps: Deps, me: AuthUser): Promise<User> =>
  tenant(deps, me, async (tx) => {
    const { user, client } = await loadSelf(tx, me);
    return toApiUser(user, client, me.expiresAt);
  });

async function patchSelf(deps: Deps, me: AuthUser, patch: UserPatch): Promise<UserWithClient> {
  return tenant(deps, me, async (tx) => {
    await updateUser(tx, me.id, patch);
    return loadSelf(tx, me);
  });
}

export async function updateInformation(deps: Deps, me: AuthUser, body: UserInformationPatch): Promise<User> {
  assertNotDemo(me);
  const patch: UserPatch = {};
  if (body.full_name !== undefined) patch.fullName = body.full_name;
  // An emptied optional field is stored as null.
  if (body.phone !== undefined) patch.phone = body.phone || null;
  if (body.zip_code !== undefined) patch.zipCode = body.zip_code || null;
  if (body.country !== undefined) patch.country = body.country;
  if (body.zip_code && body.country === undefined) {
    const { user } = await tenant(deps, me, (tx) => loadSelf(tx, me));
    if (!isValidZipCode(body.zip_code, user.country)) {
      throw fieldError(
        'VALIDATION',
        `This zip code does not fit the country ${user.country}.`,
        'zip_code',
        'zip_code',
      );
    }
  }
  const { user, client } = await patchSelf(deps, me, patch);
  return toApiUser(user, client, me.expiresAt);
}

function languageTimezoneOf({ user, client }: UserWithClient): LanguageTimezone {
  const units = unitsOf(user, client);
  return { time_zone: user.timeZone, locale: user.locale, language: units.language, units };
}

export const getLanguageTimezone = (deps: Deps, me: AuthUser): Promise<LanguageTimezone> =>
  tenant(deps, me, async (tx) => languageTimezoneOf(await loadSelf(tx, me)));

export async function updateLanguageTimezone(
  deps: Deps,
  me: AuthUser,
  body: LanguageTimezoneUpdate,
): Promise<LanguageTimezone> {
  const patch: UserPatch = { timeZone: body.time_zone, locale: body.locale, language: body.language };
  if (body.units) patch.units = body.units;
  return languageTimezoneOf(await patchSelf(deps, me, patch));
}

export const getReceiveEmails = (deps: Deps, me: AuthUser) =>
  tenant(deps, me, async (tx) => ({ receive_emails: (await loadSelf(tx, me)).user.receiveEmails }));

export async function setReceiveEmails(deps: Deps, me: AuthUser, value: boolean) {
  assertNotDemo(me);
  const { user } = await patchSelf(deps, me, { receiveEmails: value });
  return { receive_emails: user.receiveEmails };
}

export async function setApplicationSettings(deps: Deps, me: AuthUser, grid: boolean) {
  assertNotDemo(me);
  const { user } = await patchSelf(deps, me, { settingsGrid: grid });
  return { grid: user.settingsGrid };
}

export async function changePassword(deps: Deps, me: AuthUser, current: string, next: string): Promise<void> {
  assertNotDemo(me);
  const { user } = await tenant(deps, me, (tx) => loadSelf(tx, me));
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw fieldError(
      'WRONG_PASSWORD',
      'The current password is incorrect.',
      'current_password',
      'wrong_password',
    );
  }
  const passwordHash = await hashPassword(next);
  await tenant(deps, me, (tx) => updateUser(tx, me.id, { passwordHash }));
}

export async function listClientUsers(deps: Deps, me: AuthUser): Promise<User[]> {
  // Spec 000 §6 role check (domain reading of ROLE-06: SUPERADMIN ranks as ADMINISTRATOR); staff always pass.
  if (!me.isStaff && !roleAllows(me.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR))
    throw forbidden('Only administrators can list users.');
  const rows = await tenant(deps, me, (tx) => listUsersOfClient(tx, me.clientId));
  return rows.map(({ user, client }) => toApiUser(user, client));
}

/** Another client's user is invisible under RLS, so it is a 404 like an unknown id. */
export async function getUser(deps: Deps, me: AuthUser, id: number): Promise<User> {
  const found = await tenant(deps, me, (tx) => findUserById(tx, id));
  if (!found) throw notFound('User not found.');
  return toApiUser(found.user, found.client, found.user.id === me.id ? me.expiresAt : null);
}

/** Spec 000 §6: staff switch their own client. Runs in the system context: the target is another tenant. */
export async function setClient(deps: Deps, me: AuthUser, userId: number, clientId: number): Promise<User> {
  if (!me.isStaff) throw forbidden('Only platform staff can switch client.');
  if (userId !== me.id) throw forbidden('Staff can only switch their own client.');
  return withSystem(deps.database.db, async (tx) => {
    if (!(await findClientById(tx, clientId))) throw notFound('Client not found.');
    await updateUser(tx, me.id, { clientId });
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    return toApiUser(found.user, found.client, me.expiresAt);
  });
}
