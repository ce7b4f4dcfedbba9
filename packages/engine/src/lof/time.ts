// Time inside the LOF model is a decimal year (2019.5 = early July 2019): ages, horizons and exposure are
// all in years, and a Julian year (365.25 days) keeps the conversion exact enough for yearly cutoffs.

export const MS_PER_YEAR = 365.25 * 24 * 3600 * 1000;

/** Epoch milliseconds (UTC) → decimal year. */
export function yearOfMs(ms: number): number {
  return 1970 + ms / MS_PER_YEAR;
}

/** Decimal year → epoch milliseconds (UTC). */
export function msOfYear(year: number): number {
  return (year - 1970) * MS_PER_YEAR;
}
