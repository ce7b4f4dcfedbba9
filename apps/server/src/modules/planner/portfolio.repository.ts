// SQL of the portfolio (issue 36): a dataset's snapshot group, every project of the dataset, and the years'
// renewal budgets of the group. Runs under withTenant (row-level security keeps rows to the caller's client).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { datasets } from '../../db/schema-network.ts';
import { annualBudgets, projects } from '../../db/schema-planner.ts';

export async function snapshotOf(tx: Db, datasetId: number): Promise<number | undefined> {
  const [row] = await tx.select({ id: datasets.snapshotId }).from(datasets).where(eq(datasets.id, datasetId));
  return row?.id;
}

/** What the portfolio needs of each project, oldest first. */
export async function projectsOfDataset(tx: Db, datasetId: number) {
  return tx
    .select({
      id: projects.id,
      status: projects.status,
      startDate: projects.startDate,
      active: projects.active,
      standardRepairCost: projects.standardRepairCost,
      repairCostCurrency: projects.repairCostCurrency,
      repairCostPerLength: projects.repairCostPerLength,
    })
    .from(projects)
    .where(eq(projects.datasetId, datasetId))
    .orderBy(asc(projects.id));
}

export async function budgetsOf(tx: Db, snapshotId: number) {
  return tx
    .select({ year: annualBudgets.year, amount: annualBudgets.amount, currency: annualBudgets.currency })
    .from(annualBudgets)
    .where(eq(annualBudgets.snapshotId, snapshotId))
    .orderBy(asc(annualBudgets.year));
}

export async function setBudget(
  tx: Db,
  b: { clientId: number; snapshotId: number; year: number; amount: number; currency: string; userId: number },
) {
  await tx.execute(sql`
    INSERT INTO annual_budgets (client_id, snapshot_id, year, amount, currency, created_by, updated_at)
    VALUES (${b.clientId}, ${b.snapshotId}, ${b.year}, ${b.amount}, ${b.currency}, ${b.userId}, now())
    ON CONFLICT (snapshot_id, year) DO UPDATE
      SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, created_by = EXCLUDED.created_by,
          updated_at = now()`);
}

export async function removeBudget(tx: Db, snapshotId: number, year: number) {
  await tx.execute(sql`DELETE FROM annual_budgets WHERE snapshot_id = ${snapshotId} AND year = ${year}`);
}
