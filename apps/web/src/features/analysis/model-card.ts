// The model card as a utility reads it (issue 4 "Backtest", issue 14 "peer protocol"): per held-out window, each
// ranking measure for the model and the two raw rankings a utility would use without one, with its bootstrap 95 %
// interval and the best marked; the paired difference model − previous breaks; the features the model leaned on;
// what imputation filled. Pure: the dialog and the dashboard only lay these out.
import { columnLabel, isLanguage, LOF_ATTRIBUTE_PREFIX } from '@pipewise/domain';
import type { TFunction } from 'i18next';
import type { ModelCardBody } from './api/get-model-card.ts';

/**
 * P@1 %; on the riskiest 10 % of length the share of the breaking mains and the share of the breaks (issue 38: both
 * travel as "R@10 % length" in the literature, so each is named for what it counts); AUC.
 */
export const BACKTEST_METRICS = [
  'precisionAt1Pct',
  'mainsRecallAt10PctLength',
  'breaksRecallAt10PctLength',
  'auc',
] as const;
export type BacktestMetric = (typeof BACKTEST_METRICS)[number];
/**
 * A measure's name on cards stored before it was renamed: `recallAt10PctLength` was the breaking mains' share. Such a
 * card has no breaks' share, which then shows as missing.
 */
const STORED_AS: Partial<Record<BacktestMetric, string>> = {
  mainsRecallAt10PctLength: 'recallAt10PctLength',
};
/** This model, oldest first, most previous breaks first (age breaking ties). */
export const CANDIDATES = ['model', 'age', 'previousBreaks'] as const;
export type Candidate = (typeof CANDIDATES)[number];

/** A figure with its bootstrap 95 % interval. */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}
type PeerEstimates = Partial<Record<string, Estimate>>;
/** One window of the peer protocol as the card stores it (camelCased). */
interface Backtest {
  protocol?: 'peer';
  cutoffYear?: number;
  horizonYears: number;
  cutoff: string;
  heldOutTo: string;
  mains?: number;
  breakingMains?: number;
  breaks?: number;
  lengthKm?: number;
  /** Missing on cards stored by earlier versions (model and boosted baselines, another shape). */
  rankings?: Partial<Record<Candidate, PeerEstimates>>;
  modelMinusPreviousBreaks?: PeerEstimates;
  /** Issue 40: the model's predicted ÷ observed counts over the window; absent on cards stored before it. */
  calibration?: {
    predictedBreaks?: number;
    predictedBreakingMains?: number;
    breaksRatio?: Estimate | null;
    breakingMainsRatio?: Estimate | null;
  };
}
interface LofCard {
  /** Set instead of the model when the break record cannot support one. */
  unavailable?: string;
  /** A prior from published break rates (no break history, issue 39): not learned from the utility's breaks. */
  prior?: boolean;
  /** The prior's citation. */
  source?: string;
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
  /** Issue 40: the coarsest precision of the break dates (absent on cards stored before it: full dates). */
  datePrecision?: 'year' | 'month' | 'day';
  /** Issue 40: how many scored pipes share the commonest score, and whether that is a collapse (> 20 %). */
  scoreTies?: { scoredPipes?: number; largestTieShare?: number; collapsed?: boolean };
  training?: {
    trees?: number;
    /** Issue 40: how the number of trees was chosen. */
    validation?: { rule?: 'last-years' | 'widened' | 'fixed-trees'; years?: number };
    /** Issue 40: the level recalibration applied to the rates (factor 1: none). */
    recalibration?: { factor?: number; rawFactor?: number | null; years?: number };
    /** The panel's yearly cutoffs (one a training window). */
    cutoffYears?: number[];
    /** Issue 40: what the record's length allowed (engine lof/short-record.ts); absent on cards stored before it. */
    recordRule?: {
      rule?: 'standard' | 'short-record';
      recordYears?: number;
      fromYear?: number;
      toYear?: number;
      maxDepth?: number;
      minRowsLeaf?: number;
      minHistoryYears?: number;
    };
  };
}

export interface MetricRow {
  metric: BacktestMetric;
  values: Record<Candidate, Estimate | null>;
  /** The candidate with the highest value. */
  best: Candidate | null;
}

/** Where the interval of the paired difference lies: above 0 is a clear win for the model, below a clear loss. */
export type Verdict = 'above' | 'below' | 'straddles';

export interface DifferenceCell {
  metric: BacktestMetric;
  difference: Estimate | null;
  verdict: Verdict | null;
}

export interface BacktestView {
  horizonYears: number;
  cutoffYear: number | null;
  cutoff: string;
  /** Exclusive: the window is [cutoff, heldOutTo). */
  heldOutTo: string;
  /** Mains ranked (installed before the cutoff year). */
  mains: number;
  /** Of those, the ones that broke at least once in the window. */
  breakingMains: number;
  /** Breaks on them in the window. */
  heldOutBreaks: number;
  lengthKm: number | null;
  rows: MetricRow[];
  /** This model − previous breaks, per measure. */
  modelMinusPreviousBreaks: DifferenceCell[];
  /**
   * Issue 40: the model's expected breaks over the window ÷ the breaks recorded (1 is calibrated, above 1
   * over-predicts), with its interval; null on cards stored before it or when the window held no break.
   */
  calibration: { predictedBreaks: number; breaksRatio: Estimate } | null;
}

const lofCardOf = (card: ModelCardBody | null | undefined): LofCard => (card?.lofCard ?? {}) as LofCard;

const isEstimate = (e: unknown): e is Estimate =>
  typeof e === 'object' &&
  e !== null &&
  ['value', 'low', 'high'].every((k) => typeof (e as Record<string, unknown>)[k] === 'number');

const estimateOf = (source: PeerEstimates | undefined, metric: BacktestMetric): Estimate | null => {
  const stored = STORED_AS[metric];
  const e = source?.[metric] ?? (stored === undefined ? undefined : source?.[stored]);
  return isEstimate(e) ? { value: e.value, low: e.low, high: e.high } : null;
};

export function verdictOf(difference: Estimate | null): Verdict | null {
  if (difference === null) return null;
  if (difference.low > 0) return 'above';
  if (difference.high < 0) return 'below';
  return 'straddles';
}

const isPeer = (b: Backtest | null) =>
  typeof b === 'object' && b !== null && typeof b.rankings === 'object' && b.rankings !== null;

/** The windows of the current (peer protocol) backtest; a card stored by an earlier version yields none. */
export function backtestViews(card: ModelCardBody | null | undefined): BacktestView[] {
  return (lofCardOf(card).backtests ?? [])
    .filter((b): b is Backtest => isPeer(b))
    .map((b) => {
      const rows = BACKTEST_METRICS.map((metric) => {
        const values = Object.fromEntries(
          CANDIDATES.map((c) => [c, estimateOf(b.rankings?.[c], metric)]),
        ) as Record<Candidate, Estimate | null>;
        const ranked = CANDIDATES.filter((c) => values[c] !== null).sort(
          (x, y) => values[y]!.value - values[x]!.value,
        );
        return { metric, values, best: ranked[0] ?? null };
      });
      const modelMinusPreviousBreaks = BACKTEST_METRICS.map((metric) => {
        const difference = estimateOf(b.modelMinusPreviousBreaks, metric);
        return { metric, difference, verdict: verdictOf(difference) };
      });
      return {
        horizonYears: b.horizonYears,
        cutoffYear: b.cutoffYear ?? null,
        cutoff: b.cutoff,
        heldOutTo: b.heldOutTo,
        mains: b.mains ?? 0,
        breakingMains: b.breakingMains ?? 0,
        heldOutBreaks: b.breaks ?? 0,
        lengthKm: b.lengthKm ?? null,
        rows,
        modelMinusPreviousBreaks,
        calibration:
          isEstimate(b.calibration?.breaksRatio) && typeof b.calibration.predictedBreaks === 'number'
            ? { predictedBreaks: b.calibration.predictedBreaks, breaksRatio: b.calibration.breaksRatio }
            : null,
      };
    });
}

/**
 * The card holds a backtest of an earlier version (before the peer protocol): nothing to lay out, but the reader
 * is told that re-running the analysis shows the current one.
 */
export function backtestFromEarlierVersion(card: ModelCardBody | null | undefined): boolean {
  return (lofCardOf(card).backtests ?? []).some((b) => !isPeer(b));
}

/** The features with the largest share of the model's gain, largest first. */
export function topFeatures(card: ModelCardBody | null | undefined, n = 8) {
  return [...(lofCardOf(card).featureImportance ?? [])].sort((a, b) => b.gainShare - a.gainShare).slice(0, n);
}

/**
 * The break record's length and what it allowed (issue 40): the years from the record's start to the training's end,
 * the calendar years they span (an end on 1 January closes the year before), the training windows, trees and their
 * depth, and for a short record the history before each window and the leaf minimum.
 */
function recordFact(c: LofCard) {
  const r = c.training?.recordRule;
  if (
    (r?.rule !== 'standard' && r?.rule !== 'short-record') ||
    typeof r.recordYears !== 'number' ||
    typeof r.fromYear !== 'number' ||
    typeof r.toYear !== 'number'
  )
    return null;
  return {
    rule: r.rule,
    years: r.recordYears,
    from: Math.floor(r.fromYear),
    to: Math.floor(r.toYear - 1e-6),
    windows: c.training?.cutoffYears?.length ?? 0,
    trees: c.training?.trees ?? 0,
    depth: r.maxDepth ?? null,
    minRowsLeaf: r.minRowsLeaf ?? null,
    minHistoryYears: r.minHistoryYears ?? null,
  };
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
    prior: c.prior === true,
    source: c.source ?? null,
    /** 'year' or 'month' when the break dates were kept to that (the yearly windows start on its boundaries). */
    datePrecision: c.datePrecision === 'year' || c.datePrecision === 'month' ? c.datePrecision : null,
    /**
     * Issue 40: the share (%) of the scored pipes on one identical score when it exceeds 20 % — the model cannot rank
     * them apart and the card warns; null otherwise.
     */
    scoreCollapsePct:
      c.scoreTies?.collapsed === true && typeof c.scoreTies.largestTieShare === 'number'
        ? c.scoreTies.largestTieShare * 100
        : null,
    /** How the trees were chosen when not on the latest year: 'widened' (more years held out) or 'fixed-trees'. */
    validation:
      c.training?.validation?.rule === 'widened' || c.training?.validation?.rule === 'fixed-trees'
        ? {
            rule: c.training.validation.rule,
            years: c.training.validation.years ?? 0,
            trees: c.training.trees ?? null,
          }
        : null,
    /** Issue 40: what the record's length allowed, for the card's statement; null on cards stored before it. */
    record: recordFact(c),
    /** Issue 40: the scale applied to the model's rates by the level recalibration; null when none (factor 1). */
    recalibrationFactor:
      typeof c.training?.recalibration?.factor === 'number' && c.training.recalibration.factor !== 1
        ? c.training.recalibration.factor
        : null,
  };
}

const IMPUTED_ATTRIBUTES = ['installYear', 'materialTypeCode', 'diameterMm'] as const;

/**
 * Imputed, overridden and unknown counts per attribute (virtual pipes). `unknown`: missing values left unknown because
 * fewer than `minKnownShare` of the pipes carry the attribute (issue 15); absent from summaries stored before it.
 */
export function imputationRows(card: ModelCardBody | null | undefined) {
  const s = (card?.imputeSummary ?? {}) as {
    imputed?: Record<string, number>;
    overridden?: Record<string, number>;
    known?: Record<string, number>;
    unknown?: Record<string, number>;
    minKnownShare?: number;
  };
  return IMPUTED_ATTRIBUTES.map((attribute) => ({
    attribute,
    imputed: s.imputed?.[attribute] ?? 0,
    overridden: s.overridden?.[attribute] ?? 0,
    known: s.known?.[attribute] ?? null,
    unknown: s.unknown?.[attribute] ?? 0,
    minKnownShare: s.minKnownShare ?? null,
  }));
}

/**
 * A feature of the model as a person reads it (issue 38: `attr:soil_corrosivity` showed raw): an engine feature by
 * its label, a column the utility chose by its words in the user's language (domain columnLabel).
 */
export function featureLabel(t: TFunction, feature: string, language: string): string {
  const lang = isLanguage(language) ? language : 'en';
  if (feature.startsWith(LOF_ATTRIBUTE_PREFIX))
    return columnLabel(feature.slice(LOF_ATTRIBUTE_PREFIX.length), lang);
  return t(`features.${feature}`, { ns: 'analysis', defaultValue: columnLabel(feature, lang) });
}
