// The model card as a utility reads it (issue 4 "Backtest"): per held-out window, each ranking metric for the
// model and the two baselines, with the best marked; the features the model leaned on; what imputation filled.
// Pure: the dialog only lays these out.
import type { ModelCardBody } from './api/get-model-card.ts';

export const BACKTEST_METRICS = [
  'precisionAt1Pct',
  'precisionAt5Pct',
  'recallTop10PctLength',
  'auc',
] as const;
export type BacktestMetric = (typeof BACKTEST_METRICS)[number];
export const CANDIDATES = ['model', 'ageOnly', 'previousBreaksOnly'] as const;
export type Candidate = (typeof CANDIDATES)[number];

type Metrics = Partial<Record<BacktestMetric | 'expectedBreaks' | 'observedBreaks', number>>;
interface Backtest {
  horizonYears: number;
  cutoff: string;
  heldOutTo: string;
  heldOut: { pipes: number; breaks: number; pipesWithBreak: number; lengthKm: number };
  model: Metrics;
  baselines: { ageOnly: Metrics; previousBreaksOnly: Metrics };
}
interface LofCard {
  /** Set instead of the model when the break record cannot support one. */
  unavailable?: string;
  method?: string;
  trainedThrough?: string;
  scoredAsOf?: string;
  projectLof?: number;
  data?: {
    pipes?: number;
    linkedBreaks?: number;
    unmatchedBreaks?: number;
    firstBreak?: string | null;
    lastBreak?: string | null;
  };
  featureImportance?: { feature: string; gainShare: number }[];
  backtests?: Backtest[];
  notes?: string[];
}

export interface MetricRow {
  metric: BacktestMetric;
  values: Record<Candidate, number | null>;
  best: Candidate | null;
}

export interface BacktestView {
  horizonYears: number;
  cutoff: string;
  heldOutTo: string;
  heldOutBreaks: number;
  heldOutPipes: number;
  expectedBreaks: number | null;
  rows: MetricRow[];
}

const lofCardOf = (card: ModelCardBody | null | undefined): LofCard => (card?.lofCard ?? {}) as LofCard;

export function backtestViews(card: ModelCardBody | null | undefined): BacktestView[] {
  return (lofCardOf(card).backtests ?? []).map((b) => {
    const sources: Record<Candidate, Metrics | undefined> = {
      model: b.model,
      ageOnly: b.baselines?.ageOnly,
      previousBreaksOnly: b.baselines?.previousBreaksOnly,
    };
    const rows = BACKTEST_METRICS.map((metric) => {
      const values = Object.fromEntries(
        CANDIDATES.map((c) => [c, typeof sources[c]?.[metric] === 'number' ? sources[c]![metric]! : null]),
      ) as Record<Candidate, number | null>;
      const ranked = CANDIDATES.filter((c) => values[c] !== null).sort((a, b) => values[b]! - values[a]!);
      return { metric, values, best: ranked[0] ?? null };
    });
    return {
      horizonYears: b.horizonYears,
      cutoff: b.cutoff,
      heldOutTo: b.heldOutTo,
      heldOutBreaks: b.heldOut?.breaks ?? 0,
      heldOutPipes: b.heldOut?.pipes ?? 0,
      expectedBreaks: b.model?.expectedBreaks ?? null,
      rows,
    };
  });
}

/** The features with the largest share of the model's gain, largest first. */
export function topFeatures(card: ModelCardBody | null | undefined, n = 8) {
  return [...(lofCardOf(card).featureImportance ?? [])].sort((a, b) => b.gainShare - a.gainShare).slice(0, n);
}

export function lofFacts(card: ModelCardBody | null | undefined) {
  const c = lofCardOf(card);
  return {
    method: c.method ?? null,
    trainedThrough: c.trainedThrough ?? null,
    scoredAsOf: c.scoredAsOf ?? null,
    projectLof: c.projectLof ?? null,
    pipes: c.data?.pipes ?? null,
    linkedBreaks: c.data?.linkedBreaks ?? null,
    unmatchedBreaks: c.data?.unmatchedBreaks ?? null,
    firstBreak: c.data?.firstBreak ?? null,
    lastBreak: c.data?.lastBreak ?? null,
    notes: c.notes ?? [],
    unavailable: c.unavailable ?? null,
  };
}

const IMPUTED_ATTRIBUTES = ['installYear', 'materialTypeCode', 'diameterMm'] as const;

/** Imputed and overridden counts per attribute (virtual pipes). */
export function imputationRows(card: ModelCardBody | null | undefined) {
  const s = (card?.imputeSummary ?? {}) as {
    imputed?: Record<string, number>;
    overridden?: Record<string, number>;
  };
  return IMPUTED_ATTRIBUTES.map((attribute) => ({
    attribute,
    imputed: s.imputed?.[attribute] ?? 0,
    overridden: s.overridden?.[attribute] ?? 0,
  }));
}
