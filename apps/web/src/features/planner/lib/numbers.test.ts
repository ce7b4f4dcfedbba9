import { describe, expect, it } from 'vitest';
import { decimalText, parseDecimal } from './numbers.ts';

describe('typed numbers', () => {
  it('reads a decimal point or a lone decimal comma, nothing else', () => {
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 500 ')).toBe(500);
    expect(parseDecimal('1,000.5')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
    expect(parseDecimal('1e3')).toBeNaN();
  });

  it('writes numbers back without trailing zeros', () => {
    expect(decimalText(168)).toBe('168');
    expect(decimalText(152.40000001)).toBe('152.4');
    expect(decimalText(null)).toBe('');
  });
});
