// SQL of saved filters. Runs under withTenant: row-level security limits rows to the caller's client; every query
// here also names the user, as a saved filter is private to the user who saved it.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { savedFilters } from '../../db/schema-filters.ts';
import { snapshotGroups } from '../../db/schema-network.ts';

export type SavedFilterRow = typeof savedFilters.$inferSelect;

/** True when the snapshot group is visible to the caller (another client's group is not). */
export async function groupExists(tx: Db, groupId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: snapshotGroups.id })
    .from(snapshotGroups)
    .where(eq(snapshotGroups.id, groupId));
  return rows.length > 0;
}

export function listOwn(tx: Db, q: { userId: number; snapshotId: number; scenarioId?: number | undefined }) {
  return tx
    .select()
    .from(savedFilters)
    .where(
      and(
        eq(savedFilters.userId, q.userId),
        eq(savedFilters.snapshotId, q.snapshotId),
        q.scenarioId === undefined ? undefined : eq(savedFilters.jobPlannerScenarioId, q.scenarioId),
      ),
    )
    .orderBy(desc(savedFilters.createdAt), desc(savedFilters.id));
}

/** How many saved filters the user keeps (every snapshot group and scenario). */
export async function countOwn(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(savedFilters).where(eq(savedFilters.userId, userId));
  return row?.n ?? 0;
}

export async function findOwn(tx: Db, userId: number, id: number): Promise<SavedFilterRow | undefined> {
  const [row] = await tx
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)));
  return row;
}

export async function insert(tx: Db, values: typeof savedFilters.$inferInsert): Promise<SavedFilterRow> {
  const [row] = await tx.insert(savedFilters).values(values).returning();
  return row!;
}

export type SavedFilterChanges = Partial<
  Pick<SavedFilterRow, 'name' | 'filters' | 'lofType' | 'jobPlannerScenarioId'>
>;

export async function updateOwn(
  tx: Db,
  userId: number,
  id: number,
  changes: SavedFilterChanges,
): Promise<SavedFilterRow | undefined> {
  const [row] = await tx
    .update(savedFilters)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwn(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning({ id: savedFilters.id });
  return rows.length > 0;
}

/**
 * A planner scenario's filter set, by id whoever saved it: a scenario is shared by its client's users, and so is
 * the filter set saved into it (modules/planner). Row-level security still keeps it to the caller's client.
 */
export async function findShared(tx: Db, id: number): Promise<SavedFilterRow | undefined> {
  const [row] = await tx.select().from(savedFilters).where(eq(savedFilters.id, id));
  return row;
}

export async function updateShared(
  tx: Db,
  id: number,
  changes: SavedFilterChanges,
): Promise<SavedFilterRow | undefined> {
  const [row] = await tx
    .update(savedFilters)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(savedFilters.id, id))
    .returning();
  return row;
}
