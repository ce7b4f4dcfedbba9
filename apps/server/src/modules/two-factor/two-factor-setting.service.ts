// The signed-in user's own two-step sign-in setting (issue 17). Administrators set it for others through
// PATCH /api/admin/users/{id} (two_factor_enabled) and for the whole client through PUT /api/clientinfoentity.
import type { TwoFactorSetting, TwoFactorSettingPatch } from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, notFound } from '../../lib/errors.ts';
import { revokeAllOfUser } from '../auth/refresh-tokens.repository.ts';
import { confirmPassword } from '../users/users.service.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';

export const twoFactorSettingOf = (deps: Deps, me: AuthUser): Promise<TwoFactorSetting> =>
  withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    return { enabled: found.user.twoFactorEnabled, required_by_client: found.client.requireTwoFactor };
  });

/**
 * Issue 37: turning the code off asks for the password (an access token alone switched it off, even one issued
 * before it was turned on); turning it on ends the account's other sessions, which signed in without a code.
 */
export async function setTwoFactor(
  deps: Deps,
  me: AuthUser,
  body: TwoFactorSettingPatch,
): Promise<TwoFactorSetting> {
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
  }
  await withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    await updateUser(tx, me.id, { twoFactorEnabled: body.enabled });
    if (body.enabled && !found.user.twoFactorEnabled) await revokeAllOfUser(tx, me.id, me.sessionId ?? null);
  });
  return twoFactorSettingOf(deps, me);
}
