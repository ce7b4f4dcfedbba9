// Break history per pipe. A break dated before its pipe's install happened on a predecessor main and was
// re-linked to the replacement (Kitchener has 326 of them: data README): it is not this pipe's history,
// so it is dropped from features and targets alike, and counted so the model card can say so.
import { addCalendarYears, alignDown, coarser, msOfYear, yearOfMs } from './time.ts';
import type { DatePrecision, LofBreak, LofPipe } from './types.ts';

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
  /**
   * The coarsest date precision of the dated breaks given (linked or not: a subset of the pipes keeps the record's
   * precision). Yearly windows are aligned to it (time.ts).
   */
  readonly precision: DatePrecision;
}

/** Whether a break is dated before its pipe's install: with a year-only or year-month date, its whole period. */
function beforeInstall(year: number, precision: DatePrecision, installYear: number): boolean {
  return precision === 'day'
    ? year < installYear
    : recordEndYear({ lastBreakYear: year, precision }) <= installYear;
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
  let precision: DatePrecision = 'day';
  for (const b of breaks) {
    if (Number.isFinite(b.dateMs)) precision = coarser(precision, b.datePrecision ?? 'day');
    const i = indexById.get(b.pipeId);
    if (i === undefined || !Number.isFinite(b.dateMs)) {
      unmatchedBreaks++;
      continue;
    }
    const year = yearOfMs(b.dateMs);
    const installYear = pipes[i]!.installYear;
    // A year-only or year-month date is before the install only if its whole period is: a break dated "2011" on a
    // main laid in 2011 (or on 1 January 2011 as a decimal year a little off 2011.0) happened on that main.
    if (installYear != null && beforeInstall(year, b.datePrecision ?? 'day', installYear)) {
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
    precision,
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

/**
 * Where the record ends, for scoring as of it: the last break for day-precise dates; the end of the last break's
 * period when dates are coarser (a year-only record's last breaks are somewhere in their year, so scoring as of
 * 1 January of that year would leave them out of every pipe's history).
 */
export function recordEndYear(history: Pick<BreakHistory, 'lastBreakYear' | 'precision'>): number {
  const last = history.lastBreakYear;
  if (!Number.isFinite(last) || history.precision === 'day') return last;
  const start = alignDown(last, history.precision);
  if (history.precision === 'year') return addCalendarYears(start, 1);
  const d = new Date(Math.round(msOfYear(start)));
  return yearOfMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}
