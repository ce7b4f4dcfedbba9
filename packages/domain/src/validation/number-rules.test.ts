import { describe, expect, it } from 'vitest';
import { decimal, decimals, digits, digitsBetween, integer, numeric } from './number-rules.ts';

describe('integer', () => {
  it.each(['12', '-3', 0, 7])('accepts %j', (value) => expect(integer().test(value)).toBe(true));
  it.each(['1.5', 'abc', 2.5, '1e3'])('refuses %j', (value) => expect(integer().test(value)).toBe(false));
});

describe('numeric', () => {
  it.each(['12.5', '-3', '0', 4.25])('accepts %j', (value) => expect(numeric().test(value)).toBe(true));
  it.each(['12,5', 'abc', '1.2.3', Number.NaN])('refuses %j', (value) =>
    expect(numeric().test(value)).toBe(false),
  );
});

describe('decimals', () => {
  it('allows up to N places', () => {
    expect(decimals(2).test('1.25')).toBe(true);
    expect(decimals(2).test('1.2')).toBe(true);
    expect(decimals(2).test('1')).toBe(true);
    expect(decimals(2).test('1.255')).toBe(false);
    expect(decimals(0).test('1.5')).toBe(false);
    expect(decimals(2).test('x')).toBe(false);
    expect(decimals(2).params).toEqual({ n: 2 });
  });
});

describe('decimal', () => {
  it('allows up to 9 places', () => {
    expect(decimal().test('0.123456789')).toBe(true);
    expect(decimal().test('0.1234567891')).toBe(false);
    expect(decimal().params).toEqual({ n: 9 });
  });
});

describe('digits / digits_between', () => {
  it('digits wants exactly N digits', () => {
    expect(digits(4).test('0123')).toBe(true);
    expect(digits(4).test('123')).toBe(false);
    expect(digits(4).test('12a4')).toBe(false);
    expect(digits(4).test('-123')).toBe(false);
    expect(digits(3).test(123)).toBe(true);
  });
  it('digits_between wants min..max digits', () => {
    const check = digitsBetween(2, 4);
    expect(check.test('1')).toBe(false);
    expect(check.test('12')).toBe(true);
    expect(check.test('1234')).toBe(true);
    expect(check.test('12345')).toBe(false);
    expect(check.test('1.2')).toBe(false);
    expect(check.params).toEqual({ min: 2, max: 4 });
  });
});
