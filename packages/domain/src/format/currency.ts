// Money for display (spec §9, CHECKLIST FMT-NUM-01..03).
import { isFiniteNumber, localeFor, NA, roundHalfExpand, type FormatOptions } from './number.ts';
import { localizeDigits } from './digits.ts';
import type { CurrencyCode } from './units.ts';

/** Dollar amounts above this are shown in thousands with 'k'. */
export const THOUSANDS_THRESHOLD = 999;
/**
 * Decimals of the k-form. The spec gives none; one keeps $1.5k distinct from $1k without the noise of
 * cents, and trailing zeros drop ($2k, not $2.0k).
 */
export const THOUSANDS_DECIMALS = 1;
/**
 * From a million on, every currency reads in the locale's own compact form with three significant digits: $20.0M,
 * $532M, 20,0 Mio. €, ￥2000万. FMT-NUM-03 names only the 'k' of thousands of dollars; read as a user would (issue 38:
 * "$20,000k" and "$532,307.5k" did not read as money in front of a council), the k-form stops below a million.
 */
export const MILLIONS_FROM = 1_000_000;

function compact(amount: number, currency: CurrencyCode, language: string): string {
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumSignificantDigits: 3,
    maximumSignificantDigits: 3,
  }).format(amount);
}

function insertK(parts: Intl.NumberFormatPart[]): string {
  // 'k' follows the last digit, wherever the locale puts the currency sign ($1.5k, 1,5k $).
  const lastNumber = parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction');
  return parts.map((part, index) => (index === lastNumber ? `${part.value}k` : part.value)).join('');
}

/**
 * An amount in `currency` for `language`. USD shows 2 decimals, and above $999 thousands with 'k'; JPY and EUR use
 * their own minor units (0 and 2) below a million. A million and more, in any currency, reads compact (MILLIONS_FROM).
 */
export function formatCurrency(
  amount: number | null | undefined,
  currency: CurrencyCode,
  language: string,
  options: FormatOptions = {},
): string {
  if (!isFiniteNumber(amount)) return NA;
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(localeFor(language), { style: 'currency', currency });
  } catch {
    return NA;
  }
  const places = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  let text: string;
  // $999,960 would read "$1,000k" in the k-form: it is a million already.
  const millions = Math.abs(
    currency === 'USD' ? roundHalfExpand(amount / 1000, THOUSANDS_DECIMALS) * 1000 : amount,
  );
  if (millions >= MILLIONS_FROM) {
    text = compact(amount, currency, language);
  } else if (currency === 'USD' && Math.abs(amount) > THOUSANDS_THRESHOLD) {
    const thousands = new Intl.NumberFormat(localeFor(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: THOUSANDS_DECIMALS,
    });
    text = insertK(thousands.formatToParts(roundHalfExpand(amount / 1000, THOUSANDS_DECIMALS)));
  } else {
    text = formatter.format(roundHalfExpand(amount, places));
  }
  return options.fullWidth === false ? text : localizeDigits(text, language);
}

/**
 * The decimals of an amount in `currency` (its minor unit: USD and EUR 2, JPY 0): how precisely a budget or a cost
 * may be typed (FMT-RULE-15). 2 for a code Intl does not know.
 */
export function currencyDecimals(currency: string): number {
  try {
    const intl = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions();
    return intl.maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
