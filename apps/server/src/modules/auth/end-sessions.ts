// What a new password ends (issue 18), by reset link or from the settings page: every refresh token of the
// account, every access token issued before (the token version in them no longer matches: plugins/auth.ts) and
// every other reset link still unused. Runs in the caller's transaction, system or the user's own tenant.
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { usePasswordResetsOf } from '../accounts/password-resets.repository.ts';
import { raiseTokenVersion } from '../users/users.repository.ts';
import { revokeAllOfUser } from './refresh-tokens.repository.ts';

/** Returns the user row with its new token version, to issue the caller a fresh pair if it should keep one. */
export async function endSessionsAndResets(tx: Db, userId: number): Promise<UserRow | undefined> {
  await revokeAllOfUser(tx, userId);
  await usePasswordResetsOf(tx, userId);
  return raiseTokenVersion(tx, userId);
}
