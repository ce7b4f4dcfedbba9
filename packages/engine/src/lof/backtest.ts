// Backtest, as every analysis runs it: train on the break record up to `horizon` years before the last
// break, score the pipes that existed then, and compare with the breaks of the held-out years. The same
// panel trains two baselines, each a Poisson booster with the same exposure offset but one feature:
// age only, previous breaks only. Pipes laid after the cutoff are left out (they did not exist then), and
// imputation medians are fitted on the pipes of the training period only.
import { gainImportance } from './booster.ts';
import { countBetween, indexBreaks, type BreakHistory } from './history.ts';
import { rankingMetrics, type RankingMetrics } from './metrics.ts';
import { trainLofModel, type LofModel } from './model.ts';
import { isScorable } from './panel.ts';
import { expectedBreaksByYear } from './score.ts';
import { msOfYear } from './time.ts';
import type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './types.ts';

export interface LofBacktestInput {
  readonly pipes: readonly LofPipe[];
  readonly breaks: readonly LofBreak[];
  readonly attributes?: readonly LofAttributeSpec[];
  readonly seed: number;
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
  /** Held-out windows in whole years; default one and three (the data README warns 2023 had few breaks). */
  readonly horizonsYears?: readonly number[];
}

export interface FeatureImportance {
  readonly feature: string;
  readonly gainShare: number;
}

export interface LofBacktest {
  readonly horizonYears: number;
  /** ISO dates: training uses breaks in [trainingFrom, cutoff); held out: [cutoff, heldOutTo]. */
  readonly trainingFrom: string;
  readonly cutoff: string;
  readonly heldOutTo: string;
  readonly training: LofModel['training'];
  readonly heldOut: {
    readonly pipes: number;
    readonly breaks: number;
    readonly pipesWithBreak: number;
    readonly lengthKm: number;
  };
  readonly model: RankingMetrics;
  readonly baselines: { readonly ageOnly: RankingMetrics; readonly previousBreaksOnly: RankingMetrics };
  readonly featureImportance: readonly FeatureImportance[];
}

export const BASELINE_FEATURES = { ageOnly: ['ageYears'], previousBreaksOnly: ['previousBreaks'] } as const;

export const isoDate = (year: number): string => new Date(msOfYear(year)).toISOString().slice(0, 10);

export function featureImportance(model: LofModel): FeatureImportance[] {
  const shares = gainImportance(model.booster);
  return model.booster.specs
    .map((s, j) => ({ feature: s.name, gainShare: shares[j]! }))
    .filter((f) => f.gainShare > 0)
    .sort((a, b) => b.gainShare - a.gainShare);
}

function oneBacktest(input: LofBacktestInput, full: BreakHistory, horizonYears: number): LofBacktest {
  const cutoffYear = full.lastBreakYear - horizonYears;
  const pipes = input.pipes.filter((p) => isScorable(p, cutoffYear));
  const history = indexBreaks(pipes, input.breaks);
  const common = {
    pipes,
    breaks: input.breaks,
    history,
    attributes: input.attributes ?? [],
    endMs: msOfYear(cutoffYear),
    recordStartMs: msOfYear(full.firstBreakYear),
    seed: input.seed,
    ...(input.params ? { params: input.params } : {}),
    ...(input.panel ? { panel: input.panel } : {}),
  };
  const models = {
    model: trainLofModel(common),
    ageOnly: trainLofModel({ ...common, features: BASELINE_FEATURES.ageOnly }),
    previousBreaksOnly: trainLofModel({ ...common, features: BASELINE_FEATURES.previousBreaksOnly }),
  };
  const indices = Uint32Array.from(pipes.keys());
  const observed = Float64Array.from(pipes, (_, i) =>
    countBetween(history.yearsByPipe[i]!, cutoffYear, full.lastBreakYear + 1e-6),
  );
  const lengthM = Float64Array.from(pipes, (p) => p.lengthM);
  const metrics = (m: LofModel) =>
    rankingMetrics(
      expectedBreaksByYear(m, pipes, history, cutoffYear, indices, horizonYears)[horizonYears - 1]!,
      observed,
      lengthM,
    );
  return {
    horizonYears,
    trainingFrom: isoDate(full.firstBreakYear),
    cutoff: isoDate(cutoffYear),
    heldOutTo: isoDate(full.lastBreakYear),
    training: models.model.training,
    heldOut: {
      pipes: pipes.length,
      breaks: observed.reduce((a, b) => a + b, 0),
      pipesWithBreak: observed.filter((o) => o > 0).length,
      lengthKm: lengthM.reduce((a, b) => a + b, 0) / 1000,
    },
    model: metrics(models.model),
    baselines: { ageOnly: metrics(models.ageOnly), previousBreaksOnly: metrics(models.previousBreaksOnly) },
    featureImportance: featureImportance(models.model),
  };
}

export function backtestLof(input: LofBacktestInput): LofBacktest[] {
  const full = indexBreaks(input.pipes, input.breaks);
  if (!Number.isFinite(full.lastBreakYear)) return [];
  // A window needs at least one full training year of record before its cutoff; shorter records skip it.
  return (input.horizonsYears ?? [1, 3])
    .filter((h) => full.lastBreakYear - h - 1 >= full.firstBreakYear)
    .map((h) => oneBacktest(input, full, h));
}
