// Where a pipe's break rate stands today, the starting point RUL ages from: the LOF model's rate (material, diameter,
// soil, pressure, its own breaks…) per km, over at least `minLengthM` so that one break on a 5 m stub is not
// 200/km. Smoothed over install years: the trees' rate is a step function of install year and age (quantile bins a
// few years wide), and an inventory's install years are often approximate (rounded to the decade, imputed), so the
// level is the trees' log rate averaged with triangular weights over install years within ±`smoothingYears` of the
// pipe's (10 by default: the weight halves at ±5), each brought to the pipe's own age by the ageing law. A pipe's RUL
// moves by (age + RUL) ÷ b years per unit of log rate, ~100 years for old cast iron, so a few per cent matter: on the
// demo town a one-year correction of an install year moved one finite RUL in nine by more than five years without
// the smoothing (up to 39 years), 2 in 5,539 with it (up to 7), and the smoothing left the agreement with the
// generator's true RUL as it was (lof/README.md, RUL).
import { binFrame, numericBin } from '../lof/binning.ts';
import { predictLogRate } from '../lof/booster.ts';
import { ageAt, buildFrame, yearsSinceLastBreak } from '../lof/features.ts';
import { countBelow, type BreakHistory } from '../lof/history.ts';
import type { LofModel } from '../lof/model.ts';
import { exposureOf, isScorable } from '../lof/panel.ts';
import type { LofPipe } from '../lof/types.ts';
import { exponentOf, type AgeingLaw } from './ageing.ts';

export interface LevelOptions {
  readonly minLengthM: number;
  readonly smoothingYears: number;
}

/** Pipes scored per frame: 21 variants each, so a 100k-pipe network never holds two million rows at once. */
const CHUNK_PIPES = 4096;

/** A pipe's age as the model counts it: an unknown install year is the training median (lof/features.ts). */
export const ageOf = (model: LofModel, pipe: LofPipe, asOfYear: number): number =>
  Math.max(0, asOfYear - (pipe.installYear ?? model.context.medianInstallYear));

/** Per pipe, its break rate per km·year today (over at least minLengthM), smoothed; NaN when it cannot be scored. */
export function currentRates(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  law: AgeingLaw,
  options: LevelOptions,
): Float64Array {
  const out = new Float64Array(pipes.length).fill(NaN);
  const scorable = [...pipes.keys()].filter((i) => isScorable(pipes[i]!, asOfYear));
  for (let start = 0; start < scorable.length; start += CHUNK_PIPES) {
    const chunk = scorable.slice(start, start + CHUNK_PIPES);
    const levels = smoothedLogRates(model, pipes, history, asOfYear, law, options.smoothingYears, chunk);
    chunk.forEach((i, r) => {
      const { lengthM } = pipes[i]!;
      // Expected breaks a year = exposure × e^F with exposure (km)^β (lof/panel.ts); per km of at least minLengthM.
      const perKm = exposureOf(lengthM, model.panel) / (Math.max(lengthM, options.minLengthM) / 1000);
      out[i] = Math.exp(levels[r]!) * perKm;
    });
  }
  return out;
}

/** The trees' log rate of each pipe in `indices`, averaged over its install-year variants. */
function smoothedLogRates(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  law: AgeingLaw,
  smoothingYears: number,
  indices: readonly number[],
): Float64Array {
  const h = Math.max(0, Math.round(smoothingYears));
  // Every variant of every pipe in one matrix, so the trees are compiled once (a single pipe edit costs one call).
  const row: number[] = [];
  const shifts: number[] = [];
  indices.forEach((i, r) => {
    const p = pipes[i]!;
    const age = ageOf(model, p, asOfYear);
    for (let d = -h; d <= h; d++) {
      // A shifted pipe must still be laid by now; an unknown install year has nothing to shift.
      if (d !== 0 && (p.installYear == null || d > age)) continue;
      row.push(r);
      shifts.push(d);
    }
  });
  const bins = variantBins(model, pipes, history, asOfYear, indices, row, shifts);
  const rates = predictLogRate(model.booster, bins, row.length);
  const sum = new Float64Array(indices.length);
  const weights = new Float64Array(indices.length);
  row.forEach((r, v) => {
    const p = pipes[indices[r]!]!;
    const d = shifts[v]!;
    const age = ageOf(model, p, asOfYear);
    // The variant is d years younger: the ageing law brings its rate back to the pipe's age.
    const toAge =
      exponentOf(law, p.material) *
      (Math.log(Math.max(law.minAgeYears, age)) - Math.log(Math.max(law.minAgeYears, age - d)));
    const w = h + 1 - Math.abs(d);
    sum[r] = sum[r]! + w * (rates[v]! + toAge);
    weights[r] = weights[r]! + w;
  });
  return sum.map((s, r) => s / weights[r]!);
}

/**
 * The binned features of each variant (pipe `indices[row[v]]` laid `shifts[v]` years later), as buildFrame and
 * binFrame give them for the shifted pipe. Only the install year's three features move with the shift, so the pipes'
 * rows are built once and each variant copies its pipe's row and bins those three again: building and binning all 21
 * variants of 100k pipes (2.1 million objects and rows) was a sixth of the LOF stage.
 */
function variantBins(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  indices: readonly number[],
  row: readonly number[],
  shifts: readonly number[],
): Uint8Array[] {
  const frame = buildFrame(pipes, history, model.context, {
    cutoffYear: asOfYear,
    pipeIndices: Uint32Array.from(indices),
  });
  const own = binFrame(frame, model.booster.bins);
  const edgesOf = (name: string) => {
    const f = frame.specs.findIndex((s) => s.name === name);
    const b = model.booster.bins[f];
    return b?.kind === 'numeric' ? { f, edges: b.edges } : null;
  };
  const [age, vintage, since] = [edgesOf('ageYears'), edgesOf('installYear'), edgesOf('yearsSinceLastBreak')];
  if (age === null || vintage === null || since === null) throw new Error('the model lacks its age features');
  const bins = own.map(() => new Uint8Array(row.length));
  // buildFrame's instant: the cutoff, aged by nothing.
  const atYear = asOfYear + 0;
  for (let v = 0; v < row.length; v++) {
    const r = row[v]!;
    for (let f = 0; f < own.length; f++) bins[f]![v] = own[f]![r]!;
    const p = pipes[indices[r]!]!;
    const installYear = p.installYear! + shifts[v]!;
    // The pipe itself, or a pipe whose install year is not a number (it then takes the median, shifted or not).
    if (shifts[v] === 0 || !Number.isFinite(installYear)) continue;
    const years = history.yearsByPipe[indices[r]!]!;
    const before = countBelow(years, asOfYear);
    bins[age.f]![v] = numericBin(age.edges, ageAt(atYear, installYear));
    bins[vintage.f]![v] = numericBin(vintage.edges, installYear);
    bins[since.f]![v] = numericBin(
      since.edges,
      yearsSinceLastBreak(model.context, years, before, atYear, installYear),
    );
  }
  return bins;
}
