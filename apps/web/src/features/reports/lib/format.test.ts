import { IMPERIAL_UNITS, METRIC_UNITS } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { reportFormat, unitSymbol } from './format.ts';

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
