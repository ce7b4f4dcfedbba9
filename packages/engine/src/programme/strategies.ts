// How a scenario spends a year's money (issue 39): the auto planner's connected projects by risk removed per cost
// (the default), or the two rules a council asks about beside it, oldest first and most breaks first (Eawag's
// WaMaSim strategies; Scholten et al. 2014). Each returns the year's renewals as groups of pipe indices.
import { planProjects } from '../planner/plan.ts';
import { DEFAULT_MAX_CANDIDATES } from '../planner/candidates.ts';
import { ProjectPool } from './project-pool.ts';
import type { ProgrammeNetwork, ProgrammeStrategy } from './types.ts';

export interface YearState {
  readonly year: number;
  /** Money available this year (its budget and what earlier years left). */
  readonly available: number;
  /** Per pipe: renewed already (1) or not. */
  readonly renewed: Uint8Array;
  /** Per pipe: this year's risk if not renewed (the strategy's criterion). */
  readonly risk: Float64Array;
}

export interface YearSelection {
  readonly groups: number[][];
  readonly spend: number;
}

export interface Strategy {
  selectYear(state: YearState): Promise<YearSelection>;
}

export interface StrategyOptions {
  /** Year 0 as the single-year auto planner plans it (MILP), so the two agree; later years by its greedy. */
  readonly exactFirstYear: boolean;
  readonly timeLimitS?: number;
  readonly maxCandidates?: number;
  /** HiGHS's relative gap for year 0 (tests pass 0 to compare with a proven optimum). */
  readonly mipRelGap?: number;
}

/**
 * A fixed priority list spent in order. When the next main costs more than is left, the year stops there and the
 * rest is carried into the next (a strict list, as a council's rule reads; it is also what keeps more money from
 * ever renewing less). Unknown costs are never renewed; unknown ages come last in oldest first.
 */
function orderedStrategy(order: Int32Array, cost: (i: number) => number): Strategy {
  let next = 0;
  return {
    selectYear(state) {
      const groups: number[][] = [];
      let spend = 0;
      while (next < order.length) {
        const i = order[next]!;
        if (state.renewed[i] === 1) {
          next += 1;
          continue;
        }
        if (spend + cost(i) > state.available) break;
        spend += cost(i);
        groups.push([i]);
        next += 1;
      }
      return Promise.resolve({ groups, spend });
    },
  };
}

function orderBy(net: ProgrammeNetwork, compare: (a: number, b: number) => number): Int32Array {
  const costed = net.pipes.flatMap((p, i) => (p.cost === null ? [] : [i]));
  return Int32Array.from(costed.sort((a, b) => compare(a, b) || net.pipes[a]!.id - net.pipes[b]!.id));
}

/**
 * Projects by risk removed per cost: year 0 exactly as the single-year auto planner plans it (candidates and MILP),
 * later years from a pool of the planner's candidates by its greedy rule (project-pool.ts).
 */
function riskStrategy(net: ProgrammeNetwork, options: StrategyOptions): Strategy {
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const pool = new ProjectPool(net, maxCandidates);
  return {
    async selectYear(state) {
      if (!(state.available > 0)) return { groups: [], spend: 0 };
      if (state.year === 0 && options.exactFirstYear) {
        const plan = await planProjects({
          pipes: net.pipes.map((p, i) => ({
            id: i,
            lengthM: p.lengthM,
            cost: p.cost,
            risk: state.risk[i]!,
            from: p.from,
            to: p.to,
          })),
          budget: state.available,
          minLengthM: net.minLengthM,
          maxLengthM: net.maxLengthM,
          maxCandidates,
          ...(options.timeLimitS === undefined ? {} : { timeLimitS: options.timeLimitS }),
          ...(options.mipRelGap === undefined ? {} : { mipRelGap: options.mipRelGap }),
        });
        return { groups: plan.proposals.map((p) => p.pipeIds), spend: plan.totalCost };
      }
      return pool.selectYear(state);
    },
  };
}

export function strategyFor(
  kind: ProgrammeStrategy,
  net: ProgrammeNetwork,
  options: StrategyOptions,
): Strategy {
  const cost = (i: number) => net.pipes[i]!.cost!;
  const { pipes } = net;
  const perKm = (i: number) => pipes[i]!.expectedBreaks / Math.max(1, pipes[i]!.lengthM);
  switch (kind) {
    case 'risk':
      return riskStrategy(net, options);
    case 'oldest':
      return orderedStrategy(
        orderBy(net, (a, b) => (pipes[b]!.ageYears ?? -1) - (pipes[a]!.ageYears ?? -1)),
        cost,
      );
    case 'breaks':
      return orderedStrategy(
        orderBy(net, (a, b) => pipes[b]!.recordedBreaks - pipes[a]!.recordedBreaks || perKm(b) - perKm(a)),
        cost,
      );
  }
}
