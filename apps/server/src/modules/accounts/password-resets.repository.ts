import { and, eq, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResets } from '../../db/schema.ts';

export async function insertPasswordReset(db: Db, row: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(row);
}

export async function findPasswordResetForUpdate(db: Db, id: string) {
  const rows = await db.select().from(passwordResets).where(eq(passwordResets.id, id)).for('update');
  return rows[0];
}

/** Every unused link of the user, the one just used included: only the newest password counts. */
export async function usePasswordResetsOf(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function purgePasswordResets(db: Db): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, sql`now()`), isNotNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length;
}
