import { IMPERIAL_UNITS, METRIC_UNITS, type CurrencyCode, type UnitSet } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { csvFormat, reportFormat, unitSymbol } from './format.ts';

const us = reportFormat({
  language: 'en',
  units: IMPERIAL_UNITS,
  currency: 'USD',
  timeZone: 'UTC',
  na: 'n/a',
});
const ja = reportFormat({
  language: 'ja',
  units: METRIC_UNITS,
  currency: 'JPY',
  timeZone: 'Asia/Tokyo',
  na: '該当なし',
});

describe('reportFormat', () => {
  it('shows network lengths in mi or km and pipe lengths in ft or m', () => {
    expect(us.lengthLarge(1609.34)).toBe('1.00');
    expect(us.length(304.8)).toBe('1,000.0');
    expect(ja.lengthLarge(1500)).toBe('１.５０');
    expect(us.unit).toEqual({ large: 'mi', segment: 'ft', diameter: 'in' });
  });

  it('turns breaks per 100 km per year into breaks per 100 mi per year', () => {
    expect(us.rate(10)).toBeCloseTo(16.0934, 4);
    expect(ja.rate(10)).toBeCloseTo(10, 10);
    expect(us.rate(null)).toBeNull();
  });

  it('writes money with the k of 001 §9 for dollars only', () => {
    expect(us.money(1500)).toBe('$1.5k');
    expect(us.money(999)).toBe('$999.00');
    expect(ja.money(1500)).toBe('￥１,５００');
  });

  it('shows what cannot be read as the reader’s n/a', () => {
    expect(us.lof(-1)).toBe('n/a');
    expect(us.lengthLarge(null)).toBe('n/a');
    expect(ja.date('not a date')).toBe('該当なし');
  });

  it('names units as Intl does in the reader’s language', () => {
    expect(unitSymbol('ft', 'fr')).toBe('pi');
    expect(unitSymbol('km', 'ja')).toBe('km');
  });
});

describe('csvFormat', () => {
  const csv = (language: string, units: UnitSet, currency: CurrencyCode = 'USD') =>
    csvFormat({ language, units, currency, timeZone: 'UTC', na: '' });

  it('writes plain numbers a spreadsheet can add up, in the headers’ units', () => {
    const f = csv('en', IMPERIAL_UNITS);
    expect(f.money(1_534.567)).toBe('1534.57');
    expect(f.lengthLarge(1_500)).toBe('0.9321');
    expect(f.length(100)).toBe('328.08');
    expect(f.count(12_345)).toBe('12345');
    expect(f.share(0.365853)).toBe('36.585%');
    expect(f.lof(0.123456)).toBe('12.3456%');
    expect(f.year(1965)).toBe('1965');
    expect(f.date('2026-03-04T12:00:00Z')).toBe('2026-03-04');
  });

  it('uses ASCII digits and a point in every language, and leaves an unknown value empty', () => {
    const ja = csv('ja', METRIC_UNITS, 'JPY');
    expect(ja.count(12_345)).toBe('12345');
    expect(ja.money(1_500_000)).toBe('1500000');
    expect(csv('de', METRIC_UNITS, 'EUR').lengthLarge(1_234.5)).toBe('1.2345');
    expect(ja.lof(null)).toBe('');
    expect(ja.lof(-1)).toBe('');
    expect(ja.money(null)).toBe('');
  });
});
