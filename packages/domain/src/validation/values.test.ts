import { describe, expect, it } from 'vitest';
import { decimalPlaces, isEmptyValue, toFiniteNumber } from './values.ts';

describe('isEmptyValue', () => {
  it.each([undefined, null, '', '   ', []])('treats %j as empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });
  it.each([0, false, 'a', [1], {}])('treats %j as filled', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('toFiniteNumber', () => {
  it('reads numbers and plain decimal strings', () => {
    expect(toFiniteNumber(12.5)).toBe(12.5);
    expect(toFiniteNumber(' -3 ')).toBe(-3);
    expect(toFiniteNumber('.5')).toBe(0.5);
    expect(toFiniteNumber('+7.')).toBe(7);
  });
  it.each(['', '1e3', '12abc', '1,5', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY, null, {}])(
    'gives NaN for %j',
    (value) => {
      expect(toFiniteNumber(value)).toBeNaN();
    },
  );
});

describe('decimalPlaces', () => {
  it('counts written decimals', () => {
    expect(decimalPlaces('1.250')).toBe(3);
    expect(decimalPlaces('12')).toBe(0);
    expect(decimalPlaces(1.25)).toBe(2);
    expect(decimalPlaces(1e-7)).toBe(7);
  });
  it('is undefined for non-numbers', () => {
    expect(decimalPlaces('abc')).toBeUndefined();
    expect(decimalPlaces(Number.NaN)).toBeUndefined();
  });
});
