import { describe, expect, it } from 'vitest';
import { formatPercent, formatPopulation, formatPopulationChange, rankDecimals } from './percent.ts';

describe('formatPercent', () => {
  it('defaults to 2 decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(0)).toBe('0.00%');
  });
  it('takes 0 decimals for map labels', () => {
    expect(formatPercent(12.5, { decimals: 0 })).toBe('13%');
  });
  it('follows the locale', () => {
    expect(formatPercent(12.5, { language: 'de' })).toBe('12,50\u00a0%');
    expect(formatPercent(12.5, { language: 'ja' })).toBe('１２.５０%');
  });
  it("shows 'NA' for non-numbers", () => {
    expect(formatPercent(Number.NaN)).toBe('NA');
    expect(formatPercent(null)).toBe('NA');
  });
});

describe('formatPopulation', () => {
  it('shows 2 decimals', () => {
    expect(formatPopulation(1234.567)).toBe('1,234.57');
    expect(formatPopulation(50, 'de')).toBe('50,00');
    expect(formatPopulation(undefined)).toBe('NA');
  });
});

describe('formatPopulationChange', () => {
  it("shows '...' for the comparison year", () => {
    expect(formatPopulationChange(-4.6, true)).toBe('...');
    expect(formatPopulationChange(null, true)).toBe('...');
  });
  it('rounds other years to a whole percent', () => {
    expect(formatPopulationChange(-4.6, false)).toBe('-5%');
    expect(formatPopulationChange(2.5, false)).toBe('3%');
    expect(formatPopulationChange(-0.4, false, 'en')).toBe('0%');
    expect(formatPopulationChange(Number.NaN, false)).toBe('NA');
  });
});

describe('rankDecimals', () => {
  it('shows the first significant digit of a rank under 1 %, one decimal above', () => {
    expect([45, 1, 0.5, 0.1, 0.05, 0.01, 0.001, 0.00001, 0].map(rankDecimals)).toEqual([
      1, 1, 2, 2, 2, 2, 3, 4, 1,
    ]);
  });
});
