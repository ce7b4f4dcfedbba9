import { describe, expect, it } from 'vitest';
import { diameterMm, lengthM, periodStartIso, toDate, toNumber } from './parse-values.ts';

describe('cell values', () => {
  it('reads numbers but not text', () => {
    expect(toNumber(' 150 ')).toBe(150);
    expect(toNumber('1,234.5')).toBe(1234.5);
    expect(toNumber('6"')).toBeNull();
    expect(toNumber('n/a')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
  });

  it('converts units to SI', () => {
    expect(lengthM(100, 'ft')).toBeCloseTo(30.48, 9);
    expect(diameterMm(6, 'in')).toBeCloseTo(152.4, 9);
    expect(diameterMm(15, 'cm')).toBe(150);
    expect(diameterMm(0.1524, 'm')).toBeCloseTo(152.4, 9);
  });

  it.each([
    ['1979', 'mdy', { year: 1979, iso: null, precision: 'year' }],
    ['1/1/1979 12:00:00 AM', 'mdy', { year: 1979, iso: '1979-01-01', month: 1, precision: 'day' }],
    ['3/4/2001', 'dmy', { year: 2001, iso: '2001-04-03', month: 4, precision: 'day' }],
    ['2017/12/01 15:15:00+00', 'mdy', { year: 2017, iso: '2017-12-01', month: 12, precision: 'day' }],
    ['19900314', 'mdy', { year: 1990, iso: '1990-03-14', month: 3, precision: 'day' }],
    ['昭和45年', 'mdy', { year: 1970, iso: null, precision: 'year' }],
    ['平成元年4月1日', 'mdy', { year: 1989, iso: '1989-04-01', month: 4, precision: 'day' }],
    ['R2.4.1', 'mdy', { year: 2020, iso: '2020-04-01', month: 4, precision: 'day' }],
    // Issue 40: the year and month only.
    ['2009-03', 'mdy', { year: 2009, iso: null, month: 3, precision: 'month' }],
    ['2009/3', 'dmy', { year: 2009, iso: null, month: 3, precision: 'month' }],
    ['2009年3月', 'mdy', { year: 2009, iso: null, month: 3, precision: 'month' }],
    ['03/2009', 'mdy', { year: 2009, iso: null, month: 3, precision: 'month' }],
    ['3.2009', 'dmy', { year: 2009, iso: null, month: 3, precision: 'month' }],
    ['2009-13', 'mdy', null],
    ['2/30/2001', 'mdy', null],
    ['soon', 'mdy', null],
  ] as const)('%s (%s)', (text, format, expected) => expect(toDate(text, format)).toEqual(expected));

  it('stores a year-only or year-month date at the start of its period', () => {
    expect(periodStartIso(toDate('2009')!)).toBe('2009-01-01');
    expect(periodStartIso(toDate('2009-03')!)).toBe('2009-03-01');
    expect(periodStartIso(toDate('2009-03-17')!)).toBe('2009-03-17');
  });
});
