// Shared number formatting: locale by language, 'NA' on failure (spec §8), full-width digits for ja (§9).
import { LOCALE_BY_LANGUAGE, isLanguage } from '../constants/index.ts';
import { localizeDigits } from './digits.ts';

/** What a failed conversion or an unreadable number shows (spec §8). */
export const NA = 'NA';

export interface FormatOptions {
  /** Full-width digits for ja (spec §9); pass false where text must stay machine-readable. */
  readonly fullWidth?: boolean;
}

/** The Intl locale of a language; en-US for anything unknown. */
export function localeFor(language: string | null | undefined): string {
  return isLanguage(language) ? LOCALE_BY_LANGUAGE[language] : LOCALE_BY_LANGUAGE.en;
}

/**
 * Rounds half away from zero at `places` on the decimal digits a user sees: Intl and toFixed round the binary
 * value, so 1.005 would show as 1.00.
 */
export function roundHalfExpand(value: number, places: number): number {
  const text = String(Math.abs(value));
  if (text.includes('e')) return value;
  const shifted = Math.round(Number(`${text}e${places}`));
  // Adding 0 turns -0 into 0, so -0.4 rounded to whole numbers shows '0', not '-0'.
  return Math.sign(value) * Number(`${shifted}e-${places}`) + 0;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Formats with Intl for `language`, or 'NA' when the value is not a finite number. */
export function formatWithIntl(
  value: number | null | undefined,
  language: string,
  intl: Intl.NumberFormatOptions,
  options: FormatOptions = {},
): string {
  if (!isFiniteNumber(value)) return NA;
  // Intl's own default is 3 places; a percent style shows the value times 100, so two places more.
  const places = (intl.maximumFractionDigits ?? 3) + (intl.style === 'percent' ? 2 : 0);
  const text = new Intl.NumberFormat(localeFor(language), intl).format(roundHalfExpand(value, places));
  return options.fullWidth === false ? text : localizeDigits(text, language);
}

export interface NumberFormatOptions extends FormatOptions {
  /** Fixed number of decimals; default 0. */
  readonly decimals?: number;
}

/** A plain number in the user's locale with fixed decimals, e.g. 1234.5 → '1.234,50' in de with 2. */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  options: NumberFormatOptions = {},
): string {
  const decimals = options.decimals ?? 0;
  return formatWithIntl(
    value,
    language,
    { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    options,
  );
}
