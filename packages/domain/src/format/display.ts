// RUL and LOF display states (spec §5, CHECKLIST FMT-DISP-01..03). They return states rather than text so
// the web translates 'n/a' and '100+ years' in the user's language.

export const RUL_OVER_LIMIT_YEARS = 100;

export type RulDisplay = { kind: 'na' } | { kind: 'over100' } | { kind: 'years'; value: number };

/** RUL below 0 or empty → n/a; 100 or more → '100+ years'; else the years. */
export function formatRul(years: number | null | undefined): RulDisplay {
  if (typeof years !== 'number' || Number.isNaN(years) || years < 0) return { kind: 'na' };
  if (years >= RUL_OVER_LIMIT_YEARS) return { kind: 'over100' };
  return { kind: 'years', value: years };
}

export type LofDisplay = { kind: 'na' } | { kind: 'value'; value: number };

/**
 * LOF of -1 or empty → n/a. Any other negative (or non-finite) value is no likelihood either, so it shows
 * n/a too rather than a nonsensical probability.
 */
export function formatLof(value: number | null | undefined): LofDisplay {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return { kind: 'na' };
  return { kind: 'value', value };
}
