// The backtest every analysis runs for its model card, by the peer protocol (peer-protocol.ts) on the dataset's own
// record, so a utility reads the same figures the literature publishes: the model is trained on the breaks before
// 1 January of a cutoff year, and at each horizon H the mains installed before that year are ranked by it and by
// the two raw rankings a utility would otherwise use (oldest first; most previous breaks first, age breaking
// ties), then measured on which of them broke in [cutoff, cutoff + H): P@1 %, the two R@10 % length (share of the
// breaking mains, share of the breaks), AUC, with bootstrap 95 % intervals and the paired difference against
// previous breaks.
//
// One cutoff for all horizons: the latest calendar year whose longest asked window the record still covers (a
// shorter record falls back to the longest window it covers). One model then serves every horizon, so the card
// costs one training, not one per horizon and baseline (the boosted one-feature baselines this replaced cost four
// more trainings per horizon and were not what a utility compares against).
import { gainImportance } from './booster.ts';
import { indexBreaks } from './history.ts';
import type { LofModel } from './model.ts';
import { coveredHorizons, peerCutoff, type PeerWindow } from './peer-protocol.ts';
import { msOfYear, yearOfMs } from './time.ts';
import type { OnProgress } from '../progress/progress.ts';
import type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './types.ts';

export interface LofBacktestInput {
  readonly pipes: readonly LofPipe[];
  readonly breaks: readonly LofBreak[];
  readonly attributes?: readonly LofAttributeSpec[];
  readonly seed: number;
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
  /** Held-out windows in whole years; default one and three. */
  readonly horizonsYears?: readonly number[];
  /** Bootstrap resamples per window (default 500: the 2.5 and 97.5 percentiles settle to about a point). */
  readonly resamples?: number;
}

export interface FeatureImportance {
  readonly feature: string;
  readonly gainShare: number;
}

export interface LofBacktest extends PeerWindow {
  readonly protocol: 'peer';
  /** ISO dates: training uses breaks in [trainingFrom, cutoff); held out: [cutoff, heldOutTo). */
  readonly trainingFrom: string;
  readonly cutoff: string;
  readonly heldOutTo: string;
  readonly training: LofModel['training'];
  readonly featureImportance: readonly FeatureImportance[];
}

export const BACKTEST_RESAMPLES = 500;

/**
 * The calendar day of a decimal year. Rounded to the second first: a date turned into a decimal year and back lands
 * a few microseconds off, and 2023-01-01 read "2022-12-31" on the model card (issue 38).
 */
export const isoDate = (year: number): string =>
  new Date(Math.round(msOfYear(year) / 1000) * 1000).toISOString().slice(0, 10);
const isoJanuary = (year: number): string => `${String(year).padStart(4, '0')}-01-01`;

export function featureImportance(model: LofModel): FeatureImportance[] {
  const shares = gainImportance(model.booster);
  return model.booster.specs
    .map((s, j) => ({ feature: s.name, gainShare: shares[j]! }))
    .filter((f) => f.gainShare > 0)
    .sort((a, b) => b.gainShare - a.gainShare);
}

/** The card's cutoff year and the horizons it covers, or null when the record cannot hold a year out. */
export function backtestCutoff(
  full: { readonly firstBreakYear: number; readonly lastBreakYear: number },
  horizons: readonly number[],
): { cutoffYear: number; horizons: number[] } | null {
  if (!Number.isFinite(full.lastBreakYear)) return null;
  const lastWhole = new Date(msOfYear(full.lastBreakYear)).getUTCFullYear();
  // Longest window first: the latest cutoff that still covers it, with a year of record before the cutoff to train on.
  for (const h of [...new Set(horizons)].sort((a, b) => b - a)) {
    const cutoffYear = lastWhole - h;
    if (yearOfMs(Date.UTC(cutoffYear - 1, 0, 1)) < full.firstBreakYear) continue;
    const covered = coveredHorizons(cutoffYear, horizons, full);
    if (covered.includes(h)) return { cutoffYear, horizons: covered };
  }
  return null;
}

export function backtestLof(input: LofBacktestInput, onProgress?: OnProgress): LofBacktest[] {
  const full = indexBreaks(input.pipes, input.breaks);
  const at = backtestCutoff(full, input.horizonsYears ?? [1, 3]);
  if (at === null) return [];
  const { model, windows } = peerCutoff(
    { ...input, resamples: input.resamples ?? BACKTEST_RESAMPLES },
    full,
    at.cutoffYear,
    at.horizons,
    onProgress,
  );
  const importance = featureImportance(model);
  return windows.map((w) => ({
    protocol: 'peer',
    ...w,
    trainingFrom: isoDate(full.firstBreakYear),
    cutoff: isoJanuary(w.cutoffYear),
    heldOutTo: isoJanuary(w.cutoffYear + w.horizonYears),
    training: model.training,
    featureImportance: importance,
  }));
}
