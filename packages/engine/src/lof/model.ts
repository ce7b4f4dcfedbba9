// Training a LOF model on a dataset's own break history. Two passes with the same seed: the first trains
// on every panel year but the last (panel option validationYears: the last n) and stops early on it (time-based
// validation); the second refits on all years with the number of trees the first one chose (the usual practice
// with early stopping). The validation years must hold enough breaks to choose by (issue 40: an empty early-stopping
// year stopped training at 13–15 trees and gave half the pipes one score): `chooseValidation` widens them, and without
// enough breaks in any trains a fixed number of trees, saying so in the summary.
import { binFrame, fitBins, numericBin } from './binning.ts';
import {
  DEFAULT_BOOST_PARAMS,
  fitBooster,
  predictLogRate,
  type BoostData,
  type BoostModel,
} from './booster.ts';
import {
  ageAt,
  buildFrame,
  fitFeatureContext,
  yearsSinceLastBreak,
  type FeatureContext,
  type FeatureFrame,
  type FrameOptions,
} from './features.ts';
import { countBelow, indexBreaks, type BreakHistory } from './history.ts';
import { buildPanel, DEFAULT_PANEL_OPTIONS } from './panel.ts';
import { ThinRecordError } from './thin-record.ts';
import { recordRule, type LofRecordRule } from './short-record.ts';
import { meanPoissonDeviance } from './poisson.ts';
import { phases, type OnProgress } from '../progress/progress.ts';
import { alignDown, yearOfMs } from './time.ts';
import type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './types.ts';

export interface LofTrainInput {
  readonly pipes: readonly LofPipe[];
  readonly breaks: readonly LofBreak[];
  readonly attributes?: readonly LofAttributeSpec[];
  /** Training uses breaks before this instant (epoch ms); default the last break. */
  readonly endMs?: number;
  /** Start of the break record (epoch ms); default the first break. */
  readonly recordStartMs?: number;
  readonly seed: number;
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
  /** Restrict the trees to these feature names (the baselines); default all. */
  readonly features?: readonly string[];
  /** Reuse an index of the same pipes and breaks. */
  readonly history?: BreakHistory;
}

/** How the number of trees was chosen (issue 40). */
export interface LofValidation {
  /**
   * 'last-years': early stopping on the most recent panel years asked (`validationYears`); 'widened': those held too
   * few breaks, so more recent years were held out; 'fixed-trees': no held-out set had enough breaks (or the panel
   * has one year), so a fixed number of trees was trained without early stopping.
   */
  readonly rule: 'last-years' | 'widened' | 'fixed-trees';
  /** Panel years held out (0 with fixed trees). */
  readonly years: number;
  /** Breaks in the years held out, and what the training years' rate per pipe-year expects there. */
  readonly breaks: number;
  readonly expectedBreaks: number;
  /** Most recent panel years (0 = latest) found too thin to validate on: too few breaks, or implausibly few. */
  readonly thinYears: readonly number[];
}

/**
 * The level recalibration applied to the final model's rates (issue 40; `levelRecalibration`). Absent on models stored
 * before it (no recalibration).
 */
export interface LofRecalibration {
  /** Multiplier applied to every rate of the final model (1: none). */
  readonly factor: number;
  /** Observed ÷ predicted on the held-out years, before shrinkage; null when no year was held out (fixed trees). */
  readonly rawFactor: number | null;
  /** Breaks recorded in the held-out years, and what the model trained without them predicted there. */
  readonly observedBreaks: number;
  readonly predictedBreaks: number;
  /** Panel years held out (0: none, factor 1). */
  readonly years: number;
  /** Over-dispersion of the panel's yearly counts (variance ÷ Poisson variance, at least 1) used in the shrinkage. */
  readonly dispersion: number;
  /** The shrinkage's prior in breaks (PanelOptions.recalibrationPriorBreaks); null: recalibration off. */
  readonly priorBreaks: number | null;
}

export interface LofTrainingSummary {
  readonly rows: number;
  readonly breaks: number;
  readonly exposureKmYears: number;
  readonly cutoffYears: readonly number[];
  /** Breaks in each cutoff's target year (aligned with cutoffYears): an empty or doubled year shows here. */
  readonly breaksByCutoff: readonly number[];
  readonly validation: LofValidation;
  readonly validationRows: number;
  readonly trees: number;
  readonly validationDeviance: number | null;
  readonly constantValidationDeviance: number | null;
  readonly recalibration?: LofRecalibration;
  /** Issue 40: what the record's length allowed (short-record.ts); absent on models stored before it. */
  readonly recordRule?: LofRecordRule;
}

/** A trained model: plain data, JSON-serialisable, stored with the dataset. */
export interface LofModel {
  readonly kind: 'pipewise-lof-gbm-poisson';
  readonly version: 1;
  readonly seed: number;
  readonly endYear: number;
  readonly params: BoostParams;
  readonly panel: PanelOptions;
  readonly context: FeatureContext;
  readonly booster: BoostModel;
  readonly training: LofTrainingSummary;
}

/**
 * The rows `keep` accepts, copied in order. Plain loops: TypedArray.from with a mapping function goes through the
 * iterator protocol, and copying the panel's columns that way was a sixth of a 20k-pipe model's training.
 */
export function selectRows(data: BoostData, keep: (row: number) => boolean): BoostData {
  const n = data.y.length;
  const all = new Uint32Array(n);
  let k = 0;
  for (let r = 0; r < n; r++) if (keep(r)) all[k++] = r;
  const rows = all.subarray(0, k);
  const pick = <A extends Uint8Array | Float64Array>(from: A, to: A): A => {
    for (let i = 0; i < k; i++) to[i] = from[rows[i]!]!;
    return to;
  };
  return {
    bins: data.bins.map((c) => pick(c, new Uint8Array(k))),
    y: pick(data.y, new Float64Array(k)),
    exposure: pick(data.exposure, new Float64Array(k)),
    ...(data.weight ? { weight: pick(data.weight, new Float64Array(k)) } : {}),
  };
}

/** Fewest breaks in the held-out years for early stopping to choose the trees by (fewer: its curve is noise). */
export const MIN_VALIDATION_BREAKS = 10;
/** Most panel years held out when the latest are thin. */
export const MAX_VALIDATION_YEARS = 3;
/** Trees without early stopping (a panel of one year, or no held-out set with enough breaks). */
export const FIXED_TREES = 100;

/** P(X ≤ k) for X ~ Poisson(mean). */
export function poissonCdf(k: number, mean: number): number {
  let term = Math.exp(-mean);
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= mean / i;
    sum += term;
  }
  return Math.min(1, sum);
}

/**
 * Held-out years with too few breaks to choose by: fewer than MIN_VALIDATION_BREAKS, or fewer than half what the
 * training years' rate expects there and implausibly so under a Poisson count (P ≤ 1 %: a year the record left
 * empty, not a quiet year).
 */
export function isThinValidation(breaks: number, expected: number): boolean {
  return breaks < MIN_VALIDATION_BREAKS || (breaks < 0.5 * expected && poissonCdf(breaks, expected) <= 0.01);
}

/**
 * The panel years to stop early on: the `validationYears` most recent ones, widened one year at a time (up to
 * MAX_VALIDATION_YEARS, keeping a year to train on) while they are thin; null when none will do (fixed trees).
 */
export function chooseValidation(
  breaksByCutoff: readonly number[],
  rowsByCutoff: readonly number[],
  validationYears: number,
): { held: number | null; validation: LofValidation } {
  const n = breaksByCutoff.length;
  const sum = (a: readonly number[], from: number, to: number) =>
    a.slice(from, to).reduce((x, y) => x + y, 0);
  const thinYears = breaksByCutoff.flatMap((b, j) => {
    const rate = (sum(breaksByCutoff, 0, n) - b) / Math.max(1, sum(rowsByCutoff, 0, n) - rowsByCutoff[j]!);
    return j < MAX_VALIDATION_YEARS && n > 1 && isThinValidation(b, rate * rowsByCutoff[j]!) ? [j] : [];
  });
  const first = Math.max(1, Math.min(validationYears, n - 1));
  const last = Math.max(first, Math.min(MAX_VALIDATION_YEARS, n - 1));
  let held = first;
  const at = (h: number) => {
    const breaks = sum(breaksByCutoff, 0, h);
    const rate = sum(breaksByCutoff, h, n) / Math.max(1, sum(rowsByCutoff, h, n));
    return { breaks, expectedBreaks: rate * sum(rowsByCutoff, 0, h) };
  };
  while (n > 1 && held < last && isThinValidation(at(held).breaks, at(held).expectedBreaks)) held++;
  const { breaks, expectedBreaks } = n > 1 ? at(held) : { breaks: 0, expectedBreaks: 0 };
  if (n <= 1 || isThinValidation(breaks, expectedBreaks))
    return { held: null, validation: { rule: 'fixed-trees', years: 0, breaks, expectedBreaks, thinYears } };
  const rule = held > first ? 'widened' : 'last-years';
  return { held, validation: { rule, years: held, breaks, expectedBreaks, thinYears } };
}

/**
 * Over-dispersion of yearly break counts: Pearson χ² of the panel years' counts around a constant rate per row,
 * over its degrees of freedom, at least 1 (a Poisson count). A trend in the record counts as dispersion too, which
 * only shrinks the recalibration more.
 */
export function yearlyDispersion(breaksByCutoff: readonly number[], rowsByCutoff: readonly number[]): number {
  const n = breaksByCutoff.length;
  const breaks = breaksByCutoff.reduce((a, b) => a + b, 0);
  const rows = rowsByCutoff.reduce((a, b) => a + b, 0);
  if (n < 2 || breaks === 0 || rows === 0) return 1;
  let chi2 = 0;
  for (let j = 0; j < n; j++) {
    const expected = (breaks * rowsByCutoff[j]!) / rows;
    if (expected > 0) chi2 += (breaksByCutoff[j]! - expected) ** 2 / expected;
  }
  return Math.max(1, chi2 / (n - 1));
}

/**
 * The level recalibration (issue 40), learned out of time. The model validated on the held-out most recent years
 * (trained without them, as early stopping already does) predicts them; observed ÷ predicted there is the bias of
 * a model of this record forecasting the year after its training, which is what the final model is used for (the
 * scores, the programme, the planner). The final model's rates are scaled by it, shrunk towards 1: a Gamma prior on
 * the multiplier worth `priorBreaks` breaks, and the counts divided by the record's over-dispersion φ (a year's count
 * varies φ times a Poisson one), so factor = (O/φ + prior) / (E/φ + prior). A ratio from 60 breaks is firmer than one
 * from 6, and a record whose years swing widely is trusted less. A monotone scale: rankings (AUC, P@1 %) unchanged.
 * Chosen over fitting on the card's backtest window: that window lies before the final model's training end, so its
 * factor would measure an older model's extrapolation, and the eval could not test it out of time.
 */
export function levelRecalibration(
  observed: number,
  predicted: number,
  years: number,
  dispersion: number,
  priorBreaks: number | null,
): LofRecalibration {
  const none = { factor: 1, rawFactor: null, observedBreaks: observed, predictedBreaks: predicted, years };
  if (years === 0 || !(predicted > 0)) return { ...none, dispersion, priorBreaks };
  const rawFactor = observed / predicted;
  if (priorBreaks === null) return { ...none, rawFactor, dispersion, priorBreaks };
  const phi = Math.max(1, dispersion);
  const factor = (observed / phi + priorBreaks) / (predicted / phi + priorBreaks);
  return { ...none, factor, rawFactor, dispersion: phi, priorBreaks };
}

/**
 * Progress: the panel, the validated fit (trees built of those it expects: booster.ts) and the refit (trees of the
 * number chosen), by their share of a 20k-pipe training.
 */
export function trainLofModel(input: LofTrainInput, onProgress?: OnProgress): LofModel {
  const progress = phases(onProgress, { panel: 0.17, validated: 0.57, refit: 0.26 });
  const askedParams = { ...DEFAULT_BOOST_PARAMS, ...input.params };
  const askedPanel = { ...DEFAULT_PANEL_OPTIONS, ...input.panel };
  const history = input.history ?? indexBreaks(input.pipes, input.breaks);
  // The end of training on a boundary of the record's date precision (1 January when dates are year-only), so every
  // yearly window holds whole calendar periods of the dates it counts (time.ts).
  const rawEnd = input.endMs !== undefined ? yearOfMs(input.endMs) : history.lastBreakYear;
  const endYear = Number.isFinite(rawEnd) ? alignDown(rawEnd, history.precision) : rawEnd;
  const start = input.recordStartMs !== undefined ? yearOfMs(input.recordStartMs) : history.firstBreakYear;
  if (!Number.isFinite(endYear) || !Number.isFinite(start))
    throw new ThinRecordError('the dataset has no break record linked to its pipes');
  // The record's length decides the panel and the trees' size (short-record.ts); the model keeps what it trained with.
  const {
    rule,
    panel: panelOptions,
    params,
  } = recordRule(start, endYear, askedPanel, askedParams, FIXED_TREES);
  const context = fitFeatureContext(input.pipes, start, input.attributes ?? []);
  const panel = buildPanel(input.pipes, history, context, endYear, panelOptions);
  const bins = fitBins(panel.frame, params);
  progress.panel(1);
  const specs = panel.frame.specs;
  const wanted = input.features;
  const used = specs.flatMap((s, j) => (wanted === undefined || wanted.includes(s.name) ? [j] : []));
  if (used.length === 0) throw new Error('no known feature selected');
  const halfLife = panelOptions.recencyHalfLifeYears;
  const weight =
    halfLife !== null && halfLife > 0
      ? Float64Array.from(panel.rowCutoff, (j) => 0.5 ** (j / halfLife))
      : null;
  const all: BoostData = {
    bins: binFrame(panel.frame, bins),
    y: panel.y,
    exposure: panel.exposure,
    ...(weight ? { weight } : {}),
  };
  const setup = { specs, bins, used };
  let trees = rule.fixedTrees;
  let validationDeviance: number | null = null;
  let constantValidationDeviance: number | null = null;
  let validationRows = 0;
  let heldObserved = 0;
  let heldPredicted = 0;
  const rowsByCutoff = panel.cutoffYears.map(() => 0);
  for (const j of panel.rowCutoff) rowsByCutoff[j] = rowsByCutoff[j]! + 1;
  const { held, validation } = chooseValidation(
    panel.breaksByCutoff,
    rowsByCutoff,
    panelOptions.validationYears,
  );
  if (held !== null) {
    const train = selectRows(all, (r) => panel.rowCutoff[r]! >= held);
    const valid = selectRows(all, (r) => panel.rowCutoff[r]! < held);
    const first = fitBooster(setup, train, valid, params, input.seed, (built, expected) =>
      progress.validated(built / expected),
    );
    trees = first.model.trees.length;
    validationRows = valid.y.length;
    validationDeviance = first.validationDeviance[trees - 1] ?? null;
    const constant = valid.exposure.map((e) => e * Math.exp(first.model.baseScore));
    constantValidationDeviance = meanPoissonDeviance(valid.y, constant);
    const logRate = predictLogRate(first.model, valid.bins, valid.y.length);
    for (let r = 0; r < valid.y.length; r++) {
      heldObserved += valid.y[r]!;
      heldPredicted += valid.exposure[r]! * Math.exp(logRate[r]!);
    }
  }
  const recalibration = levelRecalibration(
    heldObserved,
    heldPredicted,
    held ?? 0,
    yearlyDispersion(panel.breaksByCutoff, rowsByCutoff),
    panelOptions.recalibrationPriorBreaks ?? null,
  );
  progress.validated(1);
  const refit = fitBooster(setup, all, null, { ...params, maxTrees: trees }, input.seed, (built, expected) =>
    progress.refit(built / expected),
  ).model;
  // The scale on the base score: every rate, expected count and P(≥ 1) downstream reads it; drivers (contributions
  // of the features over the base) do not move.
  const booster = { ...refit, baseScore: refit.baseScore + Math.log(recalibration.factor) };
  return {
    kind: 'pipewise-lof-gbm-poisson',
    version: 1,
    seed: input.seed,
    endYear,
    params,
    panel: panelOptions,
    context,
    booster,
    training: {
      rows: panel.y.length,
      breaks: panel.y.reduce((a, b) => a + b, 0),
      exposureKmYears: panel.kmYears,
      cutoffYears: panel.cutoffYears,
      breaksByCutoff: panel.breaksByCutoff,
      validation,
      validationRows,
      trees,
      validationDeviance,
      constantValidationDeviance,
      recalibration,
      recordRule: rule,
    },
  };
}

/** Binned features of pipes as of a cutoff (optionally aged), in the model's bins. */
export function binnedFrame(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  options: FrameOptions,
): { bins: Uint8Array[]; rows: number } {
  const frame = buildFrame(pipes, history, model.context, options);
  return { bins: binFrame(frame, model.booster.bins), rows: frame.pipeIndex.length };
}

/**
 * The binned frame `bins` (of `frame`, built as of `cutoffYear` without ageing) aged by `agedYears`: ageing moves a
 * pipe's age and its years since the last break, nothing else, so only those two columns are binned again; the others
 * are shared. Equal to binnedFrame with `agedYears` (scoring ages every pipe four more years: four frames saved).
 */
export function agedBins(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  frame: FeatureFrame,
  bins: readonly Uint8Array[],
  cutoffYear: number,
  agedYears: number,
): Uint8Array[] {
  const atYear = cutoffYear + agedYears;
  const ctx = model.context;
  const rebinned = (name: string, value: (i: number, installYear: number | null) => number) => {
    const f = frame.specs.findIndex((s) => s.name === name);
    const b = model.booster.bins[f];
    if (b?.kind !== 'numeric') throw new Error(`the model has no numeric feature ${name}`);
    const column = new Uint8Array(frame.pipeIndex.length);
    for (let r = 0; r < column.length; r++) {
      const i = frame.pipeIndex[r]!;
      const own = pipes[i]!.installYear;
      const known = typeof own === 'number' && Number.isFinite(own) ? own : null;
      column[r] = numericBin(b.edges, value(i, known));
    }
    return [f, column] as const;
  };
  const [age, ages] = rebinned('ageYears', (_, year) => ageAt(atYear, year ?? ctx.medianInstallYear));
  const [since, sinces] = rebinned('yearsSinceLastBreak', (i, year) => {
    const years = history.yearsByPipe[i]!;
    return yearsSinceLastBreak(ctx, years, countBelow(years, cutoffYear), atYear, year);
  });
  return bins.map((column, f) => (f === age ? ages : f === since ? sinces : column));
}

/** log(breaks per km·year) of pipes as of a cutoff (optionally aged). */
export function logRates(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  options: FrameOptions,
): Float64Array {
  const { bins, rows } = binnedFrame(model, pipes, history, options);
  return predictLogRate(model.booster, bins, rows);
}
