// The caller's own account and the users of their client (spec 000 §3, §6, §7).
import { hasRole as roleAllows, isValidZipCode, PERMISSION_GROUP } from '@pipewise/domain';
import type {
  Colleague,
  LanguageTimezone,
  LanguageTimezoneUpdate,
  TokenPair,
  User,
  UserInformationPatch,
} from '@pipewise/domain';
import { withSystem, withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { assertNotThrottled, FailureThrottle } from '../../lib/failure-throttle.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { issuePair } from '../auth/auth.service.ts';
import { endSessionsAndResets } from '../auth/end-sessions.ts';
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
  // The demo guest is one account shared by every visitor: one visitor's choice would become everyone's.
  assertNotDemo(me);
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

/** Issue 18: guesses at the current password are limited like logins (5 misses per 15 min per account). */
export const PASSWORD_CHECK_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

/**
 * The signed-in user's password asked again before a change of their security (a new password, two-step sign-in
 * off): a stolen access token alone cannot make it. Wrong guesses are limited like logins; `field` names the form's.
 */
export async function confirmPassword(
  deps: Deps,
  me: AuthUser,
  password: string,
  field: string,
): Promise<void> {
  const throttle = new FailureThrottle(deps.database.db, PASSWORD_CHECK_LIMIT);
  const key = `password-check|${me.id}`;
  await assertNotThrottled(
    [[throttle, key]],
    (minutes) => `Too many wrong passwords. Please wait ${minutes} minutes and try again.`,
  );
  const { user } = await tenant(deps, me, (tx) => loadSelf(tx, me));
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.fail(key);
    throw fieldError('WRONG_PASSWORD', 'The current password is incorrect.', field, 'wrong_password');
  }
  await throttle.succeed(key);
}

/**
 * A new password ends every session of the account (refresh tokens, access tokens issued before, unused reset
 * links: issue 18); the caller gets a fresh pair so that this tab carries on.
 */
export async function changePassword(
  deps: Deps,
  me: AuthUser,
  current: string,
  next: string,
): Promise<TokenPair> {
  assertNotDemo(me);
  await confirmPassword(deps, me, current, 'current_password');
  const passwordHash = await hashPassword(next);
  return tenant(deps, me, async (tx) => {
    await updateUser(tx, me.id, { passwordHash });
    const updated = await endSessionsAndResets(tx, me.id);
    if (!updated) throw notFound('User not found.');
    return issuePair(deps, tx, updated, randomToken(16));
  });
}

export async function listClientUsers(deps: Deps, me: AuthUser): Promise<User[]> {
  // Spec 000 §6 role check (domain reading of ROLE-06: SUPERADMIN ranks as ADMINISTRATOR); staff always pass.
  if (!isAdministrator(me)) throw forbidden('Only administrators can list users.');
  const rows = await tenant(deps, me, (tx) => listUsersOfClient(tx, me.clientId));
  return rows.map(({ user, client }) => toApiUser(user, client));
}

const isAdministrator = (me: AuthUser) =>
  me.isStaff || roleAllows(me.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR);

/**
 * Another client's user is invisible under RLS, so it is a 404 like an unknown id. Oneself and administrators
 * get the full User; anyone else only the colleague's name (issue 18).
 */
export async function getUser(deps: Deps, me: AuthUser, id: number): Promise<User | Colleague> {
  const found = await tenant(deps, me, (tx) => findUserById(tx, id));
  if (!found) throw notFound('User not found.');
  const self = found.user.id === me.id;
  if (!self && !isAdministrator(me)) return { id: found.user.id, full_name: found.user.fullName };
  return toApiUser(found.user, found.client, self ? me.expiresAt : null);
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
