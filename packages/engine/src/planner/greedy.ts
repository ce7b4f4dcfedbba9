// The greedy baseline the plan is compared with (issue: "risk removed against a greedy baseline for the
// same budget"): candidates by risk per cost, best first, each taken when it fits the remaining budget and
// shares no pipe with one already taken. It also seeds HiGHS with a feasible incumbent.
import { density } from './grow.ts';
import type { Candidate } from './types.ts';

/** Candidate indices by risk per cost, best first; ties by more risk, then by index. */
export function byRiskPerCost(candidates: readonly Candidate[], indices: readonly number[]): number[] {
  const ratio = (k: number) => density(candidates[k]!.risk, candidates[k]!.cost);
  return [...indices].sort(
    (a, b) => ratio(b) - ratio(a) || candidates[b]!.risk - candidates[a]!.risk || a - b,
  );
}

/** Indices of the greedy selection among `indices` (all candidates when omitted), in pick order. */
export function greedySelect(
  candidates: readonly Candidate[],
  budget: number,
  pipeCount: number,
  indices: readonly number[] = candidates.map((_, k) => k),
): number[] {
  const used = new Uint8Array(pipeCount);
  const picked: number[] = [];
  let spent = 0;
  for (const k of byRiskPerCost(candidates, indices)) {
    const c = candidates[k]!;
    if (spent + c.cost > budget || c.pipes.some((p) => used[p] === 1)) continue;
    for (const p of c.pipes) used[p] = 1;
    spent += c.cost;
    picked.push(k);
  }
  return picked;
}

export function riskOf(candidates: readonly Candidate[], selection: readonly number[]): number {
  return selection.reduce((sum, k) => sum + candidates[k]!.risk, 0);
}
