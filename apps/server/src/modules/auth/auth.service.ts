// Login, refresh rotation with reuse detection, logout (docs/api-accounts.md).
import { SESSION } from '@pipewise/domain';
import type { TokenPair, TwoFactorChallenge } from '@pipewise/domain';
import { withSystem, type Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { clientAllowsLogin } from '../clients/client-view.ts';
import { needsTwoFactor, startChallenge } from '../two-factor/two-factor.service.ts';
import { findUserByEmail, findUserById, touchLastLogin } from '../users/users.repository.ts';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './refresh-tokens.repository.ts';

const accountInactive = () =>
  new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive. Please contact your administrator.');

export async function login(
  deps: Deps,
  email: string,
  password: string,
): Promise<TokenPair | TwoFactorChallenge> {
  const found = await withSystem(deps.database.db, (tx) => findUserByEmail(tx, email));
  // Verify against a dummy hash when the user is unknown, so timing does not reveal which e-mails exist.
  const ok = await verifyPassword(found?.user.passwordHash ?? (await dummyPasswordHash()), password);
  // A service account (issue 42) never signs in with a password: answered as a wrong one, so its address says
  // nothing (its password hash verifies nothing anyway).
  if (!found || !ok || found.user.serviceAccount)
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password.');
  // Told only to whoever knows the password: the sign-up waits for an administrator (issue 37).
  if (found.user.awaitingApproval)
    throw new AppError(
      403,
      'ACCOUNT_PENDING',
      "Your registration is waiting for your organisation's administrator to approve it. You will get an e-mail when it is approved.",
    );
  if (!found.user.isActive || !clientAllowsLogin(found.client)) throw accountInactive();
  // Issue 17: a code by e-mail first; POST /api/check_identity gives the tokens (modules/two-factor).
  if (needsTwoFactor(found.user, found.client)) return startChallenge(deps, found.user);
  return withSystem(deps.database.db, async (tx) => {
    await touchLastLogin(tx, found.user.id);
    return issuePair(deps, tx, found.user, randomToken(16));
  });
}

/** A new session (token family) or the next pair of one; the access token carries the user's token version. */
export async function issuePair(deps: Deps, tx: Db, user: UserRow, familyId: string): Promise<TokenPair> {
  const refresh = randomToken();
  await insertRefreshToken(tx, {
    tokenHash: sha256(refresh),
    familyId,
    userId: user.id,
    clientId: user.clientId,
    // Sliding session: each refresh token lives one session length from its issue.
    expiresAt: new Date(Date.now() + SESSION.lengthSeconds * 1000),
  });
  const access = await deps.tokens.sign(user.id, user.clientId, Date.now(), user.tokenVersion, familyId);
  return { access, refresh };
}

type RefreshOutcome = { pair: TokenPair } | { error: AppError };

/**
 * A used refresh token presented again within this many seconds of its use is a lost answer, not a theft: the
 * page asked for a refresh and was reloaded (or its connection dropped) before it could store the new pair, so
 * it sends the old one again. Revoking the family then would log a user out for reloading at the wrong moment —
 * seen in the e2e stories whenever a busy server made the refresh slow. Within the grace the same family gets a
 * new pair; after it, reuse still revokes the family (the usual "reuse interval" of token services).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

const withinGrace = (usedAt: Date) => Date.now() - usedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;

export async function refresh(deps: Deps, token: string): Promise<TokenPair> {
  // The family revocation on reuse must commit, so errors are returned from the transaction, then thrown.
  const outcome = await withSystem(deps.database.db, async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(tx, sha256(token));
    if (!row) return { error: unauthorized('Invalid refresh token.', 'REFRESH_INVALID') };
    if (row.usedAt && (row.revokedAt || !withinGrace(row.usedAt))) {
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
    // A repeat within the grace keeps its first use time, so the grace never slides.
    if (!row.usedAt) await markRefreshTokenUsed(tx, row.id);
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
