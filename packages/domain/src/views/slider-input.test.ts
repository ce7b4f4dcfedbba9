import { describe, expect, it } from 'vitest';
import {
  decimalsForStep,
  formatSliderValue,
  parseSliderInput,
  sliderLabel,
  sortRange,
  toRangeFilter,
} from './slider-input.ts';

describe('slider inputs (spec 000 §5)', () => {
  it('strips all but digits, dot and minus before parsing (FILT-SLD-01)', () => {
    expect(parseSliderInput('1,920 mm')).toBe(1920);
    expect(parseSliderInput(' -12.5% ')).toBe(-12.5);
    expect(parseSliderInput('abc')).toBeNull();
    expect(parseSliderInput('1-2')).toBeNull();
    expect(parseSliderInput('1.2.3')).toBeNull();
    expect(parseSliderInput('-')).toBeNull();
    expect(parseSliderInput('')).toBeNull();
  });

  it('sorts low and high (FILT-SLD-03)', () => {
    expect(sortRange(5, 2)).toEqual([2, 5]);
    expect(sortRange(2, 5)).toEqual([2, 5]);
  });

  it('treats ends at or beyond min/max as unbounded (FILT-SLD-07)', () => {
    const slider = { min: 1850, max: 2030 };
    expect(toRangeFilter(1850, 2030, slider)).toEqual({ low: null, high: null });
    expect(toRangeFilter(1700, 2100, slider)).toEqual({ low: null, high: null });
    expect(toRangeFilter(1990, 1900, slider)).toEqual({ low: 1900, high: 1990 });
    expect(toRangeFilter(1900, 2030, slider)).toEqual({ low: 1900, high: null });
  });

  it('follows the step for decimals (FILT-SLD-09)', () => {
    expect(decimalsForStep(1)).toBe(0);
    expect(decimalsForStep(10)).toBe(0);
    expect(decimalsForStep(0.5)).toBe(1);
    expect(decimalsForStep(0.01)).toBe(2);
    expect(decimalsForStep(1e-7)).toBe(7);
    expect(formatSliderValue(0.2, 0.01)).toBe('0.20');
    expect(formatSliderValue(1920.4, 1)).toBe('1920');
  });

  it('shows the custom maximum at the top end (FILT-SLD-08)', () => {
    const highest = { max: 3.01, step: 0.01, maxLabel: '100' };
    expect(sliderLabel(3.01, highest)).toBe('100');
    expect(sliderLabel(1.5, highest)).toBe('1.50');
    expect(sliderLabel(100, { max: 100, step: 1 })).toBe('100');
  });
});
