// The training panel: one row per pipe and yearly cutoff c (pipe-years). Features are computed as of c,
// the target is the number of breaks in [c, c + 1 year), the exposure is (length km)^β × 1 year with β =
// `lengthExponent` (0 by default: one unit per pipe-year and length a feature; measured in lof/README.md). Several
// cutoffs let the model learn how history and age relate to the next year's breaks. A pipe enters a
// cutoff's rows only once installed (unknown install years are always in). Cutoff 0 is the most recent:
// the time-based validation set for early stopping. Cutoffs step back from the end by calendar years (the same
// month and day; the end is aligned to the record's date precision by the caller, time.ts): 365.25-day steps put
// 1 January of different years on either side of an edge, and a record of year-only dates had empty and doubled
// years (issue 40).
import { buildFrame, type FeatureColumn, type FeatureContext, type FeatureFrame } from './features.ts';
import { countBetween, type BreakHistory } from './history.ts';
import { ThinRecordError } from './thin-record.ts';
import { addCalendarYears } from './time.ts';
import type { LofPipe, PanelOptions } from './types.ts';

export const DEFAULT_PANEL_OPTIONS: PanelOptions = {
  maxCutoffs: 10,
  minHistoryYears: 5,
  recencyHalfLifeYears: null,
  lengthExponent: 0,
  validationYears: 1,
  // Off: on Kitchener the held-out year's ratio moved the next windows' ratio away from 1 at most cutoffs (a high year
  // is followed by a lower one more often than not; lof/README.md "Calibration"). An option for a record that drifts.
  recalibrationPriorBreaks: null,
};

/** A pipe-year's exposure (the Poisson offset). */
export const exposureOf = (lengthM: number, options: Pick<PanelOptions, 'lengthExponent'>): number =>
  (lengthM / 1000) ** options.lengthExponent;

export interface Panel {
  readonly frame: FeatureFrame;
  readonly y: Float64Array;
  readonly exposure: Float64Array;
  /** Σ length × years of the rows (the exposure only when lengthExponent is 1). */
  readonly kmYears: number;
  /** Decimal years, most recent first. */
  readonly cutoffYears: readonly number[];
  /** The end of each cutoff's target year (the next cutoff, or the end of training), aligned with cutoffYears. */
  readonly windowEnds: readonly number[];
  /** Breaks in each cutoff's target year, aligned with cutoffYears. */
  readonly breaksByCutoff: readonly number[];
  /** Row → index into cutoffYears. */
  readonly rowCutoff: Uint16Array;
}

export function isScorable(pipe: LofPipe, atYear: number): boolean {
  return (
    Number.isFinite(pipe.lengthM) &&
    pipe.lengthM > 0 &&
    (pipe.installYear == null || pipe.installYear <= atYear)
  );
}

export function panelCutoffs(endYear: number, recordStartYear: number, options: PanelOptions): number[] {
  const cutoffs: number[] = [];
  for (let j = 0; j < options.maxCutoffs; j++) {
    const c = addCalendarYears(endYear, -1 - j);
    if (c < recordStartYear + options.minHistoryYears && cutoffs.length > 0) break;
    if (c < recordStartYear) break;
    cutoffs.push(c);
  }
  return cutoffs;
}

/** The frames' rows one after another. Loops, not flatMap: a 100k-pipe panel is a million rows per column. */
function concatFrames(frames: readonly FeatureFrame[]): FeatureFrame {
  const specs = frames[0]!.specs;
  const rows = frames.reduce((n, f) => n + f.pipeIndex.length, 0);
  const columns: FeatureColumn[] = specs.map((spec, j) => {
    if (spec.kind === 'categorical') {
      const out: string[] = [];
      for (const f of frames) for (const v of f.columns[j] as string[]) out.push(v);
      return out;
    }
    const out = new Float64Array(rows);
    let o = 0;
    for (const f of frames) {
      out.set(f.columns[j] as Float64Array, o);
      o += f.pipeIndex.length;
    }
    return out;
  });
  const pipeIndex = new Uint32Array(rows);
  let o = 0;
  for (const f of frames) {
    pipeIndex.set(f.pipeIndex, o);
    o += f.pipeIndex.length;
  }
  return { specs, columns, pipeIndex };
}

export function buildPanel(
  pipes: readonly LofPipe[],
  history: BreakHistory,
  ctx: FeatureContext,
  endYear: number,
  options: PanelOptions,
): Panel {
  const cutoffYears = panelCutoffs(endYear, ctx.recordStartYear, options);
  if (cutoffYears.length === 0)
    throw new ThinRecordError('the break record does not cover a full year before the end of training');
  const frames: FeatureFrame[] = [];
  let kmYears = 0;
  const windowEnds = cutoffYears.map((_, j) => (j === 0 ? endYear : cutoffYears[j - 1]!));
  const breaksByCutoff = cutoffYears.map(() => 0);
  const scorable = new Uint32Array(pipes.length);
  const byCutoff = cutoffYears.map((c) => {
    let k = 0;
    for (let i = 0; i < pipes.length; i++) if (isScorable(pipes[i]!, c)) scorable[k++] = i;
    return scorable.slice(0, k);
  });
  // Typed arrays filled in place: pushing a million rows into arrays (then copying them) was a third of the panel.
  const rows = byCutoff.reduce((n, indices) => n + indices.length, 0);
  const y = new Float64Array(rows);
  const exposure = new Float64Array(rows);
  const rowCutoff = new Uint16Array(rows);
  let row = 0;
  cutoffYears.forEach((c, j) => {
    const indices = byCutoff[j]!;
    frames.push(buildFrame(pipes, history, ctx, { cutoffYear: c, pipeIndices: indices }));
    for (const i of indices) {
      const breaks = countBetween(history.yearsByPipe[i]!, c, windowEnds[j]!);
      breaksByCutoff[j] = breaksByCutoff[j]! + breaks;
      y[row] = breaks;
      exposure[row] = exposureOf(pipes[i]!.lengthM, options);
      kmYears += pipes[i]!.lengthM / 1000;
      rowCutoff[row++] = j;
    }
  });
  return {
    frame: concatFrames(frames),
    y,
    exposure,
    kmYears,
    cutoffYears,
    windowEnds,
    breaksByCutoff,
    rowCutoff,
  };
}
