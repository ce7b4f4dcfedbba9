// One LOF analysis of a dataset: train on its whole break record, score every pipe as of the end of the
// record, compute RUL, and backtest (one- and three-year held-out windows) for the model card the utility
// sees. Everything is deterministic for a given seed.
import { COLUMN_DRIVER_BASE } from '@pipewise/domain';
import { analyzeRul, type RulCalibration, type RulOptions } from '../rul/rul.ts';
import {
  backtestLof,
  featureImportance,
  isoDate,
  type FeatureImportance,
  type LofBacktest,
} from './backtest.ts';
import { indexBreaks, recordEndYear } from './history.ts';
import { trainLofModel, type LofModel } from './model.ts';
import { phases, type OnProgress } from '../progress/progress.ts';
import { largestTieShare, SCORE_COLLAPSE_SHARE, scoreLof, type LofScores } from './score.ts';
import { yearOfMs } from './time.ts';
import type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './types.ts';

export interface LofAnalysisInput {
  readonly pipes: readonly LofPipe[];
  readonly breaks: readonly LofBreak[];
  readonly attributes?: readonly LofAttributeSpec[];
  readonly seed: number;
  /** Score as of this instant (epoch ms); default the last break. */
  readonly asOfMs?: number;
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
  readonly rul?: Partial<RulOptions>;
  /** Backtest windows in years; default [1, 3]; [] skips the backtest. */
  readonly backtestHorizonsYears?: readonly number[];
}

/** What a utility sees about its model (stored with the dataset, served by the API). */
export interface LofModelCard {
  readonly method: string;
  readonly seed: number;
  readonly params: BoostParams;
  readonly panel: PanelOptions;
  readonly data: {
    readonly pipes: number;
    readonly linkedBreaks: number;
    readonly predecessorBreaksExcluded: number;
    readonly unmatchedBreaks: number;
    readonly firstBreak: string | null;
    readonly lastBreak: string | null;
  };
  readonly trainedThrough: string;
  readonly scoredAsOf: string;
  readonly training: LofModel['training'];
  readonly featureImportance: readonly FeatureImportance[];
  readonly projectLof: number;
  /** The RUL threshold and ageing law fitted on this network (rul/rul.ts). */
  readonly rul: RulCalibration;
  readonly backtests: readonly LofBacktest[];
  /** Source columns the utility chose as risk factors, with the driver code each reports under (≥ 100). */
  readonly columnDrivers: readonly { readonly code: number; readonly column: string }[];
  readonly notes: readonly string[];
  /**
   * The coarsest precision of the break dates (issue 40): the yearly windows are aligned to it. With
   * `scoreTies` and `training.validation`, read by the web card in the user's language (no English note).
   */
  readonly datePrecision: 'year' | 'month' | 'day';
  /**
   * How many scored pipes share the commonest 12-month score (issue 40): above SCORE_COLLAPSE_SHARE the model has
   * collapsed onto a few values and cannot rank those pipes; the card flags it.
   */
  readonly scoreTies: {
    readonly scoredPipes: number;
    readonly largestTieShare: number;
    readonly collapsed: boolean;
  };
}

export interface LofAnalysis {
  readonly model: LofModel;
  readonly scores: LofScores;
  /** Per pipe, in input order: years, 100 = '100+', null = n/a. */
  readonly rulYears: readonly (number | null)[];
  readonly card: LofModelCard;
}

export const LOF_METHOD =
  'Gradient-boosted regression trees, Poisson deviance with one unit of exposure per pipe-year (length a ' +
  'feature), trained on yearly pipe-year panels (features as of each cutoff, target = breaks in the following year)';

/** Progress: training, scoring, RUL and the backtest (a training of its own), by their share on a 20k-pipe town. */
export function analyzeLof(input: LofAnalysisInput, onProgress?: OnProgress): LofAnalysis {
  const horizonsYears = input.backtestHorizonsYears ?? [1, 3];
  const progress = phases(onProgress, {
    train: 0.8,
    score: 0.1,
    rul: 0.1,
    backtest: horizonsYears.length > 0 ? 1.6 : 0,
  });
  const history = indexBreaks(input.pipes, input.breaks);
  const model = trainLofModel({ ...input, history }, progress.train);
  const asOfYear = input.asOfMs !== undefined ? yearOfMs(input.asOfMs) : recordEndYear(history);
  const scores = scoreLof(model, input.pipes, history, asOfYear);
  progress.score(1);
  const { calibration: rul, years: rulYears } = analyzeRul(model, input.pipes, history, asOfYear, input.rul);
  progress.rul(1);
  const backtests = backtestLof({ ...input, horizonsYears }, progress.backtest);
  const known = Number.isFinite(history.firstBreakYear);
  const scored = scores.pipes.map((p) => p.lofAbsolute?.[12] ?? null);
  const tieShare = largestTieShare(scored);
  const collapsed = tieShare > SCORE_COLLAPSE_SHARE;
  return {
    model,
    scores,
    rulYears,
    card: {
      method: LOF_METHOD,
      seed: input.seed,
      params: model.params,
      panel: model.panel,
      data: {
        pipes: input.pipes.length,
        linkedBreaks: history.linkedBreaks,
        predecessorBreaksExcluded: history.predecessorBreaks,
        unmatchedBreaks: history.unmatchedBreaks,
        firstBreak: known ? isoDate(history.firstBreakYear) : null,
        lastBreak: known ? isoDate(history.lastBreakYear) : null,
      },
      trainedThrough: isoDate(model.endYear),
      scoredAsOf: isoDate(asOfYear),
      training: model.training,
      featureImportance: featureImportance(model),
      projectLof: scores.projectLof,
      rul,
      backtests,
      columnDrivers: (input.attributes ?? []).flatMap((a) =>
        a.driverCode !== undefined && a.driverCode >= COLUMN_DRIVER_BASE
          ? [{ code: a.driverCode, column: a.name }]
          : [],
      ),
      datePrecision: history.precision,
      scoreTies: {
        scoredPipes: scored.filter((v) => v !== null).length,
        largestTieShare: tieShare,
        collapsed,
      },
      notes: [
        'Breaks dated before their pipe was laid belong to a predecessor pipe and are excluded.',
        'Backtest by the peer protocol: trained on the breaks before 1 January of the cutoff year, measured on the mains laid before it against two raw rankings, oldest first and most previous breaks first (age breaking ties), with bootstrap 95 % intervals.',
        'Source columns are features only when chosen as risk factors at import: condition or criticality scores and problem flags may be refreshed after breaks and leak the future.',
      ],
    },
  };
}
