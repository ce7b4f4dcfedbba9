import { describe, expect, it } from 'vitest';
import { formatNumber, localeFor, NA, roundHalfExpand } from './number.ts';

describe('localeFor', () => {
  it('maps the six languages to their locales', () => {
    expect(['en', 'ja', 'de', 'it', 'fr', 'es'].map(localeFor)).toEqual([
      'en-US',
      'ja-JP',
      'de-DE',
      'it-IT',
      'fr-FR',
      'es-ES',
    ]);
    expect(localeFor('xx')).toBe('en-US');
  });
});

describe('roundHalfExpand', () => {
  it('rounds the decimal a user sees, away from zero', () => {
    expect(roundHalfExpand(1.005, 2)).toBe(1.01);
    expect(roundHalfExpand(-1.005, 2)).toBe(-1.01);
    expect(roundHalfExpand(2.5, 0)).toBe(3);
    expect(roundHalfExpand(1e-9, 2)).toBe(1e-9);
    expect(Object.is(roundHalfExpand(-0.4, 0), 0)).toBe(true);
  });
});

describe('formatNumber', () => {
  it('uses the locale and fixed decimals', () => {
    expect(formatNumber(1234.5, 'en', { decimals: 2 })).toBe('1,234.50');
    expect(formatNumber(1234.5, 'de', { decimals: 2 })).toBe('1.234,50');
    expect(formatNumber(1234.5, 'en')).toBe('1,235');
  });
  it('prints full-width digits for ja unless asked not to', () => {
    expect(formatNumber(1234, 'ja')).toBe('１,２３４');
    expect(formatNumber(1234, 'ja', { fullWidth: false })).toBe('1,234');
  });
  it("shows 'NA' for non-numbers", () => {
    expect(formatNumber(Number.NaN, 'en')).toBe(NA);
    expect(formatNumber(null, 'en')).toBe('NA');
    expect(formatNumber(Number.NEGATIVE_INFINITY, 'ja')).toBe('NA');
  });
});
