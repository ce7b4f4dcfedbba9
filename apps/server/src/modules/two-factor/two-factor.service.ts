// Two-step sign-in with a code sent by e-mail (issue 17, spec 001 §7 send_2fa and check_identity; docs/api-accounts.md
// "Two-step sign-in"). A user signs in with a code when they turned it on or their client requires it. The code is
// stored as an HMAC keyed by the challenge token, which is itself stored only as a sha256: a database leak gives
// neither. Six digits are safe only with few tries, so a challenge dies after TWO_FACTOR.maxAttempts wrong codes.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR } from '@pipewise/domain';
import type { TokenPair, TwoFactorChallenge } from '@pipewise/domain';
import { withSystem, type Db } from '../../db/database.ts';
import type { ClientRow, TwoFactorChallengeRow, UserRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { FailureThrottle, throttledError } from '../../lib/failure-throttle.ts';
import { AppError } from '../../lib/errors.ts';
import { sendQuietly } from '../accounts/accounts.service.ts';
import { issuePair } from '../auth/auth.service.ts';
import { clientAllowsLogin } from '../clients/client-view.ts';
import { languageOf } from '../users/user-view.ts';
import { findUserById, touchLastLogin } from '../users/users.repository.ts';
import { twoFactorCodeMail } from './two-factor-mail.ts';
import {
  endChallengesOf,
  findChallengeForUpdate,
  insertChallenge,
  updateChallenge,
} from './two-factor.repository.ts';

/** 'login' answers tokens (check_identity); 'disable' confirms turning the code off. */
export type ChallengePurpose = 'login' | 'disable';

/** Demo accounts are shared by everyone who opens the demo: a code mailed to one address would lock the rest out. */
export const needsTwoFactor = (user: UserRow, client: ClientRow): boolean =>
  !user.isDemo && (user.twoFactorEnabled || client.requireTwoFactor);

const newCode = (): string =>
  String(randomInt(0, 10 ** TWO_FACTOR.codeLength)).padStart(TWO_FACTOR.codeLength, '0');
const codeHash = (challenge: string, code: string): string =>
  createHmac('sha256', challenge).update(code).digest('hex');
const expiryFrom = (now: Date) => new Date(now.getTime() + TWO_FACTOR.lifetimeSeconds * 1000);

/** j•••@example.com: enough for the user to know which inbox, little for someone who guessed the password. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

const expired = () =>
  new AppError(401, 'TWO_FACTOR_EXPIRED', 'This sign-in step has expired. Please log in again.');
const disableExpired = () =>
  new AppError(401, 'TWO_FACTOR_EXPIRED', 'This code has expired or was used. Please ask for a new one.');

function codeMail(user: UserRow, code: string) {
  return twoFactorCodeMail(
    languageOf(user),
    user.email,
    user.fullName,
    code,
    TWO_FACTOR.lifetimeSeconds / 60,
  );
}

/**
 * Called by login after the password was right: a challenge and its first code instead of tokens. Also by turning
 * the code off (purpose 'disable', issue 37), whose challenge never opens a session.
 */
export async function startChallenge(
  deps: Deps,
  user: UserRow,
  purpose: ChallengePurpose = 'login',
): Promise<TwoFactorChallenge> {
  const challenge = randomToken();
  const code = newCode();
  const now = new Date();
  await withSystem(deps.database.db, async (tx) => {
    await endChallengesOf(tx, user.id);
    await insertChallenge(tx, {
      id: sha256(challenge),
      userId: user.id,
      clientId: user.clientId,
      codeHash: codeHash(challenge, code),
      purpose,
      sends: 1,
      lastSentAt: now,
      expiresAt: expiryFrom(now),
    });
  });
  await sendQuietly(deps, codeMail(user, code));
  return {
    challenge,
    two_factor_required: true,
    sent_to: maskEmail(user.email),
    expires_at: expiryFrom(now).toISOString(),
  };
}

type Outcome<T> = { value: T } | { error: AppError };
const unwrap = <T>(outcome: Outcome<T>): T => {
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
};

/** send_2fa: a new code for a live challenge; the old code stops working and the tries start again. */
export async function resendCode(deps: Deps, challenge: string): Promise<TwoFactorChallenge> {
  const code = newCode();
  const now = new Date();
  const sent = unwrap(
    await withSystem(deps.database.db, async (tx): Promise<Outcome<UserRow>> => {
      const row = await findChallengeForUpdate(tx, sha256(challenge));
      if (!row || row.usedAt || row.expiresAt <= now) return { error: expired() };
      const waitMs = (row.lastSentAt?.getTime() ?? 0) + TWO_FACTOR.resendAfterSeconds * 1000 - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        return {
          error: new AppError(
            429,
            'RATE_LIMITED',
            `Please wait ${seconds} seconds before asking for another code.`,
          ),
        };
      }
      if (row.sends >= TWO_FACTOR.maxSends)
        return {
          error: new AppError(429, 'RATE_LIMITED', 'No more codes can be sent. Please log in again.'),
        };
      const found = await findUserById(tx, row.userId);
      if (!found) return { error: expired() };
      await updateChallenge(tx, row.id, {
        codeHash: codeHash(challenge, code),
        attempts: 0,
        sends: row.sends + 1,
        lastSentAt: now,
        expiresAt: expiryFrom(now),
      });
      return { value: found.user };
    }),
  );
  await sendQuietly(deps, codeMail(sent, code));
  return {
    challenge,
    two_factor_required: true,
    sent_to: maskEmail(sent.email),
    expires_at: expiryFrom(now).toISOString(),
  };
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Wrong codes are limited per account and, as a backstop, per address — failures only (issue 37: the per-address
 * limit counted successes, and users behind one office address got 429 with the right code). Each challenge also
 * ends after TWO_FACTOR.maxAttempts wrong codes.
 */
export const TWO_FACTOR_FAILURES = {
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  perIp: { max: 30, windowMs: 15 * 60 * 1000 },
};

/**
 * One try of a code: the right one ends the challenge; a wrong one counts, and the last allowed wrong one ends the
 * challenge. Run inside the caller's transaction, errors returned (not thrown) so the counts commit with it.
 */
async function tryCode(
  tx: Db,
  challenge: string,
  code: string,
  ip: string,
  purpose: ChallengePurpose,
  userId?: number,
): Promise<Outcome<TwoFactorChallengeRow>> {
  const now = new Date();
  const gone = purpose === 'login' ? expired() : disableExpired();
  const perAccount = new FailureThrottle(tx, TWO_FACTOR_FAILURES.perAccount);
  const perIp = new FailureThrottle(tx, TWO_FACTOR_FAILURES.perIp);
  const row = await findChallengeForUpdate(tx, sha256(challenge));
  // A challenge of the other purpose is as unknown: turning the code off never signs anyone in, nor the reverse.
  // Another user's challenge (turning the code off) is as unknown too, and not used up by the try.
  const foreign = userId !== undefined && row?.userId !== userId;
  if (!row || foreign || row.purpose !== purpose || row.usedAt || row.expiresAt <= now || !row.codeHash)
    return { error: gone };
  const accountKey = `2fa|${row.userId}`;
  const ipKey = `2fa-ip|${ip}`;
  const throttled = await throttledError(
    [
      [perAccount, accountKey],
      [perIp, ipKey],
    ],
    (minutes) => `Too many codes tried. Please wait ${minutes} minutes and try again.`,
  );
  if (throttled) return { error: throttled };
  if (!sameHash(row.codeHash, codeHash(challenge, code))) {
    await perAccount.fail(accountKey);
    await perIp.fail(ipKey);
    const attempts = row.attempts + 1;
    const left = TWO_FACTOR.maxAttempts - attempts;
    await updateChallenge(tx, row.id, left <= 0 ? { attempts, usedAt: now } : { attempts });
    if (left <= 0) {
      const again = purpose === 'login' ? 'Please log in again.' : 'Please ask for a new code.';
      return { error: new AppError(401, 'TWO_FACTOR_EXPIRED', `Too many wrong codes. ${again}`) };
    }
    return { error: new AppError(401, 'TWO_FACTOR_INVALID', `The code is not correct. ${left} tries left.`) };
  }
  await perAccount.succeed(accountKey);
  await updateChallenge(tx, row.id, { usedAt: now });
  return { value: row };
}

/** check_identity: the right code ends the challenge and opens a session, as a login does. */
export async function checkIdentity(
  deps: Deps,
  challenge: string,
  code: string,
  ip = 'unknown',
): Promise<TokenPair> {
  return unwrap(
    await withSystem(deps.database.db, async (tx): Promise<Outcome<TokenPair>> => {
      const tried = await tryCode(tx, challenge, code, ip, 'login');
      if ('error' in tried) return tried;
      const found = await findUserById(tx, tried.value.userId);
      // Deactivated while the mail was on its way: the code no longer opens anything.
      if (!found || !found.user.isActive || !clientAllowsLogin(found.client))
        return {
          error: new AppError(
            403,
            'ACCOUNT_INACTIVE',
            'This account is inactive. Please contact your administrator.',
          ),
        };
      await touchLastLogin(tx, found.user.id);
      return { value: await issuePair(deps, tx, found.user, randomToken(16)) };
    }),
  );
}

/** Turning the code off (issue 37): the code mailed for `challenge` must be right, and the challenge this user's. */
export async function confirmDisableCode(
  deps: Deps,
  userId: number,
  challenge: string,
  code: string,
  ip: string,
): Promise<void> {
  unwrap(
    await withSystem(deps.database.db, async (tx): Promise<Outcome<null>> => {
      const tried = await tryCode(tx, challenge, code, ip, 'disable', userId);
      return 'error' in tried ? tried : { value: null };
    }),
  );
}
