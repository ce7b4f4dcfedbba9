import { describe, expect, it } from 'vitest';
import { selectPopulationQuantiles } from './get-tile-properties.ts';

describe('selectPopulationQuantiles', () => {
  const data = { populationQuantiles: { '2030': [0, 5, 10], '2040': [] } };

  it('gives the quantiles of the year, or null when the year has none or nothing is loaded', () => {
    expect(selectPopulationQuantiles(data, 2030)).toEqual([0, 5, 10]);
    expect(selectPopulationQuantiles(data, 2040)).toBeNull();
    expect(selectPopulationQuantiles(data, 2050)).toBeNull();
    expect(selectPopulationQuantiles(undefined, 2030)).toBeNull();
  });
});
