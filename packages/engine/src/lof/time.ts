// Time inside the LOF model is a decimal year (2019.5 = 2 July 2019 at noon): ages, horizons and exposure are all in
// years. A decimal year is calendar-exact: its whole part is the calendar year and its fraction the share of that
// year's own length (365 or 366 days) gone, so 1 January of year Y is exactly Y.
//
// Issue 40: the decimal year was once 1970 + ms / 365.25 days, on which 1 January of year Y lands up to half a day
// either side of Y. A year-only break is stored on 1 January, and yearly windows counted back from the last break
// 365.25 days at a time put 1 January of different years on either side of an edge: panels had empty and doubled
// years. Now window edges step by calendar years (`addCalendarYears`: the same month and day) from an end aligned to
// the coarsest precision of the break dates (`alignDown`: 1 January when any date is year-only, the 1st of a month
// when any is month-only), and an integer install year compares cleanly with a 1 January cutoff.
import type { DatePrecision } from './types.ts';

/** The mean length of a year (Julian), for converting a length of time, not a date. */
export const MS_PER_YEAR = 365.25 * 24 * 3600 * 1000;

/** Epoch ms of 1 January (UTC) of a calendar year (any year: Date.UTC would read 0–99 as 1900–1999). */
function januaryMs(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

/** Epoch milliseconds (UTC) → decimal year. */
export function yearOfMs(ms: number): number {
  if (!Number.isFinite(ms)) return 1970 + ms / MS_PER_YEAR;
  const year = new Date(ms).getUTCFullYear();
  const start = januaryMs(year);
  return year + (ms - start) / (januaryMs(year + 1) - start);
}

/** Decimal year → epoch milliseconds (UTC). */
export function msOfYear(year: number): number {
  if (!Number.isFinite(year)) return (year - 1970) * MS_PER_YEAR;
  const whole = Math.floor(year);
  const start = januaryMs(whole);
  return start + (year - whole) * (januaryMs(whole + 1) - start);
}

/** The instant of a decimal year, rounded to the millisecond (a date turned into a decimal year and back drifts). */
const dateOfYear = (year: number): Date => new Date(Math.round(msOfYear(year)));

/** Coarser precision first. */
export const DATE_PRECISIONS: readonly DatePrecision[] = ['year', 'month', 'day'];

/** The coarser of two precisions. */
export const coarser = (a: DatePrecision, b: DatePrecision): DatePrecision =>
  DATE_PRECISIONS.indexOf(a) <= DATE_PRECISIONS.indexOf(b) ? a : b;

/** The decimal year moved by whole calendar years: the same month, day and time (29 February → 1 March). */
export function addCalendarYears(year: number, years: number): number {
  const d = dateOfYear(year);
  return yearOfMs(
    Date.UTC(
      d.getUTCFullYear() + years,
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
}

/** The start of the calendar period of `precision` holding the decimal year (1 January, 1st of the month, the day). */
export function alignDown(year: number, precision: DatePrecision): number {
  const d = dateOfYear(year);
  const y = d.getUTCFullYear();
  if (precision === 'year') return yearOfMs(Date.UTC(y, 0, 1));
  if (precision === 'month') return yearOfMs(Date.UTC(y, d.getUTCMonth(), 1));
  return yearOfMs(Date.UTC(y, d.getUTCMonth(), d.getUTCDate()));
}
