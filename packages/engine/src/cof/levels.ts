// Levels 1–5 (001 §9: low, medium low, medium high, high, very high) by quintiles of the dataset. Breaks are
// the 20/40/60/80 % quantiles (linear interpolation between order statistics, R type 7 / numpy default);
// a value's level is 1 + the number of breaks it exceeds, so ties share a level, the mapping is monotone
// and a dataset of equal values is all "low". Non-finite values count as 0.
import type { CofLevel } from './constants.ts';

export const LEVEL_QUANTILES: readonly number[] = [0.2, 0.4, 0.6, 0.8];

export function quantileBreaks(values: readonly number[], quantiles = LEVEL_QUANTILES): number[] {
  const sorted = Float64Array.from(values, (v) => (Number.isFinite(v) ? v : 0)).sort();
  if (sorted.length === 0) return quantiles.map(() => 0);
  return quantiles.map((q) => {
    const h = (sorted.length - 1) * q;
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
  });
}

export function levelOf(value: number, breaks: readonly number[]): CofLevel {
  const v = Number.isFinite(value) ? value : 0;
  let level = 1;
  for (const b of breaks) if (v > b) level++;
  return level as CofLevel;
}

export function cofLevels(values: readonly number[]): { breaks: number[]; levels: CofLevel[] } {
  const breaks = quantileBreaks(values);
  return { breaks, levels: values.map((v) => levelOf(v, breaks)) };
}
