// The portfolio (issue 36): every project of a dataset on one page, against the renewal budget of each year, so a
// plan can be taken to a council as a whole: by the year a project starts (count, length, cost, expected breaks
// and BRE removed, the year's budget and what is left) and by status. Projects priced in another currency than the
// client's are counted apart, never summed with it.
import { PROJECT_STATES, type AnnualBudgetInput, type Portfolio, type WorkFigures } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { datasetNotFound } from '../assets/scope.ts';
import { findServedDataset } from '../assets/viewer.repository.ts';
import { assertCanPlan, clientRepairRates, inPlanner, type PlannerScope } from './planner-scope.ts';
import * as repo from './portfolio.repository.ts';
import { ratesOf, toItems } from './project-view.ts';
import { itemsOf } from './projects.repository.ts';
import { addWork, emptyFigures } from './work-figures.ts';

/** Each project of the dataset with its items as the project detail shows them (its own rates, the gates). */
export async function projectsWithItems(scope: PlannerScope, datasetId: number) {
  const rows = await repo.projectsOfDataset(scope.tx, datasetId);
  const figures = await itemsOf(
    scope.tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    row,
    items: toItems(
      figures.filter((f) => f.projectId === row.id),
      ratesOf(row),
      scope.gates,
    ),
  }));
}

async function portfolioOf(scope: PlannerScope, datasetId: number): Promise<Portfolio> {
  const { tx, me } = scope;
  if (!(await findServedDataset(tx, datasetId))) throw datasetNotFound();
  const snapshotId = (await repo.snapshotOf(tx, datasetId))!;
  const currency = (await clientRepairRates(tx, me.clientId)).unit.currency;
  const years = new Map<number, WorkFigures>();
  const statuses = new Map<number, WorkFigures>();
  const total = emptyFigures();
  let other = 0;
  for (const { row, items } of await projectsWithItems(scope, datasetId)) {
    if (row.repairCostCurrency !== currency) {
      other++;
      continue;
    }
    const year = Number(row.startDate.slice(0, 4));
    if (!years.has(year)) years.set(year, emptyFigures());
    if (!statuses.has(row.status)) statuses.set(row.status, emptyFigures());
    addWork(years.get(year)!, items);
    addWork(statuses.get(row.status)!, items);
    addWork(total, items);
  }
  const budgets = new Map(
    (await repo.budgetsOf(tx, snapshotId))
      .filter((b) => b.currency === currency)
      .map((b) => [b.year, b.amount]),
  );
  for (const year of budgets.keys()) if (!years.has(year)) years.set(year, emptyFigures());
  return {
    currency,
    years: [...years.entries()]
      .sort(([a], [b]) => a - b)
      .map(([year, f]) => {
        const budget = budgets.get(year) ?? null;
        return { ...f, year, budget, remaining: budget === null ? null : budget - f.cost };
      }),
    statuses: PROJECT_STATES.flatMap((_, status) => {
      const f = statuses.get(status);
      return f ? [{ ...f, status }] : [];
    }),
    total,
    other_currency_projects: other,
  };
}

export const getPortfolio = (deps: Deps, me: AuthUser, datasetId: number) =>
  inPlanner(deps, me, (scope) => portfolioOf(scope, datasetId));

/** Sets (or with amount null removes) a year's budget, in the client's currency; answers the portfolio. */
export function setAnnualBudget(deps: Deps, me: AuthUser, body: AnnualBudgetInput): Promise<Portfolio> {
  assertCanPlan(me);
  return inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    if (!(await findServedDataset(tx, body.dataset_id))) throw datasetNotFound();
    const snapshotId = (await repo.snapshotOf(tx, body.dataset_id))!;
    if (body.amount === null) await repo.removeBudget(tx, snapshotId, body.year);
    else {
      const currency = (await clientRepairRates(tx, me.clientId)).unit.currency;
      await repo.setBudget(tx, {
        clientId: me.clientId,
        snapshotId,
        year: body.year,
        amount: body.amount,
        currency,
        userId: me.id,
      });
    }
    return portfolioOf(scope, body.dataset_id);
  });
}
