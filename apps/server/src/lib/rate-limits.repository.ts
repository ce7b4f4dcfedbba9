// Hit counts of the login throttle and the per-route limits, in the database (issue 18) so that every API process
// counts the same hits. Times come from the database's clock: processes on several hosts agree on one.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

export interface HitCount {
  hits: number;
  /** Milliseconds until the window of this key ends. */
  ttlMs: number;
}

const asCount = (row: Record<string, unknown> | undefined): HitCount => ({
  hits: Number(row?.['hits'] ?? 0),
  ttlMs: Math.max(0, Math.ceil(Number(row?.['ttl_ms'] ?? 0))),
});

/** Counts one hit: a key whose window has ended starts a new window of `windowMs` with this hit. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, extract(epoch FROM reset_at - now()) * 1000 AS ttl_ms`);
  return asCount(result.rows[0]);
}

/** The hits of the current window (none once it has ended), without counting one. */
export async function readHits(db: Db, key: string): Promise<HitCount> {
  const result = await db.execute(sql`
    SELECT hits, extract(epoch FROM reset_at - now()) * 1000 AS ttl_ms
    FROM rate_limits WHERE key = ${key} AND reset_at > now()`);
  return asCount(result.rows[0]);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Housekeeping: windows that have ended count nothing. */
export async function purgeRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`DELETE FROM rate_limits WHERE reset_at <= now() RETURNING key`);
  return result.rows.length;
}
