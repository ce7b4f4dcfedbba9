// How fast a pipe's break rate rises with age, fitted on the utility's own break record: RUL needs it and the LOF
// trees cannot give it. In the trees' training panel age and install year move together (age = cutoff − install
// year over ten yearly cutoffs), so most of the age gradient is learnt as an install-year effect that ageing a pipe
// does not move, and past the last age bin (the oldest ~2 % of pipe-years) a tree is flat: on the demo town, ageing
// cast iron laid 1930–59 a hundred years in the trees raised its rate by 5 %.
//
// Law: λ(age) ∝ age^b per material: the power-law (Weibull) intensity of the non-homogeneous Poisson break models
// reviewed by Kleiner & Rajani (2001, Urban Water 3(3):131–150, §3–4), shape b + 1. Fitted by Poisson maximum
// likelihood on the LOF panel's pipe-years (ages at the model's yearly cutoffs, breaks in the year after, exposure in
// km) with a free level per material, log λ = α_m + b_m·ln(max(10, age)): the level then profiles out in closed form
// and b is a one-dimensional concave fit. The fit is cross-sectional (space for time): it assumes a pipe k years from
// now breaks as today's pipes of its material k years older do, so a vintage effect (pit-cast against spun iron) is
// read as ageing, and the law is extrapolated past the oldest age of the record. Thin materials are shrunk: each b_m
// is a maximum a posteriori estimate with a normal prior centred on the pooled b (one slope, a level per material)
// with SD 0.5, and the pooled b has the same prior centred on 1 (linear ageing, Weibull shape 2), so a short record
// gives the textbook law and a long one its own. b is clamped to [0, 3]: ageing never lowers a rate.
//
// Tried and not adopted (issue 39): a within-cohort fit, a level per material × 5-year install band (profiled out
// as the material's is here) so that b is learnt from how the same cohorts' rates move over the panel's calendar
// years, with the likelihood scaled by the over-dispersion of the yearly counts (a cold winter hits every cohort at
// once). On a synthetic record of 20 yearly cutoffs it separates vintage from ageing (no ageing under a strong
// vintage effect: b 0.27 and 0 against 2.72 and 1.22 here; b = 1.5 recovered as 1.53 and 1.34), but ten cutoffs
// carry about a quarter of the prior's information, so every material ends near b = 1. On Kitchener trained to 2014
// ductile iron went 2.56 → 1.16 and cast iron 0 → 1.04 (older pit-cast iron breaking less than post-war spun iron
// is a vintage effect too), and the zero-budget backcast 2015–2023 did not improve: 887 breaks predicted against
// 886, 642 observed (programme/README.md). On the demo town it came no closer to the generator's exponents (mean
// absolute error 0.41 against 0.40). Without the scaling it read the 2013–14 winter as ageing (b 1.4, 923 breaks).
import { countBetween, type BreakHistory } from '../lof/history.ts';
import { MISSING_CATEGORY } from '../lof/features.ts';
import type { LofPipe } from '../lof/types.ts';

export interface AgeingLaw {
  /** b per material key (material code as text, '' when unknown). */
  readonly exponentByMaterial: Readonly<Record<string, number>>;
  /** For a material the record does not hold. */
  readonly pooledExponent: number;
  /** Ages below this count as this (AGEING_MIN_AGE_YEARS). */
  readonly minAgeYears: number;
  /** Youngest and oldest age of the panel rows: past the oldest the law is an extrapolation. */
  readonly fittedAgeRangeYears: readonly [number, number];
}

/**
 * Ages below this count as this. Breaks in a main's first years come from laying defects and third-party damage more
 * than from ageing (the early phase of the bathtub curve), and age^b is steepest near 0: with a floor of 1 year a
 * one-year correction of a young pipe's install year moved its RUL by up to 20 years on the demo town, with 10 by 10.
 */
export const AGEING_MIN_AGE_YEARS = 10;
/** The textbook law a short record is shrunk towards (linear ageing, Weibull shape 2); the prior LOF's law (lof/prior.ts). */
export const PRIOR_EXPONENT = 1;
const PRIOR_SD = 0.5;
const EXPONENT_RANGE = [0, 3] as const;

export const materialKey = (material: LofPipe['material']): string =>
  material == null ? MISSING_CATEGORY : String(material);

/** The panel rows of one material: ln age, exposure (km), breaks. */
interface Rows {
  readonly x: number[];
  readonly e: number[];
  readonly y: number[];
}

/** Score and information of the profile log-likelihood in b (the level α profiled out). */
function profile(rows: Rows, b: number): { score: number; info: number } {
  let breaks = 0;
  let breaksX = 0;
  let w = 0;
  let wx = 0;
  let wxx = 0;
  for (let r = 0; r < rows.x.length; r++) {
    const x = rows.x[r]!;
    const weight = rows.e[r]! * Math.exp(b * x);
    breaks += rows.y[r]!;
    breaksX += rows.y[r]! * x;
    w += weight;
    wx += weight * x;
    wxx += weight * x * x;
  }
  if (breaks === 0 || w === 0) return { score: 0, info: 0 };
  const mean = wx / w;
  return { score: breaksX - breaks * mean, info: breaks * Math.max(0, wxx / w - mean * mean) };
}

/** Maximum a posteriori b over groups sharing it, under a normal prior (Newton on a concave objective). */
function fitExponent(groups: readonly Rows[], prior: number): number {
  let b = prior;
  for (let iteration = 0; iteration < 100; iteration++) {
    let score = -(b - prior) / PRIOR_SD ** 2;
    let info = 1 / PRIOR_SD ** 2;
    for (const g of groups) {
      const p = profile(g, b);
      score += p.score;
      info += p.info;
    }
    const step = Math.max(-1, Math.min(1, score / info));
    b += step;
    if (Math.abs(step) < 1e-10) break;
  }
  return b;
}

const clampExponent = (b: number) => Math.min(EXPONENT_RANGE[1], Math.max(EXPONENT_RANGE[0], b));

/** The ageing law of a network from its pipes' breaks at the LOF panel's cutoffs (model.training.cutoffYears). */
export function fitAgeing(
  pipes: readonly LofPipe[],
  history: BreakHistory,
  cutoffYears: readonly number[],
): AgeingLaw {
  const byMaterial = new Map<string, Rows>();
  let youngest = Infinity;
  let oldest = -Infinity;
  for (const c of cutoffYears) {
    pipes.forEach((p, i) => {
      // Without an install year there is no age to learn from.
      if (p.installYear == null || !Number.isFinite(p.installYear) || p.installYear > c) return;
      if (!(p.lengthM > 0)) return;
      const key = materialKey(p.material);
      let rows = byMaterial.get(key);
      if (rows === undefined) byMaterial.set(key, (rows = { x: [], e: [], y: [] }));
      const age = c - p.installYear;
      youngest = Math.min(youngest, age);
      oldest = Math.max(oldest, age);
      rows.x.push(Math.log(Math.max(AGEING_MIN_AGE_YEARS, age)));
      rows.e.push(p.lengthM / 1000);
      rows.y.push(countBetween(history.yearsByPipe[i]!, c, c + 1));
    });
  }
  const pooled = fitExponent([...byMaterial.values()], PRIOR_EXPONENT);
  const exponentByMaterial = Object.fromEntries(
    [...byMaterial.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, rows]) => [key, clampExponent(fitExponent([rows], pooled))]),
  );
  return {
    exponentByMaterial,
    pooledExponent: clampExponent(pooled),
    minAgeYears: AGEING_MIN_AGE_YEARS,
    fittedAgeRangeYears: Number.isFinite(oldest) ? [youngest, oldest] : [0, 0],
  };
}

export const exponentOf = (law: AgeingLaw, material: LofPipe['material']): number =>
  law.exponentByMaterial[materialKey(material)] ?? law.pooledExponent;
