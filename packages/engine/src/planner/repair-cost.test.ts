import { describe, expect, it } from 'vitest';
import { DEFAULT_STANDARD_REPAIR_COST } from '../cof/constants.ts';
import { repairCost } from './repair-cost.ts';

const rates = DEFAULT_STANDARD_REPAIR_COST;

describe('repairCost', () => {
  it('uses the rate of the diameter tier (half-open inch bands)', () => {
    expect(repairCost(50, 10, rates, 'm')).toBe(168 * 10); // 2 in → d1
    expect(repairCost(101.6, 10, rates, 'm')).toBe(200 * 10); // 4 in → d2
    expect(repairCost(203.2, 10, rates, 'm')).toBe(280 * 10); // 8 in → d3
    expect(repairCost(450, 10, rates, 'm')).toBe(330 * 10); // 17.7 in → d4
    expect(repairCost(610, 10, rates, 'm')).toBe(380 * 10); // 24 in → d5
    expect(repairCost(762, 10, rates, 'm')).toBe(450 * 10); // 30 in → d6
  });

  it('converts the length to feet for a rate per foot', () => {
    expect(repairCost(150, 30.48, rates, 'ft')).toBeCloseTo(200 * 100, 9);
  });

  it('is null when the diameter is unknown, and rejects a bad length', () => {
    expect(repairCost(null, 10, rates, 'm')).toBeNull();
    expect(repairCost(Number.NaN, 10, rates, 'm')).toBeNull();
    expect(() => repairCost(150, -1, rates, 'm')).toThrow(RangeError);
  });
});
