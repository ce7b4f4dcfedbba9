// The auto planner (spec 001 §3 'Auto planner form'; issue: "a real optimisation, not a greedy loop
// alone"): candidate projects along the network graph (candidates.ts), then the best disjoint set of them
// within the budget by MILP (milp.ts), never worse than the greedy baseline it is reported against.
import { PLAN_RESULT } from '@pipewise/domain';
import { DEFAULT_MAX_CANDIDATES, generateCandidates } from './candidates.ts';
import { byRiskPerCost, greedySelect, riskOf } from './greedy.ts';
import { solveSelection, type WorkLimit } from './milp.ts';
import { buildPlannerNetwork, longestRunM } from './network.ts';
import type { AutoPlanInput, AutoPlanResult, Candidate, PlanExplanation, PlanProposal } from './types.ts';
import { validatePlanInput } from './validate.ts';

/**
 * A safety net only, set well above the work limit's time: at 20 s a loaded machine stopped the demo town's
 * root at different points on two runs (two different plans, README 'Reproducible plans'); the work limit
 * should be what stops a search, the same on every run.
 */
export const DEFAULT_TIME_LIMIT_S = 120;
/**
 * The solver's deterministic budget. Sized on the 20k demo town, whose plans HiGHS proves at the root (1 node,
 * under 2,000 LP iterations), so that a harder network stops here well within the time limit on an idle 2-core
 * machine: see README 'Reproducible plans' for the measurements.
 */
export const DEFAULT_WORK_LIMIT: WorkLimit = { nodes: 300, lpIterations: 10_000 };
/** HiGHS's own default relative MIP gap. */
export const DEFAULT_MIP_REL_GAP = 1e-4;

export async function planProjects(input: AutoPlanInput): Promise<AutoPlanResult> {
  validatePlanInput(input);
  const clock = input.clock ?? (() => 0);
  const { pipes, budget } = input;
  const t0 = clock();
  const net = buildPlannerNetwork(pipes, input.maxLengthM);
  const generation = generateCandidates(net, {
    minLengthM: input.minLengthM,
    maxLengthM: input.maxLengthM,
    budget,
    maxCandidates: input.maxCandidates ?? DEFAULT_MAX_CANDIDATES,
  });
  const { candidates } = generation;
  const explanation: PlanExplanation = {
    cheapestProjectCost: generation.cheapestCost,
    longestRunM: longestRunM(net),
    pipesConsidered: pipes.length,
    pipesUncosted: pipes.reduce((count, p) => count + (p.cost === null ? 1 : 0), 0),
    candidates: candidates.length,
  };
  const t1 = clock();
  const affordable = candidates.flatMap((c, k) => (c.cost <= budget ? [k] : []));
  if (affordable.length === 0) {
    const result = candidates.length === 0 ? PLAN_RESULT.OUT_RANGED_PROJECT_SIZE : PLAN_RESULT.LOW_BUDGET;
    return noPlan(result, explanation, { candidatesMs: t1 - t0, solveMs: 0 });
  }
  const risky = affordable.filter((k) => candidates[k]!.risk > 0);
  const greedy = greedySelect(candidates, budget, net.pipeCount, risky);
  const timeLimitS = input.timeLimitS ?? DEFAULT_TIME_LIMIT_S;
  const solved = await solveSelection(candidates, budget, net.pipeCount, {
    timeLimitS,
    mipRelGap: input.mipRelGap ?? DEFAULT_MIP_REL_GAP,
    workLimit: input.workLimit ?? DEFAULT_WORK_LIMIT,
    warmStart: greedy,
  });
  // HiGHS's answer is checked in exact arithmetic (greedySelect keeps a feasible selection whole), and the
  // greedy's is kept if a time limit left HiGHS behind it. With no risk anywhere, any affordable projects
  // still make a plan.
  let selected = greedySelect(candidates, budget, net.pipeCount, solved.selected);
  if (riskOf(candidates, greedy) > riskOf(candidates, selected)) selected = greedy;
  if (selected.length === 0) selected = greedySelect(candidates, budget, net.pipeCount, affordable);
  const t2 = clock();
  const proposals = byRiskPerCost(candidates, selected).map((k) => proposalOf(candidates[k]!, pipes));
  const riskRemoved = riskOf(candidates, selected);
  return {
    result: PLAN_RESULT.SUCCESS,
    proposals,
    totalCost: proposals.reduce((sum, p) => sum + p.cost, 0),
    riskRemoved,
    greedyRiskRemoved: riskOf(candidates, greedy),
    optimalityGap: relativeGap(solved.bound, riskRemoved),
    stoppedAtTimeLimit: solved.stoppedAtTimeLimit,
    timeLimitS,
    solver: {
      stoppedAtWorkLimit: solved.stoppedAtWorkLimit,
      nodes: solved.nodes,
      lpIterations: solved.lpIterations,
    },
    explanation,
    timings: { candidatesMs: t1 - t0, solveMs: t2 - t1 },
  };
}

function proposalOf(candidate: Candidate, pipes: AutoPlanInput['pipes']): PlanProposal {
  return {
    pipeIds: Array.from(candidate.pipes, (p) => pipes[p]!.id).sort((a, b) => a - b),
    lengthM: candidate.lengthM,
    cost: candidate.cost,
    risk: candidate.risk,
  };
}

/**
 * HiGHS's definition, |bound − incumbent| / |incumbent|; round-off below 1e-9 counts as proven. With no
 * bound at all (time up before the root relaxation) or nothing removed it reads 1, "nothing proven".
 */
function relativeGap(bound: number, risk: number): number {
  if (!(bound > risk)) return 0;
  if (risk <= 0 || !Number.isFinite(bound)) return 1;
  const gap = (bound - risk) / risk;
  return gap < 1e-9 ? 0 : gap;
}

function noPlan(
  result: AutoPlanResult['result'],
  explanation: PlanExplanation,
  timings: AutoPlanResult['timings'],
): AutoPlanResult {
  return {
    result,
    proposals: [],
    totalCost: 0,
    riskRemoved: 0,
    greedyRiskRemoved: 0,
    optimalityGap: 0,
    stoppedAtTimeLimit: false,
    timeLimitS: 0,
    solver: { stoppedAtWorkLimit: false, nodes: 0, lpIterations: 0 },
    explanation,
    timings,
  };
}
