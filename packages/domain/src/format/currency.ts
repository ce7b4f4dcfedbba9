// Money for display (spec §9, CHECKLIST FMT-NUM-01..03).
import { isFiniteNumber, localeFor, NA, roundHalfExpand, type FormatOptions } from './number.ts';
import { localizeDigits } from './digits.ts';
import type { CurrencyCode } from './units.ts';

/** Dollar amounts above this are shown in thousands with 'k'. */
export const THOUSANDS_THRESHOLD = 999;
/**
 * Decimals of the k-form. The spec gives none; one keeps $1.5k distinct from $1k without the noise of
 * cents, and trailing zeros drop ($2k, not $2.0k). Millions stay in k ($1,250k): the spec names only k.
 */
export const THOUSANDS_DECIMALS = 1;

function insertK(parts: Intl.NumberFormatPart[]): string {
  // 'k' follows the last digit, wherever the locale puts the currency sign ($1.5k, 1,5k $).
  const lastNumber = parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction');
  return parts.map((part, index) => (index === lastNumber ? `${part.value}k` : part.value)).join('');
}

/**
 * An amount in `currency` for `language`. USD shows 2 decimals, and above $999 thousands with 'k';
 * JPY and EUR use their own minor units (0 and 2) and are never shortened: the spec shortens dollars only.
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
  if (currency === 'USD' && Math.abs(amount) > THOUSANDS_THRESHOLD) {
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
