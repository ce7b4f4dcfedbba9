// Plan and proposal rows → the wire Plan and Proposal (PLAN-PLAN-01..03; docs/api-planner.md).
import { PLAN_RESULT, type Plan, type Proposal } from '@pipewise/domain';
import type { PlanRecord, ProposalRecord } from './plans.repository.ts';
import { ratesOf } from './project-view.ts';

type PlanResult = (typeof PLAN_RESULT)[keyof typeof PLAN_RESULT];
const RESULTS = new Set<number>(Object.values(PLAN_RESULT));

export function toApiPlan(row: PlanRecord): Plan {
  const rates = ratesOf(row);
  return {
    id: row.id,
    dataset_id: row.datasetId,
    name: row.name,
    state: row.state,
    result: row.result !== null && RESULTS.has(row.result) ? (row.result as PlanResult) : null,
    error: row.error,
    input: {
      budget: row.budget,
      min_length_m: row.minLengthM,
      max_length_m: row.maxLengthM,
      risk_criteria: row.riskCriteria,
      whole_snapshot: row.wholeSnapshot,
      area: row.areaWkt,
      include_booked: row.includeBooked,
    },
    standard_repair_cost: rates.rates,
    repair_cost_unit: rates.unit,
    explanation: row.explanation,
    proposal_count: row.proposalCount,
    total_cost: row.totalCost,
    risk_removed: row.riskRemoved,
    greedy_risk_removed: row.greedyRiskRemoved,
    optimality_gap: row.optimalityGap,
    solve_ms: row.solveMs,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

export const toApiProposal = (r: ProposalRecord): Proposal => ({
  id: r.id,
  plan_id: r.planId,
  rank: r.rank,
  pipe_ids: r.pipeIds,
  length_m: r.lengthM,
  cost: r.cost,
  risk: r.risk,
  project_lof: r.projectLof,
  geometry: r.geometry,
  project_id: r.projectId,
  booked: r.booked,
});
