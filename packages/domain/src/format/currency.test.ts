import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from './units.ts';
import { currencyDecimals, formatCurrency } from './currency.ts';

describe('formatCurrency', () => {
  it('shows USD with 2 decimals up to $999', () => {
    expect(formatCurrency(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatCurrency(999, 'USD', 'en')).toBe('$999.00');
    expect(formatCurrency(1.005, 'USD', 'en')).toBe('$1.01');
  });
  it('shows dollars over 999 in thousands with k and one decimal at most', () => {
    expect(formatCurrency(1500, 'USD', 'en')).toBe('$1.5k');
    expect(formatCurrency(1000, 'USD', 'en')).toBe('$1k');
    expect(formatCurrency(999.5, 'USD', 'en')).toBe('$1k');
    expect(formatCurrency(12_345, 'USD', 'en')).toBe('$12.3k');
    expect(formatCurrency(-1500, 'USD', 'en')).toBe('-$1.5k');
  });
  // Issue 38: "$20,000k" and "$532,307.5k" did not read as money.
  it('reads a million and more in every currency and language compactly, with three significant digits', () => {
    expect(formatCurrency(20_000_000, 'USD', 'en')).toBe('$20.0M');
    expect(formatCurrency(532_307_500, 'USD', 'en')).toBe('$532M');
    expect(formatCurrency(1_250_000, 'USD', 'en')).toBe('$1.25M');
    expect(formatCurrency(18_900_000, 'USD', 'en')).toBe('$18.9M');
    expect(formatCurrency(-2_500_000, 'USD', 'en')).toBe('-$2.50M');
    // The k-form stops where it would read a thousand thousands.
    expect(formatCurrency(999_940, 'USD', 'en')).toBe('$999.9k');
    expect(formatCurrency(999_960, 'USD', 'en')).toBe('$1.00M');
    expect(formatCurrency(20_000_000, 'EUR', 'de')).toBe('20,0 Mio. €');
    expect(formatCurrency(1_500_000_000, 'EUR', 'fr')).toBe('1,50 Md €');
    expect(formatCurrency(20_000_000, 'JPY', 'ja', { fullWidth: false })).toBe('￥2000万');
    expect(formatCurrency(2_000_000, 'EUR', 'it')).toBe('2,00 Mln €');
    expect(formatCurrency(20_000_000, 'USD', 'es')).toBe('20,0 M US$');
    for (const language of ['en', 'ja', 'de', 'it', 'fr', 'es'])
      for (const currency of ['USD', 'EUR', 'JPY'] as const)
        expect(formatCurrency(123_456_789, currency, language, { fullWidth: false })).not.toMatch(
          /\d{4,}k|,\d{3}k/,
        );
  });
  it('places k after the digits in other locales', () => {
    expect(formatCurrency(1500, 'USD', 'de')).toBe('1,5k\u00a0$');
  });
  it('does not shorten yen or euros', () => {
    expect(formatCurrency(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatCurrency(1234.5, 'EUR', 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatCurrency(1234.5, 'JPY', 'en')).toBe('¥1,235');
  });
  it('writes full-width digits in Japanese', () => {
    expect(formatCurrency(1234, 'JPY', 'ja')).toBe('￥１,２３４');
    expect(formatCurrency(1234, 'JPY', 'ja', { fullWidth: false })).toBe('￥1,234');
  });
  it("shows 'NA' for bad amounts or currencies", () => {
    expect(formatCurrency(Number.NaN, 'USD', 'en')).toBe('NA');
    expect(formatCurrency(undefined, 'EUR', 'de')).toBe('NA');
    expect(formatCurrency(5, 'XXXX' as CurrencyCode, 'en')).toBe('NA');
  });
});

describe('currencyDecimals', () => {
  it('is the minor unit of the currency, 2 for an unknown code', () => {
    expect(['USD', 'EUR', 'JPY'].map(currencyDecimals)).toEqual([2, 2, 0]);
    expect(currencyDecimals('not a code')).toBe(2);
  });
});
