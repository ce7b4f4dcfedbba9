import { describe, expect, it } from 'vitest';
import { limitDecimals, stripToNumber } from './inputs.ts';

describe('stripToNumber', () => {
  it('strips all but digits, dot and minus', () => {
    expect(stripToNumber('1,234.5 ft')).toBe(1234.5);
    expect(stripToNumber('-30 %')).toBe(-30);
    expect(stripToNumber('$ 12')).toBe(12);
  });
  it.each(['', 'abc', '-', '.', '--5'])('gives NaN for %j', (text) => {
    expect(stripToNumber(text)).toBeNaN();
  });
});

describe('limitDecimals', () => {
  it('keeps the new text within the limit', () => {
    expect(limitDecimals('1.2', '1.23', 2)).toBe('1.23');
    expect(limitDecimals('1', '1.', 2)).toBe('1.');
    expect(limitDecimals('12', '123', 0)).toBe('123');
    expect(limitDecimals('1,2', '1,25', 2)).toBe('1,25');
  });
  it('reverts when more decimals are typed', () => {
    expect(limitDecimals('1.23', '1.234', 2)).toBe('1.23');
    expect(limitDecimals('12', '12.', 0)).toBe('12');
    expect(limitDecimals('1,25', '1,253', 2)).toBe('1,25');
  });
});
