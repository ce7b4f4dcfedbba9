// Stage 2: likelihood of failure and remaining useful life of every pipe (lof/analysis.ts), on the
// non-abandoned pipes with the preprocess values (imputed where missing). Abandoned and unscorable pipes
// get null LOF and the out-of-range rank 333 on every horizon. Each segment's LOF combines its members' here, with
// the LOF it depends on only (the COF stage re-prices without touching it).
import { LOF_MONTHS, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { analyzeLof, type LofAnalysis, type LofAnalysisInput } from '../lof/analysis.ts';
import { ThinRecordError } from '../lof/thin-record.ts';
import type { ByMonths, PipeLof } from '../lof/score.ts';
import type { LofPipe } from '../lof/types.ts';
import { lofAttributes } from './lof-attributes.ts';
import { segmentLofs } from './aggregates.ts';
import type { DatasetInputs, LofStageResult, PipeLofResult, PreprocessResult } from './types.ts';

export function lofStage(
  inputs: DatasetInputs,
  pre: Pick<PreprocessResult, 'pipes' | 'segments'>,
): LofStageResult {
  const preById = new Map(pre.pipes.map((p) => [p.pipeId, p]));
  const active = inputs.pipes.filter((p) => !p.abandoned);
  const attributes = lofAttributes(active);
  const pipes: LofPipe[] = active.map((p, i) => {
    const v = preById.get(p.id);
    if (v === undefined) throw new Error(`pipe '${p.id}' has no preprocess result`);
    return {
      id: p.id,
      installYear: v.installYear.value,
      material: v.materialTypeCode.value,
      diameterMm: v.diameterMm.value,
      lengthM: p.lengthM,
      attributes: attributes.values[i]!,
    };
  });
  const o = inputs.lofOptions ?? {};
  const input: LofAnalysisInput = {
    pipes,
    breaks: inputs.breaks.flatMap((b) => (b.pipeId === null ? [] : [{ pipeId: b.pipeId, dateMs: b.dateMs }])),
    attributes: attributes.specs,
    seed: inputs.seed,
    ...(inputs.asOfMs !== undefined ? { asOfMs: inputs.asOfMs } : {}),
    ...(o.params ? { params: o.params } : {}),
    ...(o.panel ? { panel: o.panel } : {}),
    ...(o.backtestHorizonsYears ? { backtestHorizonsYears: o.backtestHorizonsYears } : {}),
  };
  const { analysis, notes, unavailable } = analyzeWhatTheRecordAllows(input);
  const scored = new Map<string, PipeLofResult>();
  analysis?.scores.pipes.forEach((s, i) => scored.set(s.id, resultOf(s, analysis.rulYears[i] ?? null)));
  const results = inputs.pipes.map((p) => scored.get(p.id) ?? unscored(p.id));
  const segments = segmentLofs(pre.segments, new Map(results.map((r) => [r.pipeId, r])));
  if (!analysis) return { pipes: results, segments, card: null, unavailable, notes };
  return { pipes: results, segments, card: analysis.card, notes };
}

// A utility without (enough) break history still gets its network analysed (imputation, segments, COF): the
// model is skipped with the reason. The backtest drops a window the record cannot hold out (backtest.ts); the
// card then says there is none, rather than leaving it silently empty.
function analyzeWhatTheRecordAllows(input: LofAnalysisInput): {
  analysis: LofAnalysis | null;
  notes: string[];
  unavailable?: string;
} {
  let analysis: LofAnalysis;
  try {
    analysis = analyzeLof(input);
  } catch (err) {
    if (!(err instanceof ThinRecordError)) throw err;
    return { analysis: null, notes: [], unavailable: err.message };
  }
  const wanted = input.backtestHorizonsYears ?? [1, 3];
  const missing = wanted.filter((h) => !analysis.card.backtests.some((b) => b.horizonYears === h));
  const notes = missing.map(
    (h) => `No ${h}-year backtest: the break record is too short to hold ${h} year(s) out and still train.`,
  );
  return { analysis, notes };
}

/** Horizon-keyed record with string keys ('12', '24', '36', '60'), as stored. */
function byMonths<T>(values: ByMonths<T>): Record<string, T> {
  return Object.fromEntries(LOF_MONTHS.map((m) => [String(m), values[m]]));
}

function resultOf(s: PipeLof, rul: number | null): PipeLofResult {
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
