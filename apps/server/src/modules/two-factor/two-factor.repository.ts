// SQL of the pending second steps of logins (table two_factor_challenges). Login runs in the system context.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { twoFactorChallenges, type TwoFactorChallengeRow } from '../../db/schema.ts';

export type NewChallenge = typeof twoFactorChallenges.$inferInsert;

export async function insertChallenge(db: Db, row: NewChallenge): Promise<void> {
  await db.insert(twoFactorChallenges).values(row);
}

/** Locked: two tries of one code at once must count as two. */
export async function findChallengeForUpdate(db: Db, id: string): Promise<TwoFactorChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .for('update');
  return rows[0];
}

export async function updateChallenge(
  db: Db,
  id: string,
  patch: Partial<Omit<NewChallenge, 'id' | 'userId' | 'clientId'>>,
): Promise<void> {
  await db.update(twoFactorChallenges).set(patch).where(eq(twoFactorChallenges.id, id));
}

/** A new login of the user ends their older pending challenges: only the newest code works. */
export async function endChallengesOf(db: Db, userId: number): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(sql`${twoFactorChallenges.userId} = ${userId} AND ${twoFactorChallenges.usedAt} IS NULL`);
}
