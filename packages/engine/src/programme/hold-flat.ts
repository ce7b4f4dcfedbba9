// "About $X a year holds breaks at today's level" (issue 39): the smallest flat yearly budget under which no year of
// the horizon expects more breaks than the first year would with no renewal at all, found by bisection. Bisection
// needs more money never to give more breaks, which the ordered strategies guarantee (strategies.ts) and the risk
// strategy keeps in practice (its yearly greedy is tested for it on random budgets). The risk strategy's first year
// is planned by its greedy here, not by the MILP each scenario's first year gets: a dozen MILPs would cost minutes,
// and the bound is said "about".
import { runScenario, type ScenarioInput } from './simulate.ts';
import type { ProgrammeNetwork } from './types.ts';

export interface HoldFlatBudget {
  /** Smallest flat budget found that holds; null when even renewing every costed main at once does not. */
  readonly budget: number | null;
  /** Expected breaks this year with no renewal: the level held. */
  readonly todaysBreaks: number;
  /** Runs of the horizon the search took. */
  readonly iterations: number;
}

/** The search stops when the bracket is within this share of its top ("about $X a year"). */
const RELATIVE_TOLERANCE = 0.02;
const MAX_RUNS = 30;

/**
 * The bracket is found from `guess` (e.g. the largest scenario's budget) by doubling or halving, then narrowed by
 * bisection: about ten runs of the horizon where a bisection over [0, the network's cost] took twenty.
 */
export async function holdFlatBudget(
  net: ProgrammeNetwork,
  scenario: Omit<ScenarioInput, 'budgets'>,
  horizonYears: number,
  guess: number,
  onRun?: (k: number, of: number) => void,
): Promise<HoldFlatBudget> {
  const todaysBreaks = net.pipes.reduce((s, p) => s + p.expectedBreaks, 0);
  const everything = net.pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
  let runs = 0;
  const holds = async (budget: number) => {
    runs += 1;
    onRun?.(runs, MAX_RUNS);
    const run = await runScenario(
      net,
      { ...scenario, budgets: new Array<number>(horizonYears).fill(budget) },
      { exactFirstYear: false },
    );
    return run.years.every((y) => y.expectedBreaks <= todaysBreaks * (1 + 1e-12));
  };
  const result = (budget: number | null) => ({ budget, todaysBreaks, iterations: runs });
  if (await holds(0)) return result(0);
  if (!(everything > 0)) return result(null);
  let hi = Math.min(everything, Math.max(guess, everything / 1000));
  let lo = 0;
  if (await holds(hi)) {
    // Halve while it still holds: lo is the first that does not.
    lo = hi / 2;
    while (runs < MAX_RUNS && (await holds(lo))) [hi, lo] = [lo, lo / 2];
  } else {
    lo = hi;
    do {
      if (hi >= everything) return result(null);
      hi = Math.min(everything, 2 * hi);
      if (await holds(hi)) break;
      lo = hi;
    } while (runs < MAX_RUNS);
  }
  while (hi - lo > RELATIVE_TOLERANCE * hi && runs < MAX_RUNS) {
    const mid = (lo + hi) / 2;
    if (await holds(mid)) hi = mid;
    else lo = mid;
  }
  return result(hi);
}
