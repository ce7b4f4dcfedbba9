// The peer protocol (issue 14): how the pipe-failure literature evaluates a break ranking, so our figures can be set
// beside published ones (and beside the previous-breaks ranking a utility would otherwise use).
//   - Calendar cutoffs (1 January of each year asked) and horizons of H years.
//   - Population: the mains installed before the cutoff year (a main of unknown install year is left out: it may not
//     have existed), with a length.
//   - Target: at least one break in [cutoff, cutoff + H).
//   - The model trains on the breaks before the cutoff only; the baselines are raw rankings, not boosters: age
//     (oldest first) and previous breaks (most first, the older main first among equals).
//   - P@1 %, the two R@10 % length (share of the breaking mains, share of the breaks) and AUC (peer-measures.ts),
//     each with a bootstrap 95 % interval over mains, and the paired difference model − previous breaks on the same
//     resamples.
//   - Calibration (issue 40): the model's Σ expected breaks over the window ÷ the breaks recorded on the window's
//     mains, and its Σ P(≥ 1 break) ÷ the breaking mains, with bootstrap intervals over mains on the same resamples.
//     The raw rankings have none: they order mains, they predict no count.
// Every window is reported; the caller averages over cutoffs, it does not pick one. The means are over 2017–2021
// (PEER_CUTOFF_YEARS), so they stay comparable with the figures published before; the latest cutoff the record
// allows (latestPeerCutoffYear) is reported beside them, not folded in.
import { phases, steps, type OnProgress } from '../progress/progress.ts';
import { mulberry32 } from '../random/mulberry32.ts';
import { countBelow, indexBreaks, type BreakHistory } from './history.ts';
import { trainLofModel, type LofModel } from './model.ts';
import {
  calibrationRatios,
  mainTotals,
  orderedMains,
  orderedMeasures,
  rankingGroups,
  type CalibrationRatios,
  type OrderedMains,
  type PeerMeasures,
  type RankingGroups,
} from './peer-measures.ts';
import { expectedBreaksByYear } from './score.ts';
import { msOfYear, yearOfMs } from './time.ts';
import type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './types.ts';

export const PEER_RANKINGS = ['model', 'age', 'previousBreaks'] as const;
export type PeerRanking = (typeof PEER_RANKINGS)[number];
export const PEER_MEASURES = [
  'precisionAt1Pct',
  'mainsRecallAt10PctLength',
  'breaksRecallAt10PctLength',
  'auc',
] as const satisfies readonly (keyof PeerMeasures)[];

/** A figure with its bootstrap 95 % interval (percentiles 2.5 and 97.5). */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}
export type PeerEstimates = { readonly [M in keyof PeerMeasures]: Estimate };

/**
 * How the model's expected breaks compare with the breaks recorded in the window, on the window's mains (issue 40).
 * The intervals are over mains (the bootstrap of the other measures): they leave out how much a whole year's count
 * varies beyond a Poisson one (winters), so a single window's ratio moves more from year to year than its interval.
 */
export interface PeerCalibration {
  /** Σ expected breaks over the window (the model's lofAbsolute over H years). */
  readonly predictedBreaks: number;
  /** Σ P(≥ 1 break in the window) = Σ (1 − e^−expected). */
  readonly predictedBreakingMains: number;
  /** predictedBreaks ÷ breaks: above 1 over-predicts; null when the window holds no break. */
  readonly breaksRatio: Estimate | null;
  /** predictedBreakingMains ÷ breakingMains; null likewise. */
  readonly breakingMainsRatio: Estimate | null;
}

export interface PeerWindow {
  readonly cutoffYear: number;
  readonly horizonYears: number;
  readonly mains: number;
  readonly breakingMains: number;
  /** Breaks in the window on those mains. */
  readonly breaks: number;
  readonly lengthKm: number;
  readonly rankings: { readonly [R in PeerRanking]: PeerEstimates };
  /** Model minus previous breaks, paired on each resample: an interval above 0 is a win. */
  readonly modelMinusPreviousBreaks: PeerEstimates;
  /** The model's predicted ÷ observed counts (the raw rankings predict none). */
  readonly calibration: PeerCalibration;
}

export interface PeerProtocolInput {
  readonly pipes: readonly LofPipe[];
  readonly breaks: readonly LofBreak[];
  readonly attributes?: readonly LofAttributeSpec[];
  readonly seed: number;
  readonly cutoffYears?: readonly number[];
  readonly horizonsYears?: readonly number[];
  /** Bootstrap resamples per window. */
  readonly resamples?: number;
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
}

export const PEER_CUTOFF_YEARS = [2017, 2018, 2019, 2020, 2021] as const;
export const PEER_HORIZONS_YEARS = [1, 3] as const;
const DEFAULT_RESAMPLES = 1000;

/** 1 January of `year` (UTC) as the model's decimal year. */
export const calendarYear = (year: number) => yearOfMs(Date.UTC(year, 0, 1));

function percentile(sorted: Float64Array, p: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))));
  return sorted[at]!;
}

function estimates(point: PeerMeasures, draws: PeerMeasures[]): PeerEstimates {
  const one = (m: keyof PeerMeasures): Estimate => {
    const sorted = Float64Array.from(draws, (d) => d[m]).sort();
    return { value: point[m], low: percentile(sorted, 0.025), high: percentile(sorted, 0.975) };
  };
  return Object.fromEntries(PEER_MEASURES.map((m) => [m, one(m)])) as unknown as PeerEstimates;
}

const minus = (a: PeerMeasures, b: PeerMeasures): PeerMeasures =>
  Object.fromEntries(PEER_MEASURES.map((m) => [m, a[m] - b[m]])) as unknown as PeerMeasures;

/**
 * Measures of each ranking, point and bootstrap, and the paired difference model − previous breaks. `breaks`: the
 * window's breaks per main.
 */
export function bootstrapWindow(
  groups: { readonly [R in PeerRanking]: RankingGroups },
  breaks: ArrayLike<number>,
  lengthM: Float64Array,
  resamples: number,
  seed: number,
  onProgress?: OnProgress,
): Pick<PeerWindow, 'rankings' | 'modelMinusPreviousBreaks'> {
  const resampled = steps(onProgress, resamples, 25);
  const n = breaks.length;
  // Each ranking's mains in its order once, and each resample's totals once for the three rankings.
  const ordered = Object.fromEntries(
    PEER_RANKINGS.map((r) => [r, orderedMains(groups[r], breaks, lengthM)]),
  ) as Record<PeerRanking, OrderedMains>;
  const unweighted = mainTotals(breaks, lengthM);
  const point = Object.fromEntries(
    PEER_RANKINGS.map((r) => [r, orderedMeasures(ordered[r], unweighted)]),
  ) as Record<PeerRanking, PeerMeasures>;
  const draws: Record<PeerRanking, PeerMeasures[]> = { model: [], age: [], previousBreaks: [] };
  const differences: PeerMeasures[] = [];
  const random = mulberry32(seed);
  const weight = new Float64Array(n);
  for (let b = 0; b < resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) {
      const i = Math.floor(random() * n);
      weight[i] = weight[i]! + 1;
    }
    const totals = mainTotals(breaks, lengthM, weight);
    for (const r of PEER_RANKINGS) draws[r].push(orderedMeasures(ordered[r], totals, weight));
    differences.push(minus(draws.model[b]!, draws.previousBreaks[b]!));
    resampled(b + 1);
  }
  return {
    rankings: {
      model: estimates(point.model, draws.model),
      age: estimates(point.age, draws.age),
      previousBreaks: estimates(point.previousBreaks, draws.previousBreaks),
    },
    modelMinusPreviousBreaks: estimates(minus(point.model, point.previousBreaks), differences),
  };
}

/**
 * The calibration of a window with bootstrap intervals over mains. Same seed and draws as bootstrapWindow, so each
 * resample is the same set of mains as the ranking measures'.
 */
export function bootstrapCalibration(
  expected: ArrayLike<number>,
  breaks: ArrayLike<number>,
  resamples: number,
  seed: number,
): PeerCalibration {
  const n = breaks.length;
  const point = calibrationRatios(expected, breaks);
  const draws: CalibrationRatios[] = [];
  const random = mulberry32(seed);
  const weight = new Float64Array(n);
  for (let b = 0; b < resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) {
      const i = Math.floor(random() * n);
      weight[i] = weight[i]! + 1;
    }
    draws.push(calibrationRatios(expected, breaks, weight));
  }
  // A resample that drew no breaking main has no ratio: left out (JSON has no NaN, so none reaches the card).
  const one = (m: keyof CalibrationRatios): Estimate | null => {
    const sorted = Float64Array.from(draws.map((d) => d[m]).filter(Number.isFinite)).sort();
    if (!Number.isFinite(point[m]) || sorted.length === 0) return null;
    return { value: point[m], low: percentile(sorted, 0.025), high: percentile(sorted, 0.975) };
  };
  let predictedBreaks = 0;
  let predictedBreakingMains = 0;
  for (let i = 0; i < n; i++) {
    predictedBreaks += expected[i]!;
    predictedBreakingMains += -Math.expm1(-expected[i]!);
  }
  return {
    predictedBreaks,
    predictedBreakingMains,
    breaksRatio: one('breaksRatio'),
    breakingMainsRatio: one('breakingMainsRatio'),
  };
}

/** The horizons whose window [cutoff, cutoff + H) ends by the last recorded break. */
export function coveredHorizons(
  cutoffYear: number,
  horizons: readonly number[],
  full: Pick<BreakHistory, 'firstBreakYear' | 'lastBreakYear'>,
): number[] {
  if (calendarYear(cutoffYear) <= full.firstBreakYear) return [];
  return horizons.filter((h) => calendarYear(cutoffYear + h) <= full.lastBreakYear + 1e-9);
}

/** One cutoff: the model trained on the breaks before 1 January of `cutoffYear`, and its windows. */
export interface PeerCutoff {
  readonly model: LofModel;
  readonly windows: PeerWindow[];
}

/**
 * Trains the model once at a calendar cutoff and measures it, with the raw rankings, at each horizon the record
 * covers (coveredHorizons). The analysis' model card uses it at one cutoff (backtest.ts), `npm run eval` at each.
 */
export function peerCutoff(
  input: PeerProtocolInput,
  full: BreakHistory,
  cutoffYear: number,
  horizons: readonly number[],
  onProgress?: OnProgress,
): PeerCutoff {
  // The training, then the bootstrap of each window, by their share of the card's backtest on a 20k-pipe town.
  const progress = phases(onProgress, { train: 0.7, windows: 0.3 });
  const cutoff = calendarYear(cutoffYear);
  const pipes = input.pipes.filter(
    (p) => p.installYear != null && p.installYear < cutoffYear && Number.isFinite(p.lengthM) && p.lengthM > 0,
  );
  const history = indexBreaks(pipes, input.breaks);
  const model = trainLofModel(
    {
      pipes,
      breaks: input.breaks,
      history,
      attributes: input.attributes ?? [],
      endMs: Date.UTC(cutoffYear, 0, 1),
      recordStartMs: msOfYear(full.firstBreakYear),
      seed: input.seed,
      ...(input.params ? { params: input.params } : {}),
      ...(input.panel ? { panel: input.panel } : {}),
    },
    progress.train,
  );
  const indices = Uint32Array.from(pipes.keys());
  const expected = expectedBreaksByYear(model, pipes, history, cutoff, indices, Math.max(...horizons));
  const lengthM = Float64Array.from(pipes, (p) => p.lengthM);
  const age = Float64Array.from(pipes, (p) => cutoffYear - p.installYear!);
  const previous = Float64Array.from(history.yearsByPipe, (years) => countBelow(years, cutoff));
  const groups = { age: rankingGroups(age), previousBreaks: rankingGroups(previous, age) };
  const windows = horizons.map((h, w): PeerWindow => {
    const end = calendarYear(cutoffYear + h);
    const inWindow = Float64Array.from(
      history.yearsByPipe,
      (years) => countBelow(years, end) - countBelow(years, cutoff),
    );
    const resamples = input.resamples ?? DEFAULT_RESAMPLES;
    const seed = input.seed + cutoffYear * 10 + h;
    const result = bootstrapWindow(
      { ...groups, model: rankingGroups(expected[h - 1]!) },
      inWindow,
      lengthM,
      resamples,
      seed,
      (f) => progress.windows((w + f) / horizons.length),
    );
    const calibration = bootstrapCalibration(expected[h - 1]!, inWindow, resamples, seed);
    return {
      cutoffYear,
      horizonYears: h,
      mains: pipes.length,
      breakingMains: inWindow.reduce((a, b) => a + (b > 0 ? 1 : 0), 0),
      breaks: inWindow.reduce((a, b) => a + b, 0),
      lengthKm: lengthM.reduce((a, b) => a + b, 0) / 1000,
      ...result,
      calibration,
    };
  });
  return { model, windows };
}

/**
 * Every cutoff × horizon the break record covers (the window must end by the last recorded break). The model is
 * trained once per cutoff and scored at each horizon.
 */
export function peerProtocol(input: PeerProtocolInput): PeerWindow[] {
  const full = indexBreaks(input.pipes, input.breaks);
  if (!Number.isFinite(full.lastBreakYear)) return [];
  const horizons = input.horizonsYears ?? PEER_HORIZONS_YEARS;
  return (input.cutoffYears ?? PEER_CUTOFF_YEARS).flatMap((cutoffYear) => {
    const covered = coveredHorizons(cutoffYear, horizons, full);
    return covered.length === 0 ? [] : peerCutoff(input, full, cutoffYear, covered).windows;
  });
}

/**
 * The latest calendar cutoff at which the record covers a whole window of the shortest horizon asked, and the
 * horizons that cutoff can have (a window [cutoff, cutoff + H) must end by the last recorded break: a 3-year window
 * is complete or not reported). Null when no cutoff is covered. On Kitchener (last break in 2024) it is 2023 at
 * 1 year; 2021 is the latest with 3 years.
 */
export function latestPeerCutoff(
  pipes: readonly LofPipe[],
  breaks: readonly LofBreak[],
  horizons: readonly number[] = PEER_HORIZONS_YEARS,
): { readonly cutoffYear: number; readonly horizonsYears: number[] } | null {
  const full = indexBreaks(pipes, breaks);
  if (!Number.isFinite(full.lastBreakYear) || horizons.length === 0) return null;
  const lastYear = new Date(msOfYear(full.lastBreakYear)).getUTCFullYear();
  for (let year = lastYear; calendarYear(year) > full.firstBreakYear; year--) {
    const covered = coveredHorizons(year, horizons, full);
    if (covered.length > 0) return { cutoffYear: year, horizonsYears: covered };
  }
  return null;
}

/**
 * Mean of each figure over the windows of one horizon (point values; the intervals stay per window), over the
 * windows whose cutoff is in `cutoffYears` when given (the eval keeps its means over 2017–2021 while it also reports
 * the later cutoffs).
 */
export function averageOverCutoffs(
  windows: readonly PeerWindow[],
  horizonYears: number,
  cutoffYears?: readonly number[],
): { readonly [R in PeerRanking | 'modelMinusPreviousBreaks']: PeerMeasures } | null {
  const mine = windows.filter(
    (w) =>
      w.horizonYears === horizonYears && (cutoffYears === undefined || cutoffYears.includes(w.cutoffYear)),
  );
  if (mine.length === 0) return null;
  const mean = (pick: (w: PeerWindow) => PeerEstimates): PeerMeasures =>
    Object.fromEntries(
      PEER_MEASURES.map((m) => [m, mine.reduce((s, w) => s + pick(w)[m].value, 0) / mine.length]),
    ) as unknown as PeerMeasures;
  return {
    model: mean((w) => w.rankings.model),
    age: mean((w) => w.rankings.age),
    previousBreaks: mean((w) => w.rankings.previousBreaks),
    modelMinusPreviousBreaks: mean((w) => w.modelMinusPreviousBreaks),
  };
}
