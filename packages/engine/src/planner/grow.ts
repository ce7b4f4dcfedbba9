// Best-first growth of one connected group from a seed pipe: the frontier (eligible pipes touching the
// group) sits in a max-heap keyed by a strategy's priority; the best pipe that keeps the group within the
// maximum length joins, its neighbours join the frontier. A pipe too long to fit now never fits later (the
// group only grows), so it is dropped for good. The group's pipes in joining order are a chain of nested
// connected sets; every prefix whose length reaches the minimum is a feasible project.
import { MaxHeap } from './heap.ts';
import type { PlannerNetwork } from './network.ts';

/**
 * Safety cap on pipes per group: bounds the work per seed when pipes are tiny (e.g. 1 m stubs with a 1 km
 * maximum). A group stopped by it just yields fewer snapshots.
 */
export const MAX_GROUP_PIPES = 400;

/** Reusable buffers for growth runs (allocated once per planning call, O(pipes)). */
export class GrowthState {
  readonly order = new Int32Array(MAX_GROUP_PIPES);
  readonly heap = new MaxHeap();
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(pipeCount: number) {
    this.seen = new Int32Array(pipeCount);
  }

  /** Grows from `seed` by `priority` through eligible pipes; returns the number of pipes in `order`. */
  grow(net: PlannerNetwork, seed: number, priority: Float64Array, maxLengthM: number): number {
    const { order, heap, seen } = this;
    const { nodeStart, nodePipes, from, to, lengthM, eligible } = net;
    const stamp = ++this.stamp;
    heap.reset();
    heap.push(priority[seed]!, seed);
    seen[seed] = stamp;
    let size = 0;
    let length = 0;
    while (heap.size > 0 && size < MAX_GROUP_PIPES) {
      const p = heap.pop();
      if (length + lengthM[p]! > maxLengthM) continue;
      length += lengthM[p]!;
      order[size++] = p;
      for (let end = 0; end < 2; end++) {
        const v = end === 0 ? from[p]! : to[p]!;
        if (end === 1 && v === from[p]) break;
        for (let k = nodeStart[v]!; k < nodeStart[v + 1]!; k++) {
          const q = nodePipes[k]!;
          if (seen[q] === stamp || !eligible[q]) continue;
          seen[q] = stamp;
          heap.push(priority[q]!, q);
        }
      }
    }
    return size;
  }
}

/** Risk per unit cost; a free pipe with risk is infinitely attractive, a free riskless one worthless. */
export function density(risk: number, cost: number): number {
  if (cost > 0) return risk / cost;
  return risk > 0 ? Number.POSITIVE_INFINITY : 0;
}

/**
 * Per-pipe priorities of the growth strategies (NaN for ineligible pipes, which never join):
 * - density: risk per cost, the knapsack's own measure;
 * - lookahead: density plus half the best density one pipe further, so a group crosses a low-risk
 *   connector towards a high-risk pipe behind it rather than stalling on mediocre neighbours;
 * - cheap: lowest repair cost per metre first, which finds the cheapest projects that reach the minimum
 *   length (small projects fill the budget's remainder, and LOW_BUDGET needs the cheapest project's cost).
 */
export function strategyPriorities(net: PlannerNetwork): Float64Array[] {
  const n = net.pipeCount;
  const dens = new Float64Array(n).fill(Number.NaN);
  const cheap = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (!net.eligible[i]) continue;
    dens[i] = density(net.risk[i]!, net.cost[i]!);
    cheap[i] = net.lengthM[i]! > 0 ? -net.cost[i]! / net.lengthM[i]! : -net.cost[i]!;
  }
  // Best and second-best density per node, so "best neighbour other than me" is O(1) per pipe end.
  const nodes = net.nodeStart.length - 1;
  const best = new Float64Array(nodes).fill(-1);
  const second = new Float64Array(nodes).fill(-1);
  const bestPipe = new Int32Array(nodes).fill(-1);
  for (let v = 0; v < nodes; v++) {
    for (let k = net.nodeStart[v]!; k < net.nodeStart[v + 1]!; k++) {
      const p = net.nodePipes[k]!;
      const d = dens[p]!;
      if (d > best[v]!) [second[v], best[v], bestPipe[v]] = [best[v]!, d, p];
      else if (d > second[v]!) second[v] = d;
    }
  }
  const beyond = (v: number, p: number) => Math.max(0, bestPipe[v] === p ? second[v]! : best[v]!);
  const lookahead = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (!net.eligible[i]) continue;
    lookahead[i] = dens[i]! + 0.5 * Math.max(beyond(net.from[i]!, i), beyond(net.to[i]!, i));
  }
  return [dens, lookahead, cheap];
}
