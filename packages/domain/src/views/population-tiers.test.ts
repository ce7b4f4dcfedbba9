import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIEW_DEFINITIONS } from './definitions.ts';
import { POPULATION_PALETTE } from './palettes.ts';
import {
  DYNAMIC_TIERS,
  dynamicTierBounds,
  populationTiers,
  roundByDigits,
  STATIC_POPULATION_BOUNDS,
  withDynamicTiers,
} from './population-tiers.ts';

/** 17 quantiles (0/16 … 16/16) of an evenly spread population 0 … 16·step. */
const even = (step: number) => Array.from({ length: 17 }, (_, i) => i * step);
const population = VIEW_DEFINITIONS.population;
const HEX = /^#[0-9a-f]{6}$/;

describe('roundByDigits (MAP-TIER-09 "rounded by digit count")', () => {
  it('keeps two digits, the step set by the whole part’s digit count', () => {
    expect(roundByDigits(7)).toBe(7);
    expect(roundByDigits(43)).toBe(43);
    expect(roundByDigits(1234)).toBe(1200);
    expect(roundByDigits(56789)).toBe(57000);
    expect(roundByDigits(0.37)).toBe(0.4);
    expect(roundByDigits(7.34)).toBe(7.3);
    expect(roundByDigits(99.6)).toBe(100);
    expect(roundByDigits(0)).toBe(0);
  });
});

describe('dynamicTierBounds', () => {
  it('makes 8 tiers by default: 7 inner bounds at equal quantile steps', () => {
    expect(dynamicTierBounds(even(10))).toEqual([20, 40, 60, 80, 100, 120, 140]);
    expect(dynamicTierBounds(even(1000))).toEqual([2000, 4000, 6000, 8000, 10000, 12000, 14000]);
  });

  it('rounds each bound by its digit count', () => {
    expect(dynamicTierBounds(even(123.4), 4)).toEqual([490, 990, 1500]);
  });

  it('never makes more than 16 tiers', () => {
    expect(dynamicTierBounds(even(10), 16)).toHaveLength(DYNAMIC_TIERS.max - 1);
    expect(dynamicTierBounds(even(10), 40)).toHaveLength(DYNAMIC_TIERS.max - 1);
  });

  it('collapses repeated bounds, and drops those not above the minimum', () => {
    // Half the pipes serve nobody, the rest 100 or 101 people: 0 and 100/101 → one distinct bound.
    const skewed = [...Array<number>(9).fill(0), 100, 100, 100, 100, 101, 101, 101, 101];
    expect(dynamicTierBounds(skewed)).toEqual([100]);
    expect(dynamicTierBounds(Array<number>(17).fill(5))).toEqual([]);
    expect(dynamicTierBounds([])).toEqual([]);
  });

  it('gives strictly increasing bounds and at most 16 tiers for any distribution', () => {
    const distribution = fc
      .array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 40 })
      .map((values) => values.sort((a, b) => a - b));
    fc.assert(
      fc.property(distribution, fc.integer({ min: -5, max: 40 }), (quantiles, count) => {
        const bounds = dynamicTierBounds(quantiles, count);
        expect(bounds.length + 1).toBeLessThanOrEqual(DYNAMIC_TIERS.max);
        bounds.slice(1).forEach((b, i) => expect(b).toBeGreaterThan(bounds[i]!));
      }),
    );
  });
});

describe('populationTiers', () => {
  it('spreads the population palette over the tier count, tiers contiguous and ascending', () => {
    for (const bounds of [[10, 20], [1, 2, 3, 4, 5, 6, 7], Array.from({ length: 15 }, (_, i) => i + 1)]) {
      const tiers = populationTiers(bounds);
      expect(tiers).toHaveLength(bounds.length + 1);
      expect(new Set(tiers.map((t) => t.color)).size).toBe(tiers.length);
      tiers.forEach((t) => expect(t.color).toMatch(HEX));
      expect(tiers[0]).not.toHaveProperty('low');
      expect(tiers.at(-1)).not.toHaveProperty('high');
      tiers.slice(1).forEach((t, i) => {
        expect(t.low).toBe(tiers[i]!.high);
        expect(t.low).toBeGreaterThan(tiers[i]!.low ?? -Infinity);
      });
    }
  });

  it('uses the static palette’s colours at the static tier count', () => {
    expect(populationTiers(STATIC_POPULATION_BOUNDS).map((t) => t.color)).toEqual(POPULATION_PALETTE);
  });
});

describe('withDynamicTiers', () => {
  it('gives the population view 8 dynamic tiers from the quantiles', () => {
    const view = withDynamicTiers(population, { populationQuantiles: even(100) });
    expect(view.tiers).toHaveLength(8);
    expect(view.tiers.map((t) => t.high)).toEqual([200, 400, 600, 800, 1000, 1200, 1400, undefined]);
    expect(view.key).toBe('population');
    expect(view.slider).toEqual(population.slider);
  });

  it('falls back to the static tiers (MAP-TIER-08) without quantiles or with too few bounds', () => {
    const staticHighs = [...STATIC_POPULATION_BOUNDS, undefined];
    expect(population.tiers.map((t) => t.high)).toEqual(staticHighs);
    expect(withDynamicTiers(population, {})).toBe(population);
    expect(withDynamicTiers(population, { populationQuantiles: null })).toBe(population);
    expect(withDynamicTiers(population, { populationQuantiles: Array<number>(17).fill(3) })).toBe(population);
    const oneBound = [...Array<number>(9).fill(0), ...Array<number>(8).fill(40)];
    expect(withDynamicTiers(population, { populationQuantiles: oneBound })).toBe(population);
  });

  it('leaves the other views alone', () => {
    const change = VIEW_DEFINITIONS.populationChange;
    expect(withDynamicTiers(change, { populationQuantiles: even(100) })).toBe(change);
  });
});
