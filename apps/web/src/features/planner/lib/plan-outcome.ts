// What a plan's state and result mean on screen (spec 001 §4/§8, PLAN-PLAN-02/03, TBD-15): still running; success
// (proposals); too small a budget or length bounds no run of pipes can meet (a dialog saying what to change, from
// plan.explanation); or a job error. Also how the plan compares with the greedy baseline.
import { PLAN_RESULT } from '@pipewise/domain';
import type { PlanView } from '../api/types.ts';

export type PlanOutcome = 'running' | 'success' | 'lowBudget' | 'outRanged' | 'failed';

export function planOutcome(plan: Pick<PlanView, 'state' | 'result'>): PlanOutcome {
  if (plan.state === 'queued' || plan.state === 'running') return 'running';
  // PLAN-PLAN-03: a plan that could not be made says why in its result code, whatever the job state.
  if (plan.result === PLAN_RESULT.LOW_BUDGET) return 'lowBudget';
  if (plan.result === PLAN_RESULT.OUT_RANGED_PROJECT_SIZE) return 'outRanged';
  if (plan.state === 'failed') return 'failed';
  return 'success';
}

/** TBD-15: the one change that would make the plan possible, with the number the explanation gives. */
export type PlanAdvice =
  | { kind: 'raiseBudget'; atLeast: number }
  | { kind: 'lowerMinLength'; atMostM: number }
  | { kind: 'lowBudget' }
  | { kind: 'outRanged' };

export function planAdvice(plan: Pick<PlanView, 'state' | 'result' | 'explanation'>): PlanAdvice | null {
  const outcome = planOutcome(plan);
  const explanation = plan.explanation;
  if (outcome === 'lowBudget') {
    const cost = explanation?.cheapestProjectCost;
    return cost != null && Number.isFinite(cost)
      ? { kind: 'raiseBudget', atLeast: cost }
      : { kind: 'lowBudget' };
  }
  if (outcome === 'outRanged') {
    const run = explanation?.longestRunM;
    return run != null && Number.isFinite(run)
      ? { kind: 'lowerMinLength', atMostM: run }
      : { kind: 'outRanged' };
  }
  return null;
}

/** How much more risk the plan removes than the greedy baseline with the same budget, in percent; null if unknown. */
export function gainOverGreedy(plan: Pick<PlanView, 'riskRemoved' | 'greedyRiskRemoved'>): number | null {
  const { riskRemoved, greedyRiskRemoved } = plan;
  if (riskRemoved == null || greedyRiskRemoved == null || greedyRiskRemoved <= 0) return null;
  return ((riskRemoved - greedyRiskRemoved) / greedyRiskRemoved) * 100;
}
