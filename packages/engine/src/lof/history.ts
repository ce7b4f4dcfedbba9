// Break history per pipe. A break dated before its pipe's install happened on a predecessor main and was
// re-linked to the replacement (Kitchener has 326 of them: data README): it is not this pipe's history,
// so it is dropped from features and targets alike, and counted so the model card can say so.
import { yearOfMs } from './time.ts';
import type { LofBreak, LofPipe } from './types.ts';

export interface BreakHistory {
  /** Per pipe index: its break dates as sorted decimal years. */
  readonly yearsByPipe: readonly Float64Array[];
  /** Breaks kept (linked to a pipe, on or after its install). */
  readonly linkedBreaks: number;
  /** Breaks dated before their pipe's install (predecessor pipe), excluded. */
  readonly predecessorBreaks: number;
  /** Breaks whose pipe id is not in the inventory, excluded. */
  readonly unmatchedBreaks: number;
  /** Earliest and latest kept break, decimal years (NaN without breaks). */
  readonly firstBreakYear: number;
  readonly lastBreakYear: number;
}

export function indexBreaks(pipes: readonly LofPipe[], breaks: readonly LofBreak[]): BreakHistory {
  const indexById = new Map<string, number>();
  pipes.forEach((p, i) => indexById.set(p.id, i));
  const lists: number[][] = pipes.map(() => []);
  let predecessorBreaks = 0;
  let unmatchedBreaks = 0;
  let linkedBreaks = 0;
  let firstBreakYear = Infinity;
  let lastBreakYear = -Infinity;
  for (const b of breaks) {
    const i = indexById.get(b.pipeId);
    if (i === undefined || !Number.isFinite(b.dateMs)) {
      unmatchedBreaks++;
      continue;
    }
    const year = yearOfMs(b.dateMs);
    const installYear = pipes[i]!.installYear;
    if (installYear != null && year < installYear) {
      predecessorBreaks++;
      continue;
    }
    lists[i]!.push(year);
    linkedBreaks++;
    firstBreakYear = Math.min(firstBreakYear, year);
    lastBreakYear = Math.max(lastBreakYear, year);
  }
  return {
    yearsByPipe: lists.map((l) => Float64Array.from(l).sort()),
    linkedBreaks,
    predecessorBreaks,
    unmatchedBreaks,
    firstBreakYear: linkedBreaks > 0 ? firstBreakYear : NaN,
    lastBreakYear: linkedBreaks > 0 ? lastBreakYear : NaN,
  };
}

/** Number of values in a sorted array strictly below x (binary search). */
export function countBelow(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Breaks of one pipe in [fromYear, toYear). */
export function countBetween(sorted: Float64Array, fromYear: number, toYear: number): number {
  return countBelow(sorted, toYear) - countBelow(sorted, fromYear);
}
