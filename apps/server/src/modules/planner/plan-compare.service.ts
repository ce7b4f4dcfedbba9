// Two plans side by side, or a plan beside the active projects (issue 36): what each would cost and remove
// (expected breaks and BRE over its pipes, whatever criterion it was planned on), and the pipes they share, so a
// planner can say which to take to the council and why. Sums of project items (work-figures.ts).
import type { PlanComparison, WorkFigures } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { figuresOf } from './planner-pipes.repository.ts';
import { clientRepairRates, inPlanner, type PlannerScope } from './planner-scope.ts';
import * as plansRepo from './plans.repository.ts';
import { projectsWithItems } from './portfolio.service.ts';
import { ratesOf, toItems } from './project-view.ts';
import { addWork, emptyFigures } from './work-figures.ts';

type Side = WorkFigures & { name: string; plan_id: number | null; lengths: Map<number, number> };

async function planSide(scope: PlannerScope, planId: number): Promise<Side & { datasetId: number }> {
  const plan = await plansRepo.find(scope.tx, planId);
  if (!plan) throw notFound('Plan not found.');
  const proposals = await plansRepo.proposalsOfPlan(scope.tx, planId);
  const ids = proposals.flatMap((p) => p.pipeIds);
  const items = toItems(await figuresOf(scope.tx, plan.datasetId, ids), ratesOf(plan), scope.gates);
  const figures = addWork(emptyFigures(), items, proposals.length);
  const lengths = new Map(items.map((i) => [i.pipe_id, i.length_m]));
  return { ...figures, name: plan.name, plan_id: plan.id, lengths, datasetId: plan.datasetId };
}

/** The active projects of the dataset: the work already committed. */
async function portfolioSide(scope: PlannerScope, datasetId: number, name: string): Promise<Side> {
  const side = emptyFigures();
  const lengths = new Map<number, number>();
  for (const { row, items } of await projectsWithItems(scope, datasetId)) {
    if (!row.active) continue;
    addWork(side, items);
    for (const i of items) lengths.set(i.pipe_id, i.length_m);
  }
  return { ...side, name, plan_id: null, lengths };
}

const wire = ({ lengths: _lengths, ...side }: Side): PlanComparison['sides'][number] => side;

export const comparePlans = (deps: Deps, me: AuthUser, a: number, b: number | 'portfolio') =>
  inPlanner(deps, me, async (scope): Promise<PlanComparison> => {
    const { datasetId, ...first } = await planSide(scope, a);
    const second =
      b === 'portfolio'
        ? await portfolioSide(scope, datasetId, 'Active projects')
        : await planSide(scope, b).then(({ datasetId: _other, ...side }) => side);
    let common = 0;
    let commonLength = 0;
    for (const [id, length] of first.lengths) {
      if (!second.lengths.has(id)) continue;
      common++;
      commonLength += length;
    }
    return {
      sides: [wire(first), wire(second)],
      pipes_in_common: common,
      length_in_common_m: commonLength,
      currency: (await clientRepairRates(scope.tx, me.clientId)).unit.currency,
    };
  });
