// The signed-in user's own two-step sign-in setting (issue 17). Administrators set it for others through
// PATCH /api/admin/users/{id} (two_factor_enabled) and for the whole client through PUT /api/clientinfoentity.
import type { TwoFactorSetting, TwoFactorSettingPatch } from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, notFound } from '../../lib/errors.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';

export const twoFactorSettingOf = (deps: Deps, me: AuthUser): Promise<TwoFactorSetting> =>
  withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findUserById(tx, me.id);
    if (!found) throw notFound('User not found.');
    return { enabled: found.user.twoFactorEnabled, required_by_client: found.client.requireTwoFactor };
  });

export async function setTwoFactor(
  deps: Deps,
  me: AuthUser,
  body: TwoFactorSettingPatch,
): Promise<TwoFactorSetting> {
  assertNotDemo(me);
  await withTenant(deps.database.db, me.clientId, (tx) =>
    updateUser(tx, me.id, { twoFactorEnabled: body.enabled }),
  );
  return twoFactorSettingOf(deps, me);
}
