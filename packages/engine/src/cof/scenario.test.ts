import { SCENARIO_TYPE } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STANDARD_REPAIR_COST } from './constants.ts';
import { defaultCofScenario } from './defaults.ts';
import {
  type CalculationKind,
  type CostMaster,
  activeTierValue,
  scenarioType,
  switchCalculation,
} from './scenario.ts';

const master = (): CostMaster => defaultCofScenario('US').costMaster;
const enabled = (m: CostMaster) => ({
  customerNoWater: [
    m.indirectCost.customerNoWater.standardCalculation.enabled,
    m.indirectCost.customerNoWater.hydraulicCalculation.enabled,
    m.indirectCost.customerNoWater.valveCalculation.enabled,
  ],
  criticalFacilities: [
    m.indirectCost.criticalFacilities.standardCalculation.enabled,
    m.indirectCost.criticalFacilities.hydraulicCalculation.enabled,
    m.indirectCost.criticalFacilities.valveCalculation.enabled,
  ],
});

describe('scenario type (001 §4, COF-TYPE-01/03)', () => {
  it('is DEFAULT for the default scenario', () => {
    expect(scenarioType(master())).toBe(SCENARIO_TYPE.DEFAULT);
  });

  it('is HYDRAULIC when critical facilities use hydraulic calculation, even if valve is also on', () => {
    const m = master();
    const facilities = m.indirectCost.criticalFacilities;
    const both: CostMaster = {
      ...m,
      indirectCost: {
        ...m.indirectCost,
        criticalFacilities: {
          ...facilities,
          hydraulicCalculation: { ...facilities.hydraulicCalculation, enabled: true },
          valveCalculation: { ...facilities.valveCalculation, enabled: true },
        },
      },
    };
    expect(scenarioType(both)).toBe(SCENARIO_TYPE.HYDRAULIC);
  });

  it('is VALVE when valve calculation is on and hydraulic is off', () => {
    expect(scenarioType(switchCalculation(master(), 'valve'))).toBe(SCENARIO_TYPE.VALVE);
  });
});

describe('switchCalculation (001 §4, COF-TYPE-02)', () => {
  it.each<[CalculationKind, boolean[]]>([
    ['standard', [true, false, false]],
    ['hydraulic', [false, true, false]],
    ['valve', [false, false, true]],
  ])('%s turns that mode on and the others off for both indirect costs', (kind, flags) => {
    const from = switchCalculation(master(), kind === 'valve' ? 'hydraulic' : 'valve');
    expect(enabled(switchCalculation(from, kind))).toEqual({
      customerNoWater: flags,
      criticalFacilities: flags,
    });
  });

  it('keeps the tier values and the direct cost, and does not mutate its input', () => {
    const m = master();
    const copy = structuredClone(m);
    const next = switchCalculation(m, 'hydraulic');
    expect(m).toEqual(copy);
    expect(next.directCost).toBe(m.directCost);
    expect(next.indirectCost.customerNoWater.hydraulicCalculation.d3).toBe(
      m.indirectCost.customerNoWater.hydraulicCalculation.d3,
    );
  });

  it('reads the tier value of the mode in force, standard when that mode is off', () => {
    const costs = master().indirectCost.criticalFacilities;
    const changed = { ...costs, valveCalculation: { ...costs.valveCalculation, enabled: true, d4: 9 } };
    expect(activeTierValue(changed, 'valve', 'd4')).toBe(9);
    expect(activeTierValue(costs, 'valve', 'd4')).toBe(costs.standardCalculation.d4);
  });
});

describe('default scenario per country', () => {
  it('US: USD per foot with the spec values', () => {
    const us = defaultCofScenario('US');
    expect(us.parameters).toMatchObject({ currency: 'USD', perLengthUnit: 'ft' });
    expect(us.parameters.standardRepairCost).toEqual(DEFAULT_STANDARD_REPAIR_COST);
    expect(us.costMaster.directCost.intenseRepairRoadType.standardCalculation.d1).toBe(252);
    expect(us.customCofs).toEqual([]);
    expect(us.enabled).toBe(true);
  });

  it('JP: yen per metre, converted from USD per foot (÷ 0.3048 × 150)', () => {
    const jp = defaultCofScenario('JP');
    expect(jp.parameters).toMatchObject({ currency: 'JPY', perLengthUnit: 'm' });
    expect(jp.parameters.standardRepairCost.d1).toBe(Number(((168 / 0.3048) * 150).toPrecision(3)));
    expect(jp.parameters.trafficPerHour.arterial).toBe(150_000);
  });

  it('EU countries: euro per metre; unknown countries fall back to US', () => {
    for (const country of ['DE', 'IT', 'FR', 'ES'])
      expect(defaultCofScenario(country).parameters).toMatchObject({ currency: 'EUR', perLengthUnit: 'm' });
    expect(defaultCofScenario('XX').parameters.currency).toBe('USD');
  });

  it('a metre of pipe costs the same (up to FX and rounding) in every default', () => {
    const perMetreUsd = (c: string, fx: number) => {
      const p = defaultCofScenario(c).parameters;
      return (p.perLengthUnit === 'ft' ? p.standardRepairCost.d3 / 0.3048 : p.standardRepairCost.d3) / fx;
    };
    expect(perMetreUsd('JP', 150)).toBeCloseTo(perMetreUsd('US', 1), -1);
    expect(perMetreUsd('DE', 0.92)).toBeCloseTo(perMetreUsd('US', 1), -1);
  });
});
