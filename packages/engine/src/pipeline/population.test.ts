import { describe, expect, it } from 'vitest';
import { addPopulation, basePopulation, baseYear } from './population.ts';

describe('pipe population', () => {
  it('takes the lowest year as the base year', () => {
    expect(baseYear({ '2030': 12, '2025': 10, '2050': 15 })).toBe('2025');
    expect(basePopulation({ '2030': 12, '2025': 10 })).toBe(10);
    expect(basePopulation(null)).toBe(0);
  });

  it('sums records by year', () => {
    const sum: Record<string, number> = {};
    addPopulation(sum, { '2025': 1, '2030': 2 });
    addPopulation(sum, { '2025': 3 });
    addPopulation(sum, null);
    expect(sum).toEqual({ '2025': 4, '2030': 2 });
  });
});
