// Dates for display, in the user's time zone with UTC as default (spec §9, CHECKLIST FMT-UNIT-10).
import { DEFAULT_TIME_ZONE } from '../constants/index.ts';
import { localizeDigits } from './digits.ts';
import { localeFor, NA, type FormatOptions } from './number.ts';

export interface DateFormatOptions extends FormatOptions {
  /** IANA zone; UTC when missing. */
  readonly timeZone?: string | null | undefined;
  readonly withTime?: boolean;
}

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value == null) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date (and time) in the user's locale and zone; 'NA' for an unreadable date or zone. */
export function formatDate(
  value: Date | string | number | null | undefined,
  language: string,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return NA;
  try {
    const text = new Intl.DateTimeFormat(localeFor(language), {
      dateStyle: 'medium',
      ...(options.withTime ? { timeStyle: 'short' } : {}),
      timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    }).format(date);
    return options.fullWidth === false ? text : localizeDigits(text, language);
  } catch {
    return NA;
  }
}

/** 'YYYY-MM-DD' of the instant in `timeZone` (planner dates, 001 §5); undefined for an unreadable date. */
export function toIsoDate(
  value: Date | string | number,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
