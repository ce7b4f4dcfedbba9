// Remaining useful life: the years until a pipe's break rate (breaks per km·year) reaches the rate at which this
// utility's mains are due for renewal. Whole years; 0 = already there; maxYears (100, domain RUL_OVER_LIMIT_YEARS,
// shown as '100+ years') = not within 100 years; null = n/a (no length, not laid yet).
//
// rate in k years = level × (max(10, age + k) ÷ max(10, age))^b, RUL = the first whole k ≥ 0 at which it reaches the
// threshold (closed form below, equal to ageing the pipe year by year: tested).
//
// - level (level.ts): the LOF model's rate for the pipe today, smoothed over install years ±10.
// - b (ageing.ts): the power-law ageing of the pipe's material, fitted on the utility's breaks. The trees give where a
//   pipe stands, not how fast it ages: their age response is confounded with install year and flat past the oldest
//   age bin, which made RUL two-valued (0 or 100+, issue 15). The law is smooth and monotone, so a small edit moves
//   RUL by a few years, and it extrapolates past the oldest age of the record.
// - threshold: the rate exceeded by the worst `dueLengthShare` (5 %) of the network's length today. Derived from the
//   utility's own rates because what a utility records as a break (every leak, or main breaks only) and its network
//   decide what a high rate is: an absolute figure from elsewhere can put half a network past due, or none of it. 5 %
//   of the length is due now: a backlog to plan, not a verdict on the whole network. It is a policy, so a utility may
//   fix the threshold instead (`fixedThresholdBreaksPerKmYear`), e.g. at its economic break-even (Shamir & Howard
//   1979, JAWWA 71(5): renewal pays once a pipe's yearly repair cost exceeds its annualised replacement cost).
//
// The cap is what the data says for young pipes of durable materials, not a failure to extrapolate: on the demo town
// PVC laid since 1990 breaks ~0.04/km·year, its fitted b is 0.91, and it would take centuries to reach the due rate
// (0.59); the generator's own hazard gives it 100+ too (lof/README.md, RUL: 72 % of the town at 100+, 80 % by the
// truth). Assumed: no renewal, no new breaks, today's operating conditions.
import { RUL_OVER_LIMIT_YEARS } from '@pipewise/domain';
import type { BreakHistory } from '../lof/history.ts';
import type { LofModel } from '../lof/model.ts';
import type { LofPipe } from '../lof/types.ts';
import { exponentOf, fitAgeing, type AgeingLaw } from './ageing.ts';
import { ageOf, currentRates } from './level.ts';

export interface RulOptions {
  /** Share of the network's length (by today's rate) taken as due now: the threshold is the rate at its edge. */
  readonly dueLengthShare: number;
  /** The utility's own threshold instead of the derived one (breaks per km·year); null = derive it. */
  readonly fixedThresholdBreaksPerKmYear: number | null;
  /** Rates of shorter pipes are taken over this length. */
  readonly minLengthM: number;
  readonly maxYears: number;
  /** Half-width of the install-year window the level is averaged over (level.ts); 0 = the trees' rate as is. */
  readonly smoothingYears: number;
}

export const DEFAULT_RUL_OPTIONS: RulOptions = {
  dueLengthShare: 0.05,
  fixedThresholdBreaksPerKmYear: null,
  minLengthM: 100,
  maxYears: RUL_OVER_LIMIT_YEARS,
  smoothingYears: 10,
};

/**
 * Everything RUL needs besides the model, fixed by the full analysis and stored with it (LofScoring.rul, the model
 * card's `rul`), so that a single pipe's edit ages it with the same threshold and law.
 */
export interface RulCalibration extends RulOptions {
  readonly thresholdBreaksPerKmYear: number;
  readonly ageing: AgeingLaw;
}

/** A stored calibration of this form (a run stored before it had only the threshold options). */
export function isRulCalibration(value: unknown): value is RulCalibration {
  const v = value as Partial<RulCalibration> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.thresholdBreaksPerKmYear === 'number' &&
    typeof v.smoothingYears === 'number' &&
    typeof v.ageing?.pooledExponent === 'number'
  );
}

/** Whole years until `level` aged by the law reaches the threshold, capped at maxYears (also the prior LOF's). */
export function yearsToThreshold(
  level: number,
  ageYears: number,
  exponent: number,
  calibration: Pick<RulCalibration, 'thresholdBreaksPerKmYear' | 'maxYears' | 'ageing'>,
): number {
  const { thresholdBreaksPerKmYear: threshold, maxYears } = calibration;
  if (level >= threshold) return 0;
  if (!(exponent > 0) || !(level > 0)) return maxYears;
  const from = Math.max(calibration.ageing.minAgeYears, ageYears);
  const reachedAtAge = from * (threshold / level) ** (1 / exponent);
  return Math.min(maxYears, Math.max(0, Math.ceil(reachedAtAge - ageYears)));
}

function yearsOf(
  model: LofModel,
  pipes: readonly LofPipe[],
  asOfYear: number,
  levels: Float64Array,
  calibration: RulCalibration,
): (number | null)[] {
  return pipes.map((p, i) =>
    Number.isNaN(levels[i]!)
      ? null
      : yearsToThreshold(
          levels[i]!,
          ageOf(model, p, asOfYear),
          exponentOf(calibration.ageing, p.material),
          calibration,
        ),
  );
}

/** The rate exceeded by `share` of the scored pipes' length (each at its own level; NaN = unscored). */
export function rateAtLengthShare(pipes: readonly LofPipe[], levels: Float64Array, share: number): number {
  const scored = [...levels.keys()].filter((i) => !Number.isNaN(levels[i]!));
  scored.sort((a, b) => levels[a]! - levels[b]! || a - b);
  const total = scored.reduce((s, i) => s + pipes[i]!.lengthM, 0);
  let below = 0;
  for (const i of scored) {
    below += pipes[i]!.lengthM;
    if (below >= (1 - share) * total) return levels[i]!;
  }
  return Infinity;
}

export interface RulAnalysis {
  readonly calibration: RulCalibration;
  /** Per pipe, in input order. */
  readonly years: (number | null)[];
}

/** The full analysis' RUL: fits the ageing law and the threshold on the network, then every pipe's years. */
export function analyzeRul(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  options: Partial<RulOptions> = {},
): RulAnalysis {
  const o = { ...DEFAULT_RUL_OPTIONS, ...options };
  const ageing = fitAgeing(pipes, history, model.training.cutoffYears);
  const levels = currentRates(model, pipes, history, asOfYear, ageing, o);
  const calibration: RulCalibration = {
    ...o,
    thresholdBreaksPerKmYear:
      o.fixedThresholdBreaksPerKmYear ?? rateAtLengthShare(pipes, levels, o.dueLengthShare),
    ageing,
  };
  return { calibration, years: yearsOf(model, pipes, asOfYear, levels, calibration) };
}

/** RUL in whole years per pipe with a stored calibration (null = n/a; maxYears = '100+'). */
export function remainingUsefulLife(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  calibration: RulCalibration,
): (number | null)[] {
  const levels = currentRates(model, pipes, history, asOfYear, calibration.ageing, calibration);
  return yearsOf(model, pipes, asOfYear, levels, calibration);
}
