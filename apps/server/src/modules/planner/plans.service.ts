// Auto-planner plans and their proposals (spec 001 §3–§9; PLAN-AUTO-*, PLAN-PLAN-*, PLAN-API-03..05, TBD-12, TBD-15;
// docs/api-planner.md). Generating records a queued plan and sends the 'plan' job (plan.job.ts); accepting a
// proposal makes it a project.
import {
  defaultPlannerDates,
  type AutoPlannerInput,
  type Plan,
  type PlanList,
  type ProjectDetail,
  type Proposal,
  type ProposalAccept,
  type ProposalList,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { datasetNotFound } from '../assets/scope.ts';
import { findServedDataset } from '../assets/viewer.repository.ts';
import { sendPlan } from './plan.job.ts';
import { toApiPlan, toApiProposal } from './plan-view.ts';
import { analysedDataset, assertCriterion } from './planner-analysis.ts';
import { weekAfter } from './planner-dates.ts';
import { pageMeta, type ListQuery } from './planner-paging.ts';
import { assertCanPlan, datasetRepairRates, inPlanner, timeZoneOf } from './planner-scope.ts';
import { assertArea } from './project-input.ts';
import { ratesOf } from './project-view.ts';
import { areaValue, proposalTaken } from './projects.repository.ts';
import { insertProject } from './projects.service.ts';
import * as repo from './plans.repository.ts';

const planNotFound = () => notFound('Plan not found.');
const proposalNotFound = () => notFound('Proposal not found.');
const alreadyAccepted = () => new AppError(409, 'CONFLICT', 'This proposal has already been made a project.');

/** Checks the request, records a queued plan and sends its job once the plan is committed (202). */
export async function generatePlan(deps: Deps, me: AuthUser, body: AutoPlannerInput): Promise<Plan> {
  assertCanPlan(me);
  const plan = await inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    const dataset = await analysedDataset(scope, body.dataset_id);
    assertCriterion(scope, body.risk_criteria);
    const area = body.whole_snapshot ? null : (body.area ?? null);
    await assertArea(tx, area, 'area');
    const rates = await datasetRepairRates(tx, dataset.id);
    const today = defaultPlannerDates(new Date(), await timeZoneOf(tx, me.id)).start_date;
    const id = await repo.insert(tx, {
      clientId: me.clientId,
      datasetId: dataset.id,
      analysisId: dataset.analysis.id,
      name: body.name ?? `Plan ${(await repo.countOfDataset(tx, dataset.id)) + 1} (${today})`,
      budget: body.budget,
      minLengthM: body.min_length_m,
      maxLengthM: body.max_length_m,
      riskCriteria: body.risk_criteria,
      wholeSnapshot: body.whole_snapshot,
      includeBooked: body.include_booked ?? false,
      area: areaValue(area),
      standardRepairCost: body.standard_repair_cost ?? rates.rates,
      repairCostCurrency: rates.unit.currency,
      repairCostPerLength: rates.unit.per_length_unit,
      createdBy: me.id,
    });
    return toApiPlan((await repo.find(tx, id))!);
  });
  await sendPlan(deps.jobs, { planId: plan.id, clientId: me.clientId });
  return plan;
}

export const listPlans = (deps: Deps, me: AuthUser, q: ListQuery<repo.PlanSortKey>) =>
  inPlanner(deps, me, async ({ tx }): Promise<PlanList> => {
    if (!(await findServedDataset(tx, q.datasetId))) throw datasetNotFound();
    const { rows, total } = await repo.listOfDataset(tx, q.datasetId, {
      sort: q.sort,
      limit: q.perPage,
      offset: (q.page - 1) * q.perPage,
    });
    return { plans: rows.map(toApiPlan), meta: pageMeta(q, total) };
  });

export const getPlan = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<Plan> => {
    const row = await repo.find(tx, id);
    if (!row) throw planNotFound();
    return toApiPlan(row);
  });

/** Its proposals go with it; projects made from them stay (their proposal_id becomes null). */
export function deletePlan(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    if (!(await repo.remove(tx, id))) throw planNotFound();
  });
}

export const listProposals = (deps: Deps, me: AuthUser, planId: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<ProposalList> => {
    if (!(await repo.find(tx, planId))) throw planNotFound();
    return { proposals: (await repo.proposalsOfPlan(tx, planId)).map(toApiProposal) };
  });

export const getProposal = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<Proposal> => {
    const row = await repo.findProposal(tx, id);
    if (!row) throw proposalNotFound();
    return toApiProposal(row);
  });

/**
 * Makes a proposal a project (spec 'project_proposal'): its pipes; the name '<plan> – proposal <rank>', today to a
 * week later and the plan's repair rates unless sent. A proposal becomes one project at most (409 after).
 */
export function acceptProposal(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: ProposalAccept,
): Promise<ProjectDetail> {
  assertCanPlan(me);
  return inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    const proposal = await repo.findProposal(tx, id);
    if (!proposal) throw proposalNotFound();
    const plan = (await repo.find(tx, proposal.planId))!;
    if (proposal.projectId !== null || (await proposalTaken(tx, id))) throw alreadyAccepted();
    const today = defaultPlannerDates(new Date(), await timeZoneOf(tx, me.id));
    const startDate = body.start_date ?? today.start_date;
    const rates = ratesOf(plan);
    return insertProject(scope, {
      datasetId: plan.datasetId,
      fields: {
        ...body,
        name: body.name ?? `${plan.name} – proposal ${proposal.rank}`,
        start_date: startDate,
        end_date: body.end_date ?? (body.start_date ? weekAfter(body.start_date) : today.end_date),
        standard_repair_cost: body.standard_repair_cost ?? rates.rates,
        // Issue 36: an accepted proposal's budget is what it costs, unless one is sent.
        budget: body.budget !== undefined ? body.budget : proposal.cost,
      },
      pipeIds: proposal.pipeIds,
      rates,
      proposalId: proposal.id,
      whenBooked:
        'They were booked after this plan was made. Generate the plan again (it leaves booked pipes out), or make a project of the other pipes by hand.',
    }).catch((err: unknown) => {
      // Two accepts at once: the unique index on projects.proposal_id lets one through.
      if (isUniqueViolation(err)) throw alreadyAccepted();
      throw err;
    });
  });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}
