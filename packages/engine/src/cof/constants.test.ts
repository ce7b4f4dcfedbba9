import { describe, expect, it } from 'vitest';
import {
  COF_COST_CODE,
  COF_FACTOR_GROUPS,
  COF_GROUP_CODE,
  COF_LEVEL_NAMES,
  DEFAULT_STANDARD_REPAIR_COST,
  diameterTier,
} from './constants.ts';

const inch = (i: number): number => i * 25.4;

describe('COF constants (001 §9)', () => {
  it('has the factor groups and cost codes of the spec, total = direct | indirect', () => {
    expect(COF_FACTOR_GROUPS).toEqual([
      'directStandard',
      'propertyDamage',
      'criticalFacilities',
      'trafficDisruption',
      'environmental',
      'noWater',
      'custom',
    ]);
    expect(COF_COST_CODE).toEqual({ direct: 8192, indirect: 16384, total: 24576, custom: 2048 });
    expect(COF_COST_CODE.direct | COF_COST_CODE.indirect).toBe(COF_COST_CODE.total);
    expect(COF_GROUP_CODE.custom).toBe(2048);
    expect(COF_GROUP_CODE.directStandard).toBe(8192);
    expect(COF_GROUP_CODE.noWater).toBe(16384);
  });

  it('has the default standard repair costs and level names', () => {
    expect(Object.values(DEFAULT_STANDARD_REPAIR_COST)).toEqual([168, 200, 280, 330, 380, 450]);
    expect(Object.values(COF_LEVEL_NAMES)).toEqual(['low', 'medium low', 'medium high', 'high', 'very high']);
  });
});

describe('diameterTier: half-open bands [lower, upper) in inches (CHECKLIST COF-COST-03)', () => {
  it.each([
    [3.99, 'd1'],
    [4, 'd2'],
    [7.99, 'd2'],
    [8, 'd3'],
    [15.99, 'd3'],
    [16, 'd4'],
    [23.99, 'd4'],
    [24, 'd5'],
    [29.99, 'd5'],
    [30, 'd6'],
    [120, 'd6'],
    [0, 'd1'],
  ])('%s in → %s', (inches, tier) => {
    expect(diameterTier(inch(inches))).toBe(tier);
  });

  it('is null for an unknown or invalid diameter', () => {
    for (const d of [null, undefined, Number.NaN, -1]) expect(diameterTier(d)).toBeNull();
  });

  it('takes common metric sizes to the expected tiers', () => {
    expect(diameterTier(100)).toBe('d1'); // 3.94 in
    expect(diameterTier(150)).toBe('d2');
    expect(diameterTier(300)).toBe('d3');
    expect(diameterTier(600)).toBe('d4');
    expect(diameterTier(762)).toBe('d6'); // exactly 30 in
  });
});
