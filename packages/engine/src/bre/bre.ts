// Business risk exposure (BRE = LOF × COF, 001 §3 "BRE detail: total") per pipe for one LOF horizon
// (default 12 months, the lof_12 the maps and reports use), with levels 1–5 by the same quintile method
// as COF (cof/levels.ts). LOF is the probability of at least one break within the horizon, so BRE is the
// expected consequence cost over the horizon, in the COF scenario's currency.
import type { CofDetails } from '../cof/model.ts';
import type { CofLevel } from '../cof/constants.ts';
import { levelOf, quantileBreaks } from '../cof/levels.ts';

export type LofByPipe = Readonly<Record<string, Partial<Readonly<Record<number, number>>>>>;

export interface BrePipe {
  readonly pipeId: string;
  /** Null when the pipe has no LOF for the horizon. */
  readonly total: number | null;
  readonly level: CofLevel | null;
}

export interface BreResult {
  readonly horizonMonths: number;
  readonly levelBreaks: readonly number[];
  readonly pipes: readonly BrePipe[];
}

export const DEFAULT_BRE_HORIZON_MONTHS = 12;

export function computeBre(
  cof: readonly Pick<CofDetails, 'pipeId' | 'cofTotal'>[],
  lof: LofByPipe,
  horizonMonths: number = DEFAULT_BRE_HORIZON_MONTHS,
): BreResult {
  const totals = cof.map((c) => {
    const l = lof[c.pipeId]?.[horizonMonths];
    return l === undefined || !Number.isFinite(l) ? null : l * c.cofTotal;
  });
  const known = totals.filter((t): t is number => t !== null);
  const breaks = quantileBreaks(known);
  return {
    horizonMonths,
    levelBreaks: breaks,
    pipes: cof.map((c, i) => {
      const total = totals[i]!;
      return { pipeId: c.pipeId, total, level: total === null ? null : levelOf(total, breaks) };
    }),
  };
}
