// SQL of planner scenarios. Runs under withTenant: row-level security limits rows to the caller's client; a
// scenario is shared by the client's users, so nothing here narrows to a user.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobPlannerScenarios, type ScenarioRow } from '../../db/schema-planner.ts';

export type { ScenarioRow };

export function listOfGroup(tx: Db, snapshotId: number) {
  return tx
    .select()
    .from(jobPlannerScenarios)
    .where(eq(jobPlannerScenarios.snapshotId, snapshotId))
    .orderBy(desc(jobPlannerScenarios.createdAt), desc(jobPlannerScenarios.id));
}

export async function countOfGroup(tx: Db, snapshotId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(jobPlannerScenarios)
    .where(eq(jobPlannerScenarios.snapshotId, snapshotId));
  return Number(row?.n ?? 0);
}

export async function find(tx: Db, id: number): Promise<ScenarioRow | undefined> {
  const [row] = await tx.select().from(jobPlannerScenarios).where(eq(jobPlannerScenarios.id, id));
  return row;
}

/** The scenario when it belongs to that snapshot group (a saved filter may only name a scenario of its group). */
export async function findInGroup(tx: Db, id: number, snapshotId: number): Promise<ScenarioRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobPlannerScenarios)
    .where(and(eq(jobPlannerScenarios.id, id), eq(jobPlannerScenarios.snapshotId, snapshotId)));
  return row;
}

export async function insert(tx: Db, values: typeof jobPlannerScenarios.$inferInsert): Promise<ScenarioRow> {
  const [row] = await tx.insert(jobPlannerScenarios).values(values).returning();
  return row!;
}

export type ScenarioChanges = Partial<
  Pick<ScenarioRow, 'name' | 'imageUrl' | 'startDate' | 'endDate' | 'savedFilterId'>
>;

export async function update(tx: Db, id: number, changes: ScenarioChanges): Promise<ScenarioRow | undefined> {
  const [row] = await tx
    .update(jobPlannerScenarios)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(jobPlannerScenarios.id, id))
    .returning();
  return row;
}

/** Its saved filter sets go with it (saved_filters.job_planner_scenario_id ON DELETE CASCADE). */
export async function remove(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(jobPlannerScenarios)
    .where(eq(jobPlannerScenarios.id, id))
    .returning({ id: jobPlannerScenarios.id });
  return rows.length > 0;
}
