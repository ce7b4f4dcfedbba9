// A prior likelihood of failure for a network without break history (issue 39: "rates by material, diameter class
// and age from a published North American break survey … clearly labelled … as a prior, not learned from the
// utility's breaks, and replaced by the trained model as soon as break history exists"). The LOF stage uses it
// exactly where the trained model cannot be fitted for lack of break history (lof/thin-record.ts); a dataset whose
// record can train a model never sees it.
//
// Rate of a main of material m and age a, breaks per km·year:
//
//   λ(m, a) = r_m × (max(10, a) / R_m)^b
//
// - r_m, the material level: the all-ages average break rate of the material in the Utah State University survey
//   (Folkman 2018; programme/new-pipe-rates.ts PUBLISHED_BREAKS_PER_100_MILES, the same table the programme's
//   new-pipe rates fall back on). An unknown material takes the survey's overall rate (14.0 per 100 miles·year).
// - the age shape: the power law RUL ages every pipe with (rul/ageing.ts: λ ∝ max(10, age)^b) at the exponent a
//   short break record is shrunk towards, b = PRIOR_EXPONENT = 1 (linear ageing, Weibull shape 2), and the same
//   10-year floor (AGEING_MIN_AGE_YEARS).
// - R_m, the reference age: the survey's rate is an average over the mains of every age of 308 utilities, and it
//   publishes no age at which a main of the material breaks at that rate. Rather than invent one, the survey's
//   average is placed at the material's own mains in the network being scored: R_m is the length-weighted power mean
//   of their ages, R_m^b = Σ L·max(10, a)^b ÷ Σ L (with b = 1, the length-weighted mean of max(10, age)). Then the
//   network's length-weighted mean rate of each material equals the survey's average exactly, and the law only
//   spreads it: older mains of the material above, younger below. A material none of whose mains has a known age
//   takes the network's reference age over all materials (10 years when no main has one).
// - diameter: the issue asks for a diameter class too, but no cited break-rate factor by diameter was available
//   offline to this code (the survey's per-material figures above are all-diameter averages), so diameter is left
//   out rather than invented: every diameter of a material gets its material's rate.
// - an unknown age: the material's rate at its reference age (the survey's average), aged from R_m.
//
// Per pipe the output is what the trained model's scoring gives (lof/score.ts): expected breaks over 12/24/36/60
// months aged a year at a time, lof = 1 − exp(−expected breaks), the rate per km today, ranks and cumulative break
// shares (lof/rank.ts), and a RUL by the same law and the same 5 %-of-length threshold as rul/rul.ts. Risk drivers are
// what lifts a pipe's prior rate: its material when the survey rates it above the overall average (material driver
// code), its age when it is older than its material's reference age (code 1).
//
// Assumed: the network breaks like the average of the surveyed North American utilities, material by material; no
// renewal, no new breaks, today's operating conditions. A utility whose mains break much more or less often than the
// survey's will read the right order of pipes by material and age but the wrong level: the model card says so.
import { LOF_MONTHS, MATERIAL, type LofMonths, type MaterialCode } from '@pipewise/domain';
import { PER_100_MILES_TO_PER_KM, PUBLISHED_BREAKS_PER_100_MILES } from '../programme/new-pipe-rates.ts';
import { AGEING_MIN_AGE_YEARS, PRIOR_EXPONENT, materialKey, type AgeingLaw } from '../rul/ageing.ts';
import {
  DEFAULT_RUL_OPTIONS,
  rateAtLengthShare,
  yearsToThreshold,
  type RulCalibration,
  type RulOptions,
} from '../rul/rul.ts';
import { isoDate } from './backtest.ts';
import { featureDriverCode } from './drivers.ts';
import { isScorable } from './panel.ts';
import { cumBreakStep, cumulativeBreakShares, projectWideLof, rankPercentiles } from './rank.ts';
import { unscoredPipe, type ByMonths, type LofScores, type PipeLof } from './score.ts';
import type { LofPipe } from './types.ts';

export const PRIOR_LOF_METHOD =
  "Prior: published North American break rates by material and age (Folkman 2018), not learned from this utility's breaks";

export const PRIOR_LOF_SOURCE =
  'S. Folkman, "Water Main Break Rates In the USA and Canada: A Comprehensive Study", Utah State University ' +
  'Buried Structures Laboratory, March 2018, §5.1 (breaks per 100 miles per year by material, all ages)';

/** The survey's rate over all materials, for a main of unknown material. */
export const PRIOR_UNKNOWN_MATERIAL_PER_100_MILES = PUBLISHED_BREAKS_PER_100_MILES[MATERIAL.UNKNOWN];

/** The ageing law the prior applies: one exponent for every material (nothing to fit it on). */
export const PRIOR_AGEING: AgeingLaw = {
  exponentByMaterial: {},
  pooledExponent: PRIOR_EXPONENT,
  minAgeYears: AGEING_MIN_AGE_YEARS,
  fittedAgeRangeYears: [0, 0],
};

/** One material's prior, as the model card and the stored scoring carry it. */
export interface PriorRate {
  /** Material code; null = unknown. */
  readonly material: MaterialCode | null;
  /** The survey's all-ages rate of the material. */
  readonly breaksPer100MilesYear: number;
  readonly breaksPerKmYear: number;
  /** R_m: the age at which a main of the material has the survey's rate (power mean of max(10, age)). */
  readonly referenceAgeYears: number;
  /** Whether R_m comes from the material's own mains (false: the network's, or the 10-year floor). */
  readonly referenceFromMaterial: boolean;
  /** Length of the material's scored mains, and of those with a known age. */
  readonly lengthKm: number;
  readonly knownAgeKm: number;
}

/** What scores a pipe again with the prior: its rates, the instant and the RUL calibration (stored with the run). */
export interface PriorLofScoring {
  readonly prior: true;
  readonly asOfYear: number;
  readonly rul: RulCalibration;
  readonly rates: readonly PriorRate[];
}

/** The model card of a prior (stored as analyses.lof_card): machine-readable `prior: true`, no backtest. */
export interface PriorLofCard {
  readonly prior: true;
  readonly method: string;
  readonly source: string;
  /** Why no model was trained on the utility's breaks (lof/thin-record.ts). */
  readonly noModelReason: string;
  readonly scoredAsOf: string;
  readonly projectLof: number;
  readonly data: { readonly pipes: number; readonly linkedBreaks: number };
  readonly rates: readonly PriorRate[];
  readonly rul: RulCalibration;
  readonly backtests: readonly never[];
  readonly notes: readonly string[];
}

export interface PriorLofInput {
  readonly pipes: readonly LofPipe[];
  /** Decimal year the pipes are scored as of. */
  readonly asOfYear: number;
  readonly rul?: Partial<RulOptions>;
}

export interface PriorLof {
  readonly scores: LofScores;
  /** Per pipe, in input order: years, 100 = '100+', null = n/a. */
  readonly rulYears: readonly (number | null)[];
  readonly rates: readonly PriorRate[];
  readonly calibration: RulCalibration;
}

/** The survey's rate of a material, per 100 miles·year; an unknown material the overall rate. */
export const priorBreaksPer100Miles = (material: MaterialCode | null): number =>
  (material === null ? undefined : PUBLISHED_BREAKS_PER_100_MILES[material]) ??
  PRIOR_UNKNOWN_MATERIAL_PER_100_MILES;

const effectiveAge = (age: number) => Math.max(AGEING_MIN_AGE_YEARS, age);

/** Age of a pipe at `asOfYear`; null when its install year is unknown. */
const ageAt = (p: LofPipe, asOfYear: number): number | null =>
  p.installYear == null || !Number.isFinite(p.installYear) ? null : Math.max(0, asOfYear - p.installYear);

/**
 * Each material's prior over the pipes to be scored: its survey rate and reference age, the power mean of its mains'
 * ages so that their length-weighted mean rate equals the survey's.
 */
export function priorRates(
  pipes: readonly LofPipe[],
  asOfYear: number,
  exponent = PRIOR_EXPONENT,
): PriorRate[] {
  interface Sums {
    material: MaterialCode | null;
    km: number;
    knownKm: number;
    powered: number;
  }
  const byKey = new Map<string, Sums>();
  const all: Sums = { material: null, km: 0, knownKm: 0, powered: 0 };
  for (const p of pipes) {
    if (!isScorable(p, asOfYear)) continue;
    const key = materialKey(p.material);
    let s = byKey.get(key);
    if (s === undefined)
      byKey.set(key, (s = { material: p.material ?? null, km: 0, knownKm: 0, powered: 0 }));
    const km = p.lengthM / 1000;
    s.km += km;
    const age = ageAt(p, asOfYear);
    if (age === null) continue;
    const powered = km * effectiveAge(age) ** exponent;
    s.knownKm += km;
    s.powered += powered;
    all.knownKm += km;
    all.powered += powered;
  }
  const powerMean = (s: Sums) => (s.powered / s.knownKm) ** (1 / exponent);
  const networkAge = all.knownKm > 0 ? powerMean(all) : AGEING_MIN_AGE_YEARS;
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => {
      const per100 = priorBreaksPer100Miles(s.material);
      const own = s.knownKm > 0;
      return {
        material: s.material,
        breaksPer100MilesYear: per100,
        breaksPerKmYear: per100 * PER_100_MILES_TO_PER_KM,
        referenceAgeYears: own ? powerMean(s) : networkAge,
        referenceFromMaterial: own,
        lengthKm: s.km,
        knownAgeKm: s.knownKm,
      };
    });
}

/** A pipe's prior rate per km·year `agedYears` from now (unknown age: from its material's reference age). */
export function priorRate(
  rate: PriorRate,
  ageYears: number | null,
  agedYears = 0,
  exponent = PRIOR_EXPONENT,
): number {
  const age = (ageYears ?? rate.referenceAgeYears) + agedYears;
  return rate.breaksPerKmYear * (effectiveAge(age) / rate.referenceAgeYears) ** exponent;
}

const byMonths = <T>(f: (months: LofMonths, i: number) => T): ByMonths<T> =>
  Object.fromEntries(LOF_MONTHS.map((m, i) => [m, f(m, i)])) as Record<LofMonths, T>;

/** Every pipe's prior LOF, ranks and RUL as of `asOfYear` (unscorable pipes: null, rank 333). */
export function scorePriorLof(input: PriorLofInput): PriorLof {
  const { pipes, asOfYear } = input;
  const options = { ...DEFAULT_RUL_OPTIONS, ...input.rul };
  const exponent = PRIOR_AGEING.pooledExponent;
  const rates = priorRates(pipes, asOfYear, exponent);
  const rateOf = new Map(rates.map((r) => [materialKey(r.material), r]));
  const maxYears = Math.ceil(Math.max(...LOF_MONTHS) / 12);
  const levels = new Float64Array(pipes.length).fill(NaN);
  // Expected breaks in the first k whole years, per pipe (null: not scored).
  const cumulative: (Float64Array | null)[] = pipes.map((p, i) => {
    if (!isScorable(p, asOfYear)) return null;
    const rate = rateOf.get(materialKey(p.material))!;
    const age = ageAt(p, asOfYear);
    const km = p.lengthM / 1000;
    const byYear = new Float64Array(maxYears);
    let running = 0;
    for (let k = 0; k < maxYears; k++) {
      running += km * priorRate(rate, age, k, exponent);
      byYear[k] = running;
    }
    levels[i] = priorRate(rate, age, 0, exponent);
    return byYear;
  });
  const expected: (number | null)[][] = LOF_MONTHS.map((m) => {
    const years = m / 12;
    const whole = Math.floor(years);
    return cumulative.map((c) => {
      if (c === null) return null;
      const full = whole > 0 ? c[whole - 1]! : 0;
      return full + (years > whole ? (c[whole]! - full) * (years - whole) : 0);
    });
  });
  const ranks = expected.map((e) => rankPercentiles(e.map((x) => (x === null ? null : 1 - Math.exp(-x)))));
  const shares = expected.map(cumulativeBreakShares);
  const overall = priorBreaksPer100Miles(null);
  const scored: PipeLof[] = pipes.map((p, i) => {
    const rank = byMonths((_, h) => ranks[h]![i]!);
    if (cumulative[i] === null) return unscoredPipe(p.id, rank);
    const rate = rateOf.get(materialKey(p.material))!;
    const age = ageAt(p, asOfYear);
    const lofAbsolute = byMonths((_, h) => expected[h]![i]!);
    // What lifts this pipe's prior rate, strongest first: its material above the survey's overall average, its age
    // above its material's reference age.
    const contributions: [number, number][] = [
      [
        featureDriverCode('material', materialKey(p.material), []),
        Math.log(rate.breaksPer100MilesYear / overall),
      ],
      [1, age === null ? 0 : exponent * Math.log(effectiveAge(age) / rate.referenceAgeYears)],
    ];
    return {
      id: p.id,
      breaksPerKmYear: levels[i]!,
      lof: byMonths((m) => 1 - Math.exp(-lofAbsolute[m])),
      lofAbsolute,
      cumBreaks: byMonths((_, h) => shares[h]![i]!),
      cumBreaksStep: byMonths((_, h) => cumBreakStep(shares[h]![i]!)),
      rank,
      riskDrivers: contributions
        .filter(([, c]) => c > 1e-12)
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .map(([code]) => code),
    };
  });
  const calibration: RulCalibration = {
    ...options,
    thresholdBreaksPerKmYear:
      options.fixedThresholdBreaksPerKmYear ?? rateAtLengthShare(pipes, levels, options.dueLengthShare),
    ageing: PRIOR_AGEING,
  };
  const rulYears = pipes.map((p, i) => {
    if (Number.isNaN(levels[i]!)) return null;
    const age = ageAt(p, asOfYear) ?? rateOf.get(materialKey(p.material))!.referenceAgeYears;
    return yearsToThreshold(levels[i]!, age, exponent, calibration);
  });
  return {
    scores: { asOfYear, pipes: scored, projectLof: projectWideLof(scored.map((s) => s.lof?.[12] ?? null)) },
    rulYears,
    rates,
    calibration,
  };
}

/** The model card of a prior. */
export function priorLofCard(prior: PriorLof, pipes: number, noModelReason: string): PriorLofCard {
  return {
    prior: true,
    method: PRIOR_LOF_METHOD,
    source: PRIOR_LOF_SOURCE,
    noModelReason,
    scoredAsOf: isoDate(prior.scores.asOfYear),
    projectLof: prior.scores.projectLof,
    data: { pipes, linkedBreaks: 0 },
    rates: prior.rates,
    rul: prior.calibration,
    backtests: [],
    notes: [
      `No model was trained on this utility's breaks (${noModelReason}): the likelihood of failure is a prior, replaced by the trained model at the first analysis after break history is imported.`,
      "Rates by material from the survey's all-ages averages, spread by age with the power law λ ∝ max(10, age)^1; each material's mains in this network average the survey's rate (reference age: their length-weighted mean age).",
      "No cited break-rate factor by diameter was available: every diameter of a material has its material's rate.",
      'No backtest: there is no break record to hold out.',
    ],
  };
}
