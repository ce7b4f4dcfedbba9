// How the record's length decides the training (issue 40, "short histories"). The standard panel needs five years of
// record before a yearly cutoff (so history features mean something), so a record of 6–7 years gave one panel year:
// no year to stop early on, a fixed 100 trees of depth 4, and a model that saw a single year of breaks. A short
// record instead takes every yearly cutoff with at least one year of record before it (more windows: a validation
// year and more than one year to learn from), and regularises harder (trees of depth 3, at least 200 pipe-years a
// leaf, 40 trees when still no year can be held out), since a few hundred breaks cannot support the long record's
// trees. Measured on Kitchener cut to its last seven years (`npm run eval`, `short_record` in the JSON): lof/README.md.
// The rule applied is recorded in the model (`training.recordRule`) and shown on the card: never a silent change.
import { panelCutoffs } from './panel.ts';
import type { BoostParams, PanelOptions } from './types.ts';

/** A record whose standard panel holds fewer yearly cutoffs than this trains with the short-record rule. */
export const SHORT_RECORD_PANEL_YEARS = 4;
/** The short-record rule's settings (each only ever stronger than what the caller asked). */
export const SHORT_RECORD = {
  /** Years of record before a cutoff (the standard 5 left one cutoff on a 6–7-year record). */
  minHistoryYears: 1,
  maxDepth: 3,
  minRowsLeaf: 200,
  /** Trees without early stopping (the standard FIXED_TREES is 100) when the panel still has one year. */
  fixedTrees: 40,
} as const;

/** What the record's length allowed (issue 40): stored with the model, shown on the card. */
export interface LofRecordRule {
  /** 'standard': the long record's panel and trees; 'short-record': the rule above. */
  readonly rule: 'standard' | 'short-record';
  /** Years of break record before the end of training (record start to training end). */
  readonly recordYears: number;
  /** The record's start and the training's end, decimal years (time.ts). */
  readonly fromYear: number;
  readonly toYear: number;
  /** Yearly cutoffs the standard panel would have had (what decided the rule). */
  readonly standardPanelYears: number;
  /** The settings trained with (the short rule's, or the caller's). */
  readonly minHistoryYears: number;
  readonly maxDepth: number;
  readonly minRowsLeaf: number;
  /** Trees trained if no year can be held out for early stopping. */
  readonly fixedTrees: number;
}

/**
 * The rule for a record from `fromYear` to the training end `toYear`: the standard panel and params, or, when the
 * standard panel would hold fewer than SHORT_RECORD_PANEL_YEARS cutoffs (and `panel.shortRecordRule` is not false),
 * the short-record settings.
 */
export function recordRule(
  fromYear: number,
  toYear: number,
  panel: PanelOptions,
  params: BoostParams,
  standardFixedTrees: number,
): { rule: LofRecordRule; panel: PanelOptions; params: BoostParams } {
  const standardPanelYears = panelCutoffs(toYear, fromYear, panel).length;
  const short = panel.shortRecordRule !== false && standardPanelYears < SHORT_RECORD_PANEL_YEARS;
  const effectivePanel = short
    ? { ...panel, minHistoryYears: Math.min(panel.minHistoryYears, SHORT_RECORD.minHistoryYears) }
    : panel;
  const effectiveParams = short
    ? {
        ...params,
        maxDepth: Math.min(params.maxDepth, SHORT_RECORD.maxDepth),
        minRowsLeaf: Math.max(params.minRowsLeaf, SHORT_RECORD.minRowsLeaf),
      }
    : params;
  const fixedTrees = Math.min(params.maxTrees, short ? SHORT_RECORD.fixedTrees : standardFixedTrees);
  return {
    rule: {
      rule: short ? 'short-record' : 'standard',
      recordYears: toYear - fromYear,
      fromYear,
      toYear,
      standardPanelYears,
      minHistoryYears: effectivePanel.minHistoryYears,
      maxDepth: effectiveParams.maxDepth,
      minRowsLeaf: effectiveParams.minRowsLeaf,
      fixedTrees,
    },
    panel: effectivePanel,
    params: effectiveParams,
  };
}
