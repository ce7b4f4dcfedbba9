// The signed-in user's own two-step sign-in setting (issue 17). Administrators set it for others through
// PATCH /api/admin/users/{id} (two_factor_enabled) and for the whole client through PUT /api/clientinfoentity.
import type { TwoFactorChallenge, TwoFactorSetting, TwoFactorSettingPatch } from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, notFound } from '../../lib/errors.ts';
import { revokeAllOfUser } from '../auth/refresh-tokens.repository.ts';
import { confirmPassword } from '../users/users.service.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';
import { confirmDisableCode, startChallenge } from './two-factor.service.ts';

export const twoFactorSettingOf = (deps: Deps, me: AuthUser): Promise<TwoFactorSetting> =>
  withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    return { enabled: found.user.twoFactorEnabled, required_by_client: found.client.requireTwoFactor };
  });

/**
 * Issue 37: turning the code off asks for the password and a code mailed for it (an access token alone switched it
 * off, even one issued before it was turned on): without `code` the answer is a challenge and the mail; with the
 * challenge and its code the setting changes. Turning it on ends the account's other sessions, which signed in
 * without a code.
 */
export async function setTwoFactor(
  deps: Deps,
  me: AuthUser,
  body: TwoFactorSettingPatch,
  ip = 'unknown',
): Promise<TwoFactorSetting | TwoFactorChallenge> {
  assertNotDemo(me);
  if (!body.enabled) {
    if (!body.password)
      throw fieldError(
        'VALIDATION',
        'Enter your password to turn two-step sign-in off.',
        'password',
        'required',
      );
    await confirmPassword(deps, me, body.password, 'password');
    const found = await withTenant(deps.database.db, me.clientId, (tx) => findUserById(tx, me.id));
    if (!found) throw notFound('User not found.');
    if (found.user.twoFactorEnabled) {
      if (!body.challenge || !body.code) return startChallenge(deps, found.user, 'disable');
      await confirmDisableCode(deps, me.id, body.challenge, body.code, ip);
    }
  }
  await withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    await updateUser(tx, me.id, { twoFactorEnabled: body.enabled });
    if (body.enabled && !found.user.twoFactorEnabled) await revokeAllOfUser(tx, me.id, me.sessionId ?? null);
  });
  return twoFactorSettingOf(deps, me);
}
