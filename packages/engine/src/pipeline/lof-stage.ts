// Stage 2: likelihood of failure and remaining useful life of every pipe (lof/analysis.ts), on the
// non-abandoned pipes with the preprocess values (imputed where missing). Abandoned and unscorable pipes
// get null LOF and the out-of-range rank 333 on every horizon. Each segment's LOF combines its members' here, with
// the LOF it depends on only (the COF stage re-prices without touching it). The backtest is a separate half
// (lofBacktestStage) so that the server can train it in a second thread beside the model.
import { LOF_MONTHS, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { analyzeLof, type LofAnalysis, type LofAnalysisInput } from '../lof/analysis.ts';
import { backtestLof, type LofBacktest } from '../lof/backtest.ts';
import { priorLofCard, scorePriorLof } from '../lof/prior.ts';
import { ThinRecordError } from '../lof/thin-record.ts';
import { yearOfMs } from '../lof/time.ts';
import type { ByMonths, PipeLof } from '../lof/score.ts';
import type { LofPipe } from '../lof/types.ts';
import { lofAttributes } from './lof-attributes.ts';
import { segmentLofs } from './aggregates.ts';
import { monotone, phases, type OnProgress } from '../progress/progress.ts';
import type {
  DatasetInputs,
  DatasetPipe,
  LofStageResult,
  PipeLofResult,
  PipeValues,
  PreprocessResult,
} from './types.ts';

/**
 * What the LOF stage reads of a dataset: no geometry, valves, point assets, areas, hydraulic model or population,
 * and of the pipes' source columns only the chosen risk factors. The server copies the inputs into two threads
 * (model and backtest) on its main thread, where the pipes' geometry alone was half the copy.
 */
export function lofStageInputs(inputs: DatasetInputs): DatasetInputs {
  const chosen = new Set(inputs.lofFeatureColumns ?? []);
  return {
    ...inputs,
    valves: [],
    pointAssets: [],
    areas: [],
    epanetInp: null,
    cofScenario: null,
    pipes: inputs.pipes.map((p) => ({
      ...p,
      parts: [],
      address: null,
      population: null,
      rateOfChange: null,
      attrs: Object.fromEntries(Object.entries(p.attrs).filter(([k]) => chosen.has(k))),
    })),
  };
}

/** The LOF model's view of a pipe: its preprocess values (imputed where missing) and chosen attributes. */
export function lofPipeOf(p: DatasetPipe, v: PipeValues, attributes: LofPipe['attributes']): LofPipe {
  return {
    id: p.id,
    installYear: v.installYear,
    material: v.materialTypeCode,
    diameterMm: v.diameterMm,
    lengthM: p.lengthM,
    attributes,
  };
}

/** The LOF analysis' input from the dataset and its preprocess values. */
function lofInput(
  inputs: DatasetInputs,
  pre: Pick<PreprocessResult, 'pipes'>,
): LofAnalysisInput & { unusedColumns: string[] } {
  const preById = new Map(pre.pipes.map((p) => [p.pipeId, p]));
  const active = inputs.pipes.filter((p) => !p.abandoned);
  const attributes = lofAttributes(active, inputs.lofFeatureColumns ?? []);
  const pipes: LofPipe[] = active.map((p, i) => {
    const v = preById.get(p.id);
    if (v === undefined) throw new Error(`pipe '${p.id}' has no preprocess result`);
    const values = {
      installYear: v.installYear.value,
      materialTypeCode: v.materialTypeCode.value,
      diameterMm: v.diameterMm.value,
    };
    return lofPipeOf(p, values, attributes.values[i]!);
  });
  const o = inputs.lofOptions ?? {};
  return {
    pipes,
    breaks: inputs.breaks.flatMap((b) =>
      b.pipeId === null
        ? []
        : [
            {
              pipeId: b.pipeId,
              dateMs: b.dateMs,
              ...(b.datePrecision ? { datePrecision: b.datePrecision } : {}),
            },
          ],
    ),
    attributes: attributes.specs,
    seed: inputs.seed,
    ...(inputs.asOfMs !== undefined ? { asOfMs: inputs.asOfMs } : {}),
    ...(o.params ? { params: o.params } : {}),
    ...(o.panel ? { panel: o.panel } : {}),
    unusedColumns: attributes.unused.map(
      (u) => `The column '${u.column}' was chosen as a risk factor but is not used: ${u.reason}.`,
    ),
  };
}

/** The backtest windows the dataset asks for (years held out); default one and three. */
export const backtestHorizons = (inputs: DatasetInputs): readonly number[] =>
  inputs.lofOptions?.backtestHorizonsYears ?? [1, 3];

/**
 * The whole stage: the model, its scores and the model card with its backtest. The server runs the two halves in
 * parallel threads instead (lofModelStage, lofBacktestStage, withBacktests): the backtest trains a model of its own.
 */
export function lofStage(
  inputs: DatasetInputs,
  pre: Pick<PreprocessResult, 'pipes' | 'segments'>,
  onProgress?: OnProgress,
): LofStageResult {
  const progress = phases(monotone(onProgress), { model: 1, backtest: 1.4 });
  return withBacktests(
    lofModelStage(inputs, pre, progress.model),
    lofBacktestStage(inputs, pre, progress.backtest),
    backtestHorizons(inputs),
  );
}

/** The stage without the backtest: the card's `backtests` is empty until withBacktests fills it. */
export function lofModelStage(
  inputs: DatasetInputs,
  pre: Pick<PreprocessResult, 'pipes' | 'segments'>,
  onProgress?: OnProgress,
): LofStageResult {
  // Progress: the model's input, the analysis, the results (shares on a 20k-pipe town).
  const progress = phases(monotone(onProgress), { input: 0.1, analysis: 0.85, results: 0.05 });
  const { unusedColumns, ...rest } = lofInput(inputs, pre);
  progress.input(1);
  const input: LofAnalysisInput = { ...rest, backtestHorizonsYears: [] };
  let analysis: LofAnalysis | null = null;
  let unavailable = '';
  try {
    analysis = analyzeLof(input, progress.analysis);
  } catch (err) {
    // A utility without (enough) break history still gets its network analysed (imputation, segments, COF): the
    // model is skipped with the reason.
    if (!(err instanceof ThinRecordError)) throw err;
    unavailable = err.message;
  }
  // Without break history to learn from, a prior from a published survey by material and age (lof/prior.ts): labelled
  // as such on its card and stored scoring, and replaced by the trained model at the first analysis that can train.
  // Scored as of the dataset's instant (demo data), else the instant the analysis runs.
  const prior =
    analysis === null
      ? scorePriorLof({ pipes: rest.pipes, asOfYear: priorAsOfYear(inputs, rest.pipes) })
      : null;
  progress.analysis(1);
  const scored = new Map<string, PipeLofResult>();
  analysis?.scores.pipes.forEach((s, i) => scored.set(s.id, resultOf(s, analysis.rulYears[i] ?? null)));
  prior?.scores.pipes.forEach((s, i) => scored.set(s.id, resultOf(s, prior.rulYears[i] ?? null)));
  const results = inputs.pipes.map((p) => scored.get(p.id) ?? unscored(p.id));
  const segments = segmentLofs(pre.segments, new Map(results.map((r) => [r.pipeId, r])));
  progress.results(1);
  if (analysis === null)
    return {
      pipes: results,
      segments,
      card: null,
      unavailable,
      prior: prior && {
        card: priorLofCard(prior, rest.pipes.length, unavailable),
        scoring: { prior: true, asOfYear: prior.scores.asOfYear, rul: prior.calibration, rates: prior.rates },
      },
      notes: [],
    };
  return {
    pipes: results,
    segments,
    card: { ...analysis.card, notes: [...analysis.card.notes, ...unusedColumns] },
    scoring: { model: analysis.model, asOfYear: analysis.scores.asOfYear, rul: analysis.card.rul },
    notes: [],
  };
}

/** The instant a prior scores as of: the dataset's, else the analysis', else (no clock passed) the newest install year. */
function priorAsOfYear(inputs: DatasetInputs, pipes: readonly LofPipe[]): number {
  const at = inputs.asOfMs ?? inputs.nowMs;
  if (at !== undefined) return yearOfMs(at);
  const newest = pipes.reduce((m, p) => Math.max(m, p.installYear ?? -Infinity), -Infinity);
  return Number.isFinite(newest) ? newest : 0;
}

/** The model card's backtest (lof/backtest.ts) on the same pipes and breaks as the model. */
export function lofBacktestStage(
  inputs: DatasetInputs,
  pre: Pick<PreprocessResult, 'pipes'>,
  onProgress?: OnProgress,
): LofBacktest[] {
  const progress = phases(monotone(onProgress), { input: 0.05, backtest: 0.95 });
  const horizons = backtestHorizons(inputs);
  let backtests: LofBacktest[] = [];
  if (horizons.length > 0) {
    const { unusedColumns: _notes, ...input } = lofInput(inputs, pre);
    progress.input(1);
    backtests = backtestLof({ ...input, horizonsYears: horizons }, progress.backtest);
  }
  progress.backtest(1);
  return backtests;
}

/**
 * The card with its backtest, and a note for each window the record is too short to hold out (rather than leaving
 * it silently empty). A stage without a model (none, or a prior) has no card to complete.
 */
export function withBacktests(
  result: LofStageResult,
  backtests: readonly LofBacktest[],
  wanted: readonly number[],
): LofStageResult {
  if (result.card === null) return result; // no model, or a prior: nothing held out
  const missing = wanted.filter((h) => !backtests.some((b) => b.horizonYears === h));
  const notes = missing.map(
    (h) => `No ${h}-year backtest: the break record is too short to hold ${h} year(s) out and still train.`,
  );
  return { ...result, card: { ...result.card, backtests }, notes: [...(result.notes ?? []), ...notes] };
}

/** Horizon-keyed record with string keys ('12', '24', '36', '60'), as stored. */
function byMonths<T>(values: ByMonths<T>): Record<string, T> {
  return Object.fromEntries(LOF_MONTHS.map((m) => [String(m), values[m]]));
}

/** A scored pipe as the stage stores it. */
export function resultOf(s: PipeLof, rul: number | null): PipeLofResult {
  return {
    pipeId: s.id,
    lof: s.lof && byMonths(s.lof),
    lofAbsolute: s.lofAbsolute && byMonths(s.lofAbsolute),
    cumBreaks: s.cumBreaks && byMonths(s.cumBreaks),
    rank: byMonths(s.rank),
    breaksPerKmYear: s.breaksPerKmYear,
    riskDrivers: s.riskDrivers,
    rul,
  };
}

function unscored(pipeId: string): PipeLofResult {
  return {
    pipeId,
    lof: null,
    lofAbsolute: null,
    cumBreaks: null,
    rank: Object.fromEntries(LOF_MONTHS.map((m) => [String(m), LOF_RANK_OUT_OF_RANGE])),
    breaksPerKmYear: null,
    riskDrivers: [],
    rul: null,
  };
}
