// The auto planner's plain-data contract (spec 001 §3 'Auto planner form', §4/§9; TBD-12, TBD-15). The server
// loads pipes, risk and repair costs from the database and calls planProjects; nothing here does I/O.
import type { PLAN_RESULT } from '@pipewise/domain';

export interface PlannerPipe {
  /** Database pipe id. */
  readonly id: number;
  readonly lengthM: number;
  /** Repair cost in currency; null = unknown diameter → never proposed (counted in the explanation). */
  readonly cost: number | null;
  /** ≥ 0, the risk criterion's value for this pipe (lof12 probability, or BRE in currency). */
  readonly risk: number;
  /** Node index (0-based, dense): pipes sharing a node index are connected. */
  readonly from: number;
  readonly to: number;
}

export interface AutoPlanInput {
  readonly pipes: readonly PlannerPipe[];
  readonly budget: number;
  readonly minLengthM: number;
  readonly maxLengthM: number;
  /**
   * MILP wall-clock limit in seconds; default 120. A safety net: a plan it stops may differ on another run, and
   * says so (stoppedAtTimeLimit).
   */
  readonly timeLimitS?: number;
  /** The solver's deterministic work bound (nodes, LP iterations); default DEFAULT_WORK_LIMIT. */
  readonly workLimit?: { readonly nodes: number; readonly lpIterations: number };
  /** Cap on generated candidate projects; default DEFAULT_MAX_CANDIDATES. */
  readonly maxCandidates?: number;
  /** HiGHS relative MIP gap at which it stops; default 1e-4 (HiGHS's own). Tests pass 0 to prove optima. */
  readonly mipRelGap?: number;
  /**
   * Monotonic clock in ms for `timings` only (STYLE.md: the engine takes its clock as an argument; the server
   * passes `performance.now`). Results never depend on it; without one the timings read 0.
   */
  readonly clock?: () => number;
}

export interface PlanProposal {
  /** Database pipe ids, ascending. */
  readonly pipeIds: number[];
  readonly lengthM: number;
  readonly cost: number;
  readonly risk: number;
}

export interface PlanExplanation {
  /** Cheapest candidate project meeting the length bounds (LOW_BUDGET: the budget must reach it). */
  cheapestProjectCost: number | null;
  /** Longest connected run of costed pipes that each fit within max (OUT_RANGED: min must not exceed it). */
  longestRunM: number | null;
  pipesConsidered: number;
  pipesUncosted: number;
  candidates: number;
}

export type PlanResultCode = (typeof PLAN_RESULT)[keyof typeof PLAN_RESULT];

export interface AutoPlanResult {
  /** PLAN_RESULT from @pipewise/domain: SUCCESS 1, LOW_BUDGET 2, OUT_RANGED_PROJECT_SIZE 3. */
  readonly result: PlanResultCode;
  /** Ordered by risk per cost, best first. */
  readonly proposals: PlanProposal[];
  readonly totalCost: number;
  readonly riskRemoved: number;
  /** Greedy baseline on the same candidates and budget (best risk/cost first, skip overlaps). */
  readonly greedyRiskRemoved: number;
  /** Relative gap between the best bound HiGHS proved and the returned plan; 0 when proven optimal. */
  readonly optimalityGap: number;
  /** The solver ran out of its time limit (timeLimitS) before proving the plan best: say so with the gap. */
  readonly stoppedAtTimeLimit: boolean;
  /** The time limit the solver had, in seconds. */
  readonly timeLimitS: number;
  /**
   * The solver's work: whether it stopped at the work limit (the best found, the same on every run) and the
   * nodes and LP iterations it took.
   */
  readonly solver: { stoppedAtWorkLimit: boolean; nodes: number; lpIterations: number };
  readonly explanation: PlanExplanation;
  readonly timings: { candidatesMs: number; solveMs: number };
}

/** A candidate project: a connected set of pipes (indices into the input array, ascending) within bounds. */
export interface Candidate {
  readonly pipes: Int32Array;
  readonly lengthM: number;
  readonly cost: number;
  readonly risk: number;
}
