// Login, refresh rotation with reuse detection, logout (docs/api-accounts.md).
import { SESSION } from '@pipewise/domain';
import type { TokenPair } from '@pipewise/domain';
import { withSystem, type Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { clientAllowsLogin } from '../clients/client-view.ts';
import { findUserByEmail, findUserById, touchLastLogin } from '../users/users.repository.ts';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './refresh-tokens.repository.ts';

const accountInactive = () =>
  new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive. Please contact your administrator.');

export async function login(deps: Deps, email: string, password: string): Promise<TokenPair> {
  const found = await withSystem(deps.database.db, (tx) => findUserByEmail(tx, email));
  // Verify against a dummy hash when the user is unknown, so timing does not reveal which e-mails exist.
  const ok = await verifyPassword(found?.user.passwordHash ?? (await dummyPasswordHash()), password);
  if (!found || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password.');
  if (!found.user.isActive || !clientAllowsLogin(found.client)) throw accountInactive();
  return withSystem(deps.database.db, async (tx) => {
    await touchLastLogin(tx, found.user.id);
    return issuePair(deps, tx, found.user, randomToken(16));
  });
}

async function issuePair(deps: Deps, tx: Db, user: UserRow, familyId: string): Promise<TokenPair> {
  const refresh = randomToken();
  await insertRefreshToken(tx, {
    tokenHash: sha256(refresh),
    familyId,
    userId: user.id,
    clientId: user.clientId,
    // Sliding session: each refresh token lives one session length from its issue.
    expiresAt: new Date(Date.now() + SESSION.lengthSeconds * 1000),
  });
  return { access: await deps.tokens.sign(user.id, user.clientId), refresh };
}

type RefreshOutcome = { pair: TokenPair } | { error: AppError };

export async function refresh(deps: Deps, token: string): Promise<TokenPair> {
  // The family revocation on reuse must commit, so errors are returned from the transaction, then thrown.
  const outcome = await withSystem(deps.database.db, async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(tx, sha256(token));
    if (!row) return { error: unauthorized('Invalid refresh token.', 'REFRESH_INVALID') };
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId);
      return {
        error: unauthorized(
          'This session was ended for your security. Please log in again.',
          'REFRESH_REUSED',
        ),
      };
    }
    if (row.revokedAt) return { error: unauthorized('Invalid refresh token.', 'REFRESH_INVALID') };
    if (row.expiresAt <= new Date())
      return { error: unauthorized('Your session has expired.', 'REFRESH_EXPIRED') };
    const found = await findUserById(tx, row.userId);
    if (!found || !found.user.isActive || !clientAllowsLogin(found.client)) {
      await revokeFamily(tx, row.familyId);
      return { error: accountInactive() };
    }
    await markRefreshTokenUsed(tx, row.id);
    return { pair: await issuePair(deps, tx, found.user, row.familyId) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.pair;
}

/** Logout: revokes the whole family; unknown tokens are ignored (204 either way). */
export async function revoke(deps: Deps, token: string): Promise<void> {
  await withSystem(deps.database.db, async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, sha256(token));
    if (row) await revokeFamily(tx, row.familyId);
  });
}
