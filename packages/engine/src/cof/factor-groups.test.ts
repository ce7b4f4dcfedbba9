import { COF_REPORT_FACTORS } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { COF_COST_CODE, COF_FACTOR_GROUPS, COF_GROUP_CODE } from './constants.ts';
import { cofFactorGroups } from './factor-groups.ts';

describe('COF factor groups (001 §9)', () => {
  it('splits a breakdown into the seven groups, which roll up into the cost codes', () => {
    const groups = cofFactorGroups({
      standardRepair: 10,
      intenseRepair: 0,
      propertyDamage: 3,
      noWater: 40,
      trafficDisruption: 5,
      criticalFacilities: 7,
      environment: 2,
      custom: 1,
    });
    expect(Object.fromEntries(COF_FACTOR_GROUPS.map((g, i) => [g, groups[i]]))).toEqual({
      directStandard: 10,
      propertyDamage: 3,
      criticalFacilities: 7,
      trafficDisruption: 5,
      environmental: 2,
      noWater: 40,
      custom: 1,
    });
    const byCode = (code: number) =>
      COF_FACTOR_GROUPS.reduce((s, g, i) => s + (COF_GROUP_CODE[g] === code ? groups[i]! : 0), 0);
    expect(byCode(COF_COST_CODE.direct)).toBe(13);
    expect(byCode(COF_COST_CODE.indirect)).toBe(54);
    expect(byCode(COF_COST_CODE.custom)).toBe(1);
  });

  it('has the report contract’s factor order, which the stored cof_factors array follows', () => {
    expect([...COF_FACTOR_GROUPS]).toEqual([...COF_REPORT_FACTORS]);
  });
});
