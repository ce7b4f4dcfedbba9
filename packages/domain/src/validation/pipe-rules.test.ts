import { describe, expect, it } from 'vitest';
import { diameter, parseDecimalComma, year } from './pipe-rules.ts';

describe('year', () => {
  const check = year({ currentYear: 2026 });

  it('spans 1800 to the current year', () => {
    expect(check.test('1799')).toBe(false);
    expect(check.test('1800')).toBe(true);
    expect(check.test(2026)).toBe(true);
    expect(check.test('2027')).toBe(false);
    expect(check.params).toEqual({ min: 1800, max: 2026 });
  });
  it('wants exactly 4 digits', () => {
    expect(check.test('01999')).toBe(false);
    expect(check.test('1999.0')).toBe(false);
    expect(check.test('19a9')).toBe(false);
  });
  it('defaults to this calendar year', () => {
    const now = new Date().getFullYear();
    expect(year().test(String(now))).toBe(true);
    expect(year().test(String(now + 1))).toBe(false);
  });
});

describe('diameter', () => {
  it.each(['2', '50', '12,5', '12.5', 30])('accepts %j', (value) =>
    expect(diameter().test(value)).toBe(true),
  );
  it.each(['1', '50,1', '50.1', '1,2,3', 'abc', '1.5,2'])('refuses %j', (value) =>
    expect(diameter().test(value)).toBe(false),
  );
  it('carries its range', () => expect(diameter().params).toEqual({ min: 2, max: 50 }));
});

describe('parseDecimalComma', () => {
  it('reads a comma as decimal separator', () => {
    expect(parseDecimalComma('12,5')).toBe(12.5);
    expect(parseDecimalComma('12.5')).toBe(12.5);
    expect(parseDecimalComma('1,234.5')).toBeNaN();
  });
});
