// Scoring pipes as of a date. The model gives λ(x) = breaks per km·year; over a horizon of n months the
// pipe is aged in the model one year at a time (age and years-since-last-break advance, no new breaks are
// assumed), so lofAbsolute_n = Σ_k lengthKm · λ(x aged k years) · (fraction of year k in the horizon)
// = expected breaks, and lof_n = 1 − exp(−lofAbsolute_n) = P(≥ 1 break) under a Poisson process.
import { EXPOSURE_DRIVER_CODES, LOF_MONTHS, type LofMonths } from '@pipewise/domain';
import { binFrame } from './binning.ts';
import { attribution, rowContributions } from './contributions.ts';
import { featureDriverCode } from './drivers.ts';
import { predictLogRate } from './booster.ts';
import { buildFrame, type FeatureFrame } from './features.ts';
import type { BreakHistory } from './history.ts';
import { agedBins, type LofModel } from './model.ts';
import { exposureOf } from './panel.ts';
import { isScorable } from './panel.ts';
import { cumBreakStep, cumulativeBreakShares, projectWideLof, rankPercentiles } from './rank.ts';
import type { LofPipe } from './types.ts';

export type ByMonths<T> = Readonly<Record<LofMonths, T>>;

export interface PipeLof {
  readonly id: string;
  /** Predicted breaks per km·year now; null when the pipe cannot be scored (no length, not yet laid). */
  readonly breaksPerKmYear: number | null;
  readonly lof: ByMonths<number> | null;
  readonly lofAbsolute: ByMonths<number> | null;
  /** Cumulative share (%) of expected breaks (rank.ts), and its spec step. */
  readonly cumBreaks: ByMonths<number> | null;
  readonly cumBreaksStep: ByMonths<number> | null;
  /** Percentile rank from the top; 333 when unscored. */
  readonly rank: ByMonths<number>;
  /** Up to five driver codes (1–28) that raise this pipe's risk most, strongest first. */
  readonly riskDrivers: readonly number[];
}

export interface LofScores {
  readonly asOfYear: number;
  readonly pipes: readonly PipeLof[];
  /** Project-wide LOF (%) over 12 months. */
  readonly projectLof: number;
}

/** Expected breaks per scored row over horizons of whole years 1..maxYears (aged year by year). */
export function expectedBreaksByYear(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  indices: Uint32Array,
  maxYears: number,
): Float64Array[] {
  return yearlyExpectedBreaks(model, pipes, history, asOfYear, indices, maxYears).byYear;
}

/** expectedBreaksByYear, with the frame as of `asOfYear` and its bins (the drivers read them too). */
function yearlyExpectedBreaks(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  indices: Uint32Array,
  maxYears: number,
): { byYear: Float64Array[]; frame: FeatureFrame; bins: Uint8Array[] } {
  const frame = buildFrame(pipes, history, model.context, { cutoffYear: asOfYear, pipeIndices: indices });
  const bins = binFrame(frame, model.booster.bins);
  const cumulative: Float64Array[] = [];
  let running = new Float64Array(indices.length);
  for (let k = 0; k < maxYears; k++) {
    const aged = k === 0 ? bins : agedBins(model, pipes, history, frame, bins, asOfYear, k);
    const rates = predictLogRate(model.booster, aged, indices.length);
    running = running.map(
      (s, r) => s + exposureOf(pipes[indices[r]!]!.lengthM, model.panel) * Math.exp(rates[r]!),
    );
    cumulative.push(running);
  }
  return { byYear: cumulative, frame, bins };
}

/**
 * Length is exposure, not a cause (issue 38: "Pipe length" was the top driver of 5,655 pipes): a longer main has more
 * places to break. The details pane shows it apart, as the pipe's expected breaks per km; the drivers a council reads
 * are the pipe's condition and surroundings.
 */
const EXPOSURE_CODES: ReadonlySet<number> = new Set(EXPOSURE_DRIVER_CODES);

// The five largest positive per-code contributions: what lifts this pipe above the base rate, exposure left out.
function topDrivers(model: LofModel, indices: Uint32Array, frame: FeatureFrame, bins: readonly Uint8Array[]) {
  const a = attribution(model.booster);
  const out = new Float64Array(frame.specs.length);
  return Array.from(indices, (_, r) => {
    rowContributions(a, bins, r, out);
    const byCode = new Map<number, number>();
    frame.specs.forEach((spec, j) => {
      if (out[j] === 0) return;
      const column = frame.columns[j]!;
      const code = featureDriverCode(spec.name, column[r]!, model.context.attributes);
      byCode.set(code, (byCode.get(code) ?? 0) + out[j]!);
    });
    return [...byCode.entries()]
      .filter(([code, c]) => c > 0 && !EXPOSURE_CODES.has(code))
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, 5)
      .map(([code]) => code);
  });
}

const byMonths = <T>(f: (months: LofMonths, i: number) => T): ByMonths<T> =>
  Object.fromEntries(LOF_MONTHS.map((m, i) => [m, f(m, i)])) as Record<LofMonths, T>;

/** A pipe with no figure (no length, not laid yet): its rank is the out-of-range one. */
export const unscoredPipe = (id: string, rank: ByMonths<number>): PipeLof => ({
  id,
  breaksPerKmYear: null,
  lof: null,
  lofAbsolute: null,
  cumBreaks: null,
  cumBreaksStep: null,
  rank,
  riskDrivers: [],
});

export function scoreLof(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
): LofScores {
  const indices = Uint32Array.from(pipes.keys()).filter((i) => isScorable(pipes[i]!, asOfYear));
  const maxYears = Math.ceil(Math.max(...LOF_MONTHS) / 12);
  const { byYear, frame, bins } = yearlyExpectedBreaks(model, pipes, history, asOfYear, indices, maxYears);
  const expected: (number | null)[][] = LOF_MONTHS.map(() => pipes.map(() => null));
  LOF_MONTHS.forEach((m, h) => {
    const years = m / 12;
    const whole = Math.floor(years);
    indices.forEach((i, r) => {
      const full = whole > 0 ? byYear[whole - 1]![r]! : 0;
      const part = years > whole ? (byYear[whole]![r]! - full) * (years - whole) : 0;
      expected[h]![i] = full + part;
    });
  });
  const drivers = topDrivers(model, indices, frame, bins);
  const rowOf = new Int32Array(pipes.length).fill(-1);
  indices.forEach((i, r) => (rowOf[i] = r));
  const ranks = expected.map((e) => rankPercentiles(e.map((x) => (x === null ? null : 1 - Math.exp(-x)))));
  const shares = expected.map(cumulativeBreakShares);
  const result = pipes.map((p, i): PipeLof => {
    const r = rowOf[i]!;
    const rank = byMonths((_, h) => ranks[h]![i]!);
    if (r < 0) return unscoredPipe(p.id, rank);
    const lofAbsolute = byMonths((_, h) => expected[h]![i]!);
    return {
      id: p.id,
      breaksPerKmYear: byYear[0]![r]! / (p.lengthM / 1000),
      lof: byMonths((m) => 1 - Math.exp(-lofAbsolute[m])),
      lofAbsolute,
      cumBreaks: byMonths((_, h) => shares[h]![i]!),
      cumBreaksStep: byMonths((_, h) => cumBreakStep(shares[h]![i]!)),
      rank,
      riskDrivers: drivers[r]!,
    };
  });
  return { asOfYear, pipes: result, projectLof: projectWideLof(result.map((p) => p.lof?.[12] ?? null)) };
}

/** Share of the scored pipes above which a model's scores are said to have collapsed onto one value (issue 40). */
export const SCORE_COLLAPSE_SHARE = 0.2;

/** The largest share of the values (nulls left out) that are identical: how many pipes share the commonest score. */
export function largestTieShare(values: readonly (number | null)[] | Float64Array): number {
  const counts = new Map<number, number>();
  let n = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    counts.set(v, (counts.get(v) ?? 0) + 1);
    n++;
  }
  return n === 0 ? 0 : Math.max(...counts.values()) / n;
}
