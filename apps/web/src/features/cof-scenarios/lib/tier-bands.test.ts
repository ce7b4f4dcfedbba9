import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { costUnit } from './cost-units.ts';
import { tierBandLabels } from './tier-bands.ts';

describe('unit labels', () => {
  const t = i18n.getFixedT('en');

  it('labels the tier bands of 001 §9 in inches for US users', () => {
    expect(Object.values(tierBandLabels(t, 'en', 'imperial'))).toEqual([
      '< 4 in',
      '4 – 8 in',
      '8 – 16 in',
      '16 – 24 in',
      '24 – 30 in',
      '≥ 30 in',
    ]);
  });

  it('labels them in whole millimetres for metric users', () => {
    expect(Object.values(tierBandLabels(t, 'en', 'metric'))).toEqual([
      '< 102 mm',
      '102 – 203 mm',
      '203 – 406 mm',
      '406 – 610 mm',
      '610 – 762 mm',
      '≥ 762 mm',
    ]);
  });

  it("gives each cost its unit in the scenario's money", () => {
    const us = { currency: 'USD', perLengthUnit: 'ft' as const };
    const jp = { currency: 'JPY', perLengthUnit: 'm' as const };
    expect(costUnit(t, 'intenseRepairRoadType', us)).toBe('USD/ft');
    expect(costUnit(t, 'intenseRepairRoadType', jp)).toBe('JPY/m');
    expect(costUnit(t, 'customerNoWater', us)).toBe('USD per person-hour');
    expect(costUnit(t, 'criticalFacilities', jp)).toBe('JPY per facility-hour');
  });
});
