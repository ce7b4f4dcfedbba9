// The neighbour expert: a weighted vote of neighbours' values (one-hot if known, their current
// posterior at half weight if imputed), shrunk towards the global prior with a pseudo-weight (fitted
// per attribute in fit.ts: how much a single neighbour is worth differs between attributes and towns),
// as a log-likelihood ratio against that prior. With no neighbours it is 0: the attribute model decides.
import type { NeighbourGraph } from './neighbours.ts';
import { evidenceOf, type TargetState } from './state.ts';

export const PRIOR_STRENGTHS = [0.1, 0.5, 2] as const;
const IMPUTED_NEIGHBOUR_WEIGHT = 0.5;

export function neighbourEvidence(
  graph: NeighbourGraph,
  target: TargetState,
  prior: Float64Array,
  i: number,
  scratch: Float64Array,
  out: Float64Array,
  priorStrength: number,
): void {
  const K = out.length;
  out.fill(0);
  let total = 0;
  for (let e = graph.start[i]!; e < graph.start[i + 1]!; e++) {
    const j = graph.index[e]!;
    if (!evidenceOf(target, j, scratch)) continue;
    const w = graph.weight[e]! * (target.known[j]! >= 0 ? 1 : IMPUTED_NEIGHBOUR_WEIGHT);
    for (let y = 0; y < K; y++) out[y] = out[y]! + w * scratch[y]!;
    total += w;
  }
  if (total === 0) {
    out.fill(0);
    return;
  }
  for (let y = 0; y < K; y++) {
    const p = (out[y]! + priorStrength * prior[y]!) / (total + priorStrength);
    out[y] = Math.log(p / prior[y]!);
  }
}

/** Weighted mean of the neighbours' known values that fall in category k (e.g. years in a bin). */
export function neighbourValueIn(
  graph: NeighbourGraph,
  target: TargetState,
  values: ArrayLike<number | null>,
  i: number,
  k: number,
): number | null {
  let sum = 0;
  let weight = 0;
  for (let e = graph.start[i]!; e < graph.start[i + 1]!; e++) {
    const j = graph.index[e]!;
    const v = values[j];
    if (target.known[j] !== k || v === null || v === undefined) continue;
    sum += graph.weight[e]! * v;
    weight += graph.weight[e]!;
  }
  return weight > 0 ? sum / weight : null;
}
