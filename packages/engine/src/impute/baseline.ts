// The baseline of issue 4: the most common value among a pipe's neighbours (same neighbour set as the
// model: network, street, k nearest; unweighted), else the dataset's most common value. Its likelihood
// map is the neighbours' value frequencies shrunk towards the global frequencies (one pseudo-count), so
// log-loss and Brier can be compared too.
import type { NeighbourGraph } from './neighbours.ts';

export interface BaselineEstimate {
  readonly value: number;
  /** Probability per value (keys as String(value)). */
  readonly likelihood: Readonly<Record<string, number>>;
}

function counted(values: Iterable<number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function mode(counts: ReadonlyMap<number, number>): number {
  let best: number | null = null;
  let bestCount = -1;
  for (const [v, c] of counts)
    if (c > bestCount || (c === bestCount && v < best!)) [best, bestCount] = [v, c];
  return best ?? 0;
}

/**
 * Neighbour mode of `values` (null = unknown) for every pipe, never using the pipe's own value. With
 * `category`, likelihoods are over categories (e.g. year bins) and the mode is of the raw values.
 */
export function neighbourMode(
  graph: NeighbourGraph,
  values: readonly (number | null)[],
  category: (v: number) => string = String,
): BaselineEstimate[] {
  const known = values.filter((v): v is number => v !== null);
  const globalCounts = counted(known.map((v) => v));
  const globalMode = mode(globalCounts);
  const globalByCategory = new Map<string, number>();
  for (const v of known) globalByCategory.set(category(v), (globalByCategory.get(category(v)) ?? 0) + 1);
  return values.map((_, i) => {
    const near: number[] = [];
    for (let e = graph.start[i]!; e < graph.start[i + 1]!; e++) {
      const v = values[graph.index[e]!];
      if (v !== null && v !== undefined) near.push(v);
    }
    const value = near.length > 0 ? mode(counted(near)) : globalMode;
    const likelihood: Record<string, number> = {};
    for (const [c, g] of globalByCategory) likelihood[c] = g / known.length / (near.length + 1);
    for (const v of near) likelihood[category(v)] = (likelihood[category(v)] ?? 0) + 1 / (near.length + 1);
    return { value, likelihood };
  });
}
