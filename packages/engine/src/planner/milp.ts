// Optimal choice among candidate projects: a 0-1 MILP solved by HiGHS (the `highs` WebAssembly build,
// ARCHITECTURE.md). x_k = 1 when candidate k is proposed;
//   maximise Σ risk_k x_k   s.t.   Σ cost_k x_k ≤ budget,   Σ_{k ∋ i} x_k ≤ 1 for every pipe i in ≥ 2 candidates.
// The model goes in through the persistent API as sparse arrays rather than as CPLEX LP text: no text to
// build and parse for tens of thousands of columns, a warm start (setSolution) from the greedy selection,
// and the MIP dual bound read back for the optimality gap. Coefficients are scaled (cost / budget, risk /
// max risk) so that BRE in millions and lof12 in [0, 1] meet HiGHS's tolerances alike.
//
// Reproducible (issue 41: a plan a council approves must come out the same on a re-run): HiGHS in WebAssembly
// runs on one thread, and its search, for fixed options and input, is the same sequence of steps on any machine
// (WebAssembly arithmetic is IEEE, with no host-dependent maths). Only a wall-clock stop makes the answer depend
// on the machine's speed and load, so the search is bounded by work — branch-and-bound nodes (mip_max_nodes) and
// LP iterations (checked in the MIP interrupt callback, which HiGHS calls at fixed points of its search) — and the
// time limit stays as a safety net whose stop the result reports.
import highsLoader, { type Highs } from 'highs';
import type { Candidate } from './types.ts';

let highsPromise: Promise<Highs> | undefined;

/**
 * The HiGHS runtime, loaded once per process (per worker thread: it is module state) and reused; each
 * solve creates and disposes its own native model, so solves never share state. Loading compiles ~3.5 MB
 * of WebAssembly (0.1–0.3 s); a server may call this at start to take that off the first plan.
 */
export function loadHighs(): Promise<Highs> {
  highsPromise ??= highsLoader().catch((error: unknown) => {
    highsPromise = undefined;
    throw error;
  });
  return highsPromise;
}

/** Deterministic bounds on the solver's work; whichever is reached first stops it with its incumbent. */
export interface WorkLimit {
  /** Branch-and-bound nodes (HiGHS mip_max_nodes). */
  readonly nodes: number;
  /** Simplex iterations over the whole MIP solve: root, cuts, heuristics and nodes. */
  readonly lpIterations: number;
}

export interface SelectionOptions {
  /** Wall-clock safety net; the work limit is what should stop a search. */
  readonly timeLimitS: number;
  readonly mipRelGap: number;
  readonly workLimit: WorkLimit;
  /** Candidate indices of a feasible selection to start from (the greedy's). */
  readonly warmStart: readonly number[];
}

export interface Selection {
  /** Candidate indices HiGHS chose (its incumbent; empty when it has none). */
  readonly selected: number[];
  /** Upper bound on the risk any selection of these candidates can remove. */
  readonly bound: number;
  /** HiGHS proved optimality (within mipRelGap). */
  readonly optimal: boolean;
  /**
   * HiGHS stopped at timeLimitS, not at a proof or the work limit: the plan is the best found by then, the gap says
   * how far it may be off, and another run (another machine, another load) may stop elsewhere with another plan.
   */
  readonly stoppedAtTimeLimit: boolean;
  /** HiGHS stopped at the work limit: the best found, the same on every run. */
  readonly stoppedAtWorkLimit: boolean;
  /** Work done: branch-and-bound nodes and LP iterations. */
  readonly nodes: number;
  readonly lpIterations: number;
}

const NO_WORK = { stoppedAtTimeLimit: false, stoppedAtWorkLimit: false, nodes: 0, lpIterations: 0 } as const;

/** Sparse rows: the budget row, then one packing row per distinct set of candidates sharing a pipe. */
function buildRows(
  candidates: readonly Candidate[],
  columns: readonly number[],
  budget: number,
  pipeCount: number,
) {
  const uses = new Int32Array(pipeCount + 1);
  for (const k of columns) for (const p of candidates[k]!.pipes) uses[p + 1]!++;
  for (let p = 0; p < pipeCount; p++) uses[p + 1]! += uses[p]!;
  const users = new Int32Array(uses[pipeCount]!);
  const fill = uses.slice(0, pipeCount);
  columns.forEach((k, col) => {
    for (const p of candidates[k]!.pipes) users[fill[p]!++] = col;
  });
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  columns.forEach((k, col) => {
    if (candidates[k]!.cost <= 0) return;
    indices.push(col);
    values.push(candidates[k]!.cost / budget);
  });
  starts.push(indices.length);
  // Pipes used by exactly the same candidates give the same row; one copy is enough.
  const seen = new Set<string>();
  for (let p = 0; p < pipeCount; p++) {
    if (uses[p + 1]! - uses[p]! < 2) continue;
    const row = users.subarray(uses[p]!, uses[p + 1]!);
    const key = row.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    for (const col of row) {
      indices.push(col);
      values.push(1);
    }
    starts.push(indices.length);
  }
  return { starts, indices, values, numRows: starts.length - 1 };
}

export async function solveSelection(
  candidates: readonly Candidate[],
  budget: number,
  pipeCount: number,
  options: SelectionOptions,
): Promise<Selection> {
  // Riskless candidates add nothing and unaffordable ones can never be chosen: they are not columns.
  const columns = candidates.flatMap((c, k) => (c.risk > 0 && c.cost <= budget ? [k] : []));
  if (columns.length === 0) return { selected: [], bound: 0, optimal: true, ...NO_WORK };
  const highs = await loadHighs();
  const riskScale = columns.reduce((max, k) => Math.max(max, candidates[k]!.risk), 0);
  const rows = buildRows(candidates, columns, budget, pipeCount);
  const numCols = columns.length;
  const start = new Float64Array(numCols);
  const columnOf = new Map(columns.map((k, col) => [k, col]));
  for (const k of options.warmStart) {
    const col = columnOf.get(k);
    if (col !== undefined) start[col] = 1;
  }
  const { nodes: maxNodes, lpIterations: maxLpIterations } = options.workLimit;
  return highs.withModel((model) => {
    model.options.set({
      output_flag: false,
      time_limit: options.timeLimitS,
      mip_max_nodes: maxNodes,
      // A fixed seed (the default, said here because it matters); this build has one thread and no option for more.
      random_seed: 0,
      mip_rel_gap: options.mipRelGap,
      // Tight enough that a plan HiGHS accepts is within budget in exact arithmetic too.
      mip_feasibility_tolerance: 1e-9,
      primal_feasibility_tolerance: 1e-9,
    });
    model.passModel({
      numCols,
      numRows: rows.numRows,
      sense: highs.constants.objectiveSense.maximize,
      colCost: columns.map((k) => candidates[k]!.risk / riskScale),
      colLower: new Float64Array(numCols),
      colUpper: new Float64Array(numCols).fill(1),
      rowLower: new Float64Array(rows.numRows).fill(-highs.infinity),
      rowUpper: new Float64Array(rows.numRows).fill(1),
      matrix: { format: 'csr', numCols, ...rows },
      integrality: new Int32Array(numCols).fill(highs.constants.variableType.integer),
    });
    model.setSolution({ colValue: start });
    let lpIterations = 0;
    let stoppedAtLpIterations = false;
    const { modelStatus } = model.run({
      [highs.constants.callbackType.mipInterrupt](event) {
        lpIterations = Number(event.data.mip_total_lp_iterations ?? 0);
        if (lpIterations < maxLpIterations) return;
        stoppedAtLpIterations = true;
        event.interrupt();
      },
    });
    const status = highs.constants.modelStatus;
    const nodes = Number(model.info.get('mip_node_count'));
    const hasSolution = model.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
    const colValue = hasSolution ? model.getSolution().colValue : new Float64Array(numCols);
    const dualBound = Number(model.info.get('mip_dual_bound'));
    return {
      selected: columns.filter((_, col) => colValue[col]! > 0.5),
      bound: Number.isFinite(dualBound) ? dualBound * riskScale : Number.POSITIVE_INFINITY,
      optimal: modelStatus === status.optimal,
      stoppedAtTimeLimit: modelStatus === status.timeLimit,
      // mip_max_nodes ends as a solution limit; our own interrupt as interrupted.
      stoppedAtWorkLimit:
        modelStatus === status.solutionLimit || (modelStatus === status.interrupted && stoppedAtLpIterations),
      nodes,
      lpIterations,
    };
  });
}
