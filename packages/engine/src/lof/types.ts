// Plain-data inputs of the LOF model. Dates are epoch milliseconds (UTC); lengths in metres, diameters
// in millimetres (ARCHITECTURE.md: SI in storage, units in names).
import type { MaterialCode } from '@pipewise/domain';

/** A pipe as the LOF model sees it. */
export interface LofPipe {
  readonly id: string;
  /** Install year; may be fractional (1979.5 = mid-1979) when the full date is known. null = unknown. */
  readonly installYear: number | null;
  readonly material: MaterialCode | null;
  readonly diameterMm: number | null;
  readonly lengthM: number;
  /** Any layer attached to pipes (soil, pressure zone, road type…): numbers or category labels. */
  readonly attributes?: Readonly<Record<string, number | string | null | undefined>>;
}

/**
 * How much of a break's date the record kept: the year only (stored on 1 January), the year and month (on the 1st),
 * or the day. The model's yearly windows are aligned to the coarsest precision of the record (time.ts).
 */
export type DatePrecision = 'year' | 'month' | 'day';

/** A recorded break on a pipe. */
export interface LofBreak {
  readonly pipeId: string;
  /** The start of the date's period (UTC): 1 January for a year-only date, the 1st for a month-only one. */
  readonly dateMs: number;
  /** Default 'day'. */
  readonly datePrecision?: DatePrecision;
}

/** How an extra pipe attribute enters the model. */
export interface LofAttributeSpec {
  readonly name: string;
  readonly kind: 'numeric' | 'categorical';
  /** Risk driver code (lof/drivers.ts) it reports as; default guessed from the name (soil, zone…). */
  readonly driverCode?: number;
}

/** Gradient boosting parameters (defaults in booster.ts: DEFAULT_BOOST_PARAMS). */
export interface BoostParams {
  /** Upper bound on trees; early stopping usually ends sooner. */
  readonly maxTrees: number;
  /** Shrinkage applied to every leaf value. */
  readonly learningRate: number;
  readonly maxDepth: number;
  /** Smallest number of rows in a leaf. */
  readonly minRowsLeaf: number;
  /** Smallest sum of Poisson hessians (expected breaks) in a leaf. */
  readonly minHessianLeaf: number;
  /** L2 penalty on leaf values (XGBoost's lambda). */
  readonly l2: number;
  /** Cap on a leaf's Newton step before shrinkage (XGBoost's max_delta_step, 0.7 for Poisson). */
  readonly maxDeltaStep: number;
  /** Fraction of rows sampled (without replacement) for each tree. */
  readonly subsample: number;
  /** Quantile bins per numeric feature (≤ 255). */
  readonly maxBins: number;
  /** Most frequent categories kept per categorical feature; the rest share one bin. */
  readonly maxCategories: number;
  /** Smoothing added to hessians when ordering categories (LightGBM's cat_smooth). */
  readonly catSmooth: number;
  /** Stop when validation deviance has not improved for this many trees. */
  readonly earlyStoppingRounds: number;
  /** Features (by name) the prediction may only rise (+1) or only fall (−1) with; the rest are free. */
  readonly monotone?: Readonly<Record<string, 1 | -1>>;
}

/** Options of the training panel (pipe-years as of several yearly cutoffs). */
export interface PanelOptions {
  /** Yearly cutoffs in the panel (most recent first, each with a full year of target after it). */
  readonly maxCutoffs: number;
  /** Years of break record needed before the first cutoff, so history features mean something. */
  readonly minHistoryYears: number;
  /**
   * Panel rows are weighted 0.5^(years before the most recent cutoff / half-life), so the level of the
   * break rate follows recent years (break rates drift with weather, pressure management and renewals).
   * null = equal weights (the default: on Kitchener an 8-year half-life improved calibration a little
   * and ranking not at all).
   */
  readonly recencyHalfLifeYears: number | null;
  /** Exposure of a pipe-year = (length km)^lengthExponent: 1 = breaks proportional to length. */
  readonly lengthExponent: number;
  /** The most recent panel years held out to choose the number of trees (early stopping); then refit on all. */
  readonly validationYears: number;
  /**
   * Level recalibration out of time (issue 40, model.ts `levelRecalibration`): the final rates are scaled by observed
   * ÷ predicted breaks on the held-out years, shrunk towards 1 as if by a prior worth this many breaks; null = off
   * (the default: it did not improve calibration out of time on Kitchener). Absent on stored models: off.
   */
  readonly recalibrationPriorBreaks?: number | null;
  /**
   * Issue 40: a record too short for the standard panel trains with more, shorter-history cutoffs and shallower
   * trees (short-record.ts). false = the standard rule at any length (the eval's comparison). Default true.
   */
  readonly shortRecordRule?: boolean;
}
