// Percentages and population figures (spec §5, §9; CHECKLIST FMT-NUM-04..06, FMT-DISP-04/05).
import {
  formatNumber,
  formatWithIntl,
  isFiniteNumber,
  NA,
  roundHalfExpand,
  type FormatOptions,
} from './number.ts';

/**
 * CHECKLIST FMT-NUM-04 is a conflict: 000 §9 says 2 decimals, 001 §9 says 0 ("2 in one reading").
 * We default to 2, the shared reading; map labels pass 0 (FMT-NUM-05).
 */
export const PERCENT_DECIMALS = 2;
export const MAP_LABEL_PERCENT_DECIMALS = 0;
export const POPULATION_DECIMALS = 2;
/** What the population-change view shows for its comparison (base) year. */
export const COMPARISON_YEAR_TEXT = '...';

export interface PercentOptions extends FormatOptions {
  readonly decimals?: number;
  readonly language?: string;
}

/** A value already in percent points (12.5 means 12.5 %), with fixed decimals: 12.5 → '12.50%'. */
export function formatPercent(value: number | null | undefined, options: PercentOptions = {}): string {
  if (!isFiniteNumber(value)) return NA;
  const decimals = options.decimals ?? PERCENT_DECIMALS;
  const fraction = roundHalfExpand(value, decimals) / 100;
  return formatWithIntl(
    fraction,
    options.language ?? 'en',
    { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    options,
  );
}

/**
 * Decimals of a percentile rank from the top (issue 38: the details pane read 'Top 0.0 %' where the report read
 * 'Top 0.01 %'): one from 1 % on, else enough to show the rank's first significant digit (at most 4), so the very
 * top of a 100,000-pipe network reads 'Top 0.001 %'. The details pane and the reports share it.
 */
export function rankDecimals(value: number): number {
  if (!(value > 0) || value >= 1) return 1;
  return Math.min(4, Math.max(2, -Math.floor(Math.log10(value))));
}

/** Population with 2 fixed decimals in the user's locale. */
export function formatPopulation(
  value: number | null | undefined,
  language: string = 'en',
  options: FormatOptions = {},
): string {
  return formatNumber(value, language, { ...options, decimals: POPULATION_DECIMALS });
}

/** Relative population change in percent points: '...' for the comparison year, else a whole percent. */
export function formatPopulationChange(
  rate: number | null | undefined,
  isComparisonYear: boolean,
  language: string = 'en',
  options: FormatOptions = {},
): string {
  if (isComparisonYear) return COMPARISON_YEAR_TEXT;
  return formatPercent(rate, { ...options, language, decimals: 0 });
}
