import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { forgetSessions } from './ended-sessions.ts';
import { refreshTokens, type RefreshTokenRow } from '../../db/schema.ts';

export async function insertRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** Row-locked so two concurrent refreshes of one token cannot both succeed. */
export async function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const rows = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return rows[0];
}

export async function markRefreshTokenUsed(db: Db, id: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  forgetSessions(familyId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whether a session was ended (logout, reuse, a new password or factor): its access tokens end with it. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function revokeAllOfUser(
  db: Db,
  userId: number,
  keepFamilyId: string | null = null,
): Promise<void> {
  forgetSessions();
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === null ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}

/** Housekeeping: expired or revoked tokens are useless after a day (kept that long for reuse detection). */
export async function purgeRefreshTokens(db: Db): Promise<number> {
  const rows = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, sql`now() - interval '1 day'`),
        lt(refreshTokens.revokedAt, sql`now() - interval '1 day'`),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length;
}
