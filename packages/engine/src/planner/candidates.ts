// Candidate projects for the MILP (ARCHITECTURE.md: candidate projects along the network graph + a MILP).
// Tiny networks are enumerated exactly. Otherwise groups are grown best-first from seed pipes:
// - seeds are the eligible pipes in order of risk per cost, as many as it takes for their cost to reach
//   POOL_BUDGET_MULTIPLE × the budget (at least MIN_POOL_SEEDS): a plan can only afford about a budget's
//   worth of pipes, and the best of them are among the densest; growth itself walks the whole eligible
//   network, so low-risk connector pipes join a group when they lead somewhere better;
// - each seed grows once per strategy (grow.ts) and keeps up to three snapshots of its chain of nested
//   groups within [min, max]: the first feasible (the smallest, cheapest project), the best risk per cost,
//   and the last (the longest, most risk). Snapshots are deduplicated and capped at maxCandidates.
// Work is O(seeds × MAX_GROUP_PIPES × log) and memory O(pipes + candidates): nothing grows with pipes².
import { CandidateSet } from './candidate-set.ts';
import { EXACT_MAX_PIPES, enumerateConnected } from './enumerate.ts';
import { GrowthState, strategyPriorities } from './grow.ts';
import type { PlannerNetwork } from './network.ts';
import type { Candidate } from './types.ts';

export const POOL_BUDGET_MULTIPLE = 4;
export const MIN_POOL_SEEDS = 200;
export const DEFAULT_MAX_CANDIDATES = 20_000;

export interface CandidateBounds {
  readonly minLengthM: number;
  readonly maxLengthM: number;
  readonly budget: number;
  readonly maxCandidates: number;
}

export interface CandidateGeneration {
  readonly candidates: Candidate[];
  /** Every connected group within the bounds was enumerated (tiny networks). */
  readonly exact: boolean;
  /** Cost of the cheapest feasible group seen (kept even when the candidate cap dropped it). */
  readonly cheapestCost: number | null;
}

export function generateCandidates(net: PlannerNetwork, bounds: CandidateBounds): CandidateGeneration {
  const set = new CandidateSet(net, bounds.maxCandidates);
  if (net.eligibleCount <= EXACT_MAX_PIPES) {
    enumerateConnected(net, bounds.minLengthM, bounds.maxLengthM, set);
    const cheapest = set.candidates.reduce((min, c) => Math.min(min, c.cost), Number.POSITIVE_INFINITY);
    return {
      candidates: set.candidates,
      exact: true,
      cheapestCost: Number.isFinite(cheapest) ? cheapest : null,
    };
  }
  const priorities = strategyPriorities(net);
  const grower = new SeedGrower(net, bounds, set);
  const seeds = seedOrder(net, priorities[0]!);
  const pool = poolSize(net, seeds, bounds.budget);
  for (let s = 0; s < pool && !set.full; s++)
    for (const priority of priorities) grower.grow(seeds[s]!, priority);
  // Fallbacks, only when the pool found nothing useful: the rest of the network is tried too, so that
  // LOW_BUDGET and OUT_RANGED_PROJECT_SIZE are said about the whole network, not about the pool. This runs
  // past a full candidate set, because the cheapest project's cost is the explanation's number.
  if (grower.cheapest > bounds.budget) {
    const strategies = set.candidates.length === 0 ? priorities : [priorities[2]!];
    for (let s = pool; s < seeds.length; s++)
      for (const priority of strategies) grower.grow(seeds[s]!, priority);
  }
  return {
    candidates: set.candidates,
    exact: false,
    cheapestCost: Number.isFinite(grower.cheapest) ? grower.cheapest : null,
  };
}

/** Eligible pipes by risk per cost, best first (ties by index, so the order is deterministic). */
function seedOrder(net: PlannerNetwork, density: Float64Array): Int32Array {
  const seeds = new Int32Array(net.eligibleCount);
  let k = 0;
  for (let i = 0; i < net.pipeCount; i++) if (net.eligible[i]) seeds[k++] = i;
  return seeds.sort((a, b) => density[b]! - density[a]! || a - b);
}

function poolSize(net: PlannerNetwork, seeds: Int32Array, budget: number): number {
  let spent = 0;
  let k = 0;
  while (k < seeds.length && (k < MIN_POOL_SEEDS || spent < POOL_BUDGET_MULTIPLE * budget))
    spent += net.cost[seeds[k++]!]!;
  return k;
}

/** Grows one seed by one strategy and adds its snapshots. */
class SeedGrower {
  cheapest = Number.POSITIVE_INFINITY;
  private readonly state: GrowthState;

  constructor(
    private readonly net: PlannerNetwork,
    private readonly bounds: CandidateBounds,
    private readonly set: CandidateSet,
  ) {
    this.state = new GrowthState(net.pipeCount);
  }

  grow(seed: number, priority: Float64Array): void {
    const { net, bounds, state } = this;
    const size = state.grow(net, seed, priority, bounds.maxLengthM);
    const order = state.order;
    let lengthM = 0;
    let cost = 0;
    let risk = 0;
    let first = 0;
    let best = 0;
    let bestRatio = Number.NEGATIVE_INFINITY;
    for (let k = 1; k <= size; k++) {
      const p = order[k - 1]!;
      lengthM += net.lengthM[p]!;
      cost += net.cost[p]!;
      risk += net.risk[p]!;
      if (lengthM < bounds.minLengthM) continue;
      if (first === 0) {
        first = k;
        this.cheapest = Math.min(this.cheapest, cost);
      }
      const ratio = cost > 0 ? risk / cost : risk > 0 ? Number.POSITIVE_INFINITY : 0;
      if (ratio >= bestRatio) [best, bestRatio] = [k, ratio];
    }
    if (first === 0) return;
    this.set.add(order, first);
    this.set.add(order, best);
    this.set.add(order, size);
  }
}
