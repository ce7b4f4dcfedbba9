// Throttling by FAILED attempts (docs/api-accounts.md): the login (10 per 15 min per IP + e-mail, and per IP over
// every e-mail against password spraying) and the current-password check of PUT /api/user/password. Counting only
// failures is the point: someone who logs in from several tabs or devices is never locked out, while guessing
// stops after `max` misses; a success clears its own key. The counts live in the database (issue 18), so several
// API processes share them.
import type { Db } from '../db/database.ts';
import { AppError } from './errors.ts';
import { clearHits, countHit, readHits } from './rate-limits.repository.ts';

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export class FailureThrottle {
  constructor(
    private readonly db: Db,
    readonly rule: ThrottleRule,
  ) {}

  /** Milliseconds until this key may try again; 0 when it may try now. */
  async blockedFor(key: string): Promise<number> {
    const { hits, ttlMs } = await readHits(this.db, key);
    return hits >= this.rule.max ? Math.max(ttlMs, 1) : 0;
  }

  async fail(key: string): Promise<void> {
    await countHit(this.db, key, this.rule.windowMs);
  }

  async succeed(key: string): Promise<void> {
    await clearHits(this.db, key);
  }
}

/** The 429 to answer when any of the keys is blocked, naming the longest wait in minutes; null when none is. */
export async function throttledError(
  checks: [FailureThrottle, string][],
  message: (minutes: number) => string,
): Promise<AppError | null> {
  const waits = [];
  // One after the other: the throttles may share one transaction's connection.
  for (const [throttle, key] of checks) waits.push(await throttle.blockedFor(key));
  const waitMs = Math.max(0, ...waits);
  return waitMs > 0
    ? new AppError(429, 'RATE_LIMITED', message(Math.max(1, Math.ceil(waitMs / 60_000))))
    : null;
}

/** Throws throttledError's 429 when any of the keys is blocked. */
export async function assertNotThrottled(
  checks: [FailureThrottle, string][],
  message: (minutes: number) => string,
): Promise<void> {
  const error = await throttledError(checks, message);
  if (error) throw error;
}
