// Training a LOF model on a dataset's own break history. Two passes with the same seed: the first trains
// on every panel year but the last (panel option validationYears: the last n) and stops early on it (time-based
// validation); the second refits on all years with the number of trees the first one chose (the usual practice
// with early stopping).
import { binFrame, fitBins } from './binning.ts';
import {
  DEFAULT_BOOST_PARAMS,
  fitBooster,
  predictLogRate,
  type BoostData,
  type BoostModel,
} from './booster.ts';
import { buildFrame, fitFeatureContext, type FeatureContext, type FrameOptions } from './features.ts';
import { indexBreaks, type BreakHistory } from './history.ts';
import { buildPanel, DEFAULT_PANEL_OPTIONS } from './panel.ts';
import { ThinRecordError } from './thin-record.ts';
import { meanPoissonDeviance } from './poisson.ts';
import { phases, type OnProgress } from '../progress/progress.ts';
import { yearOfMs } from './time.ts';
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

export interface LofTrainingSummary {
  readonly rows: number;
  readonly breaks: number;
  readonly exposureKmYears: number;
  readonly cutoffYears: readonly number[];
  readonly validationRows: number;
  readonly trees: number;
  readonly validationDeviance: number | null;
  readonly constantValidationDeviance: number | null;
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

function selectRows(data: BoostData, keep: (row: number) => boolean): BoostData {
  const rows = Uint32Array.from(data.y.keys()).filter(keep);
  return {
    bins: data.bins.map((c) => Uint8Array.from(rows, (r) => c[r]!)),
    y: Float64Array.from(rows, (r) => data.y[r]!),
    exposure: Float64Array.from(rows, (r) => data.exposure[r]!),
    ...(data.weight ? { weight: Float64Array.from(rows, (r) => data.weight![r]!) } : {}),
  };
}

/**
 * Progress: the panel, the validated fit (trees built of those it expects: booster.ts) and the refit (trees of the
 * number chosen), by their share of a 20k-pipe training.
 */
export function trainLofModel(input: LofTrainInput, onProgress?: OnProgress): LofModel {
  const progress = phases(onProgress, { panel: 0.17, validated: 0.57, refit: 0.26 });
  const params = { ...DEFAULT_BOOST_PARAMS, ...input.params };
  const panelOptions = { ...DEFAULT_PANEL_OPTIONS, ...input.panel };
  const history = input.history ?? indexBreaks(input.pipes, input.breaks);
  const endYear = input.endMs !== undefined ? yearOfMs(input.endMs) : history.lastBreakYear;
  const start = input.recordStartMs !== undefined ? yearOfMs(input.recordStartMs) : history.firstBreakYear;
  if (!Number.isFinite(endYear) || !Number.isFinite(start))
    throw new ThinRecordError('the dataset has no break record linked to its pipes');
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
  let trees = Math.min(params.maxTrees, 100);
  let validationDeviance: number | null = null;
  let constantValidationDeviance: number | null = null;
  let validationRows = 0;
  const held = Math.max(1, Math.min(panelOptions.validationYears, panel.cutoffYears.length - 1));
  if (panel.cutoffYears.length > 1) {
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
  }
  progress.validated(1);
  const booster = fitBooster(
    setup,
    all,
    null,
    { ...params, maxTrees: trees },
    input.seed,
    (built, expected) => progress.refit(built / expected),
  ).model;
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
      validationRows,
      trees,
      validationDeviance,
      constantValidationDeviance,
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
