import { SCENARIO_TYPE } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { costMaster } from '../test-data.ts';
import type { CostMaster } from '../types.ts';
import { activeModeKey, calculationKindOf, scenarioType, switchCalculation } from './calculation.ts';

const enabled = (cm: CostMaster) => ({
  noWater: Object.entries(cm.indirectCost.customerNoWater)
    .filter(([, m]) => m.enabled)
    .map(([k]) => k),
  facilities: Object.entries(cm.indirectCost.criticalFacilities)
    .filter(([, m]) => m.enabled)
    .map(([k]) => k),
  direct: Object.entries(cm.directCost.intenseRepairRoadType)
    .filter(([, m]) => m.enabled)
    .map(([k]) => k),
});

describe('scenario type switching (001 §4)', () => {
  it('COF-TYPE-02: choosing a mode turns it on and the other two off for both indirect costs', () => {
    const valve = switchCalculation(costMaster(), 'valve');
    expect(enabled(valve)).toEqual({
      noWater: ['valveCalculation'],
      facilities: ['valveCalculation'],
      direct: ['standardCalculation'],
    });
    const hydraulic = switchCalculation(valve, 'hydraulic');
    expect(enabled(hydraulic).noWater).toEqual(['hydraulicCalculation']);
    expect(enabled(hydraulic).facilities).toEqual(['hydraulicCalculation']);
    expect(enabled(switchCalculation(hydraulic, 'standard')).facilities).toEqual(['standardCalculation']);
  });

  it('keeps every tier value and leaves the direct cost alone', () => {
    const before = costMaster();
    const after = switchCalculation(before, 'hydraulic');
    expect(after.directCost).toEqual(before.directCost);
    expect(after.indirectCost.customerNoWater.valveCalculation.d3).toBe(4);
    expect(after.indirectCost.criticalFacilities.hydraulicCalculation.d6).toBe(1500);
  });

  it('COF-TYPE-03: hydraulic when critical facilities run hydraulic, else valve, else default', () => {
    expect(scenarioType(costMaster())).toBe(SCENARIO_TYPE.DEFAULT);
    expect(scenarioType(switchCalculation(costMaster(), 'valve'))).toBe(SCENARIO_TYPE.VALVE);
    expect(scenarioType(switchCalculation(costMaster(), 'hydraulic'))).toBe(SCENARIO_TYPE.HYDRAULIC);
    // Hydraulic wins even when valve is on too (a hand-made cost master).
    const both = switchCalculation(costMaster(), 'hydraulic');
    both.indirectCost.criticalFacilities.valveCalculation.enabled = true;
    expect(scenarioType(both)).toBe(SCENARIO_TYPE.HYDRAULIC);
  });

  it('maps each type back to its calculation', () => {
    expect(calculationKindOf(SCENARIO_TYPE.DEFAULT)).toBe('standard');
    expect(calculationKindOf(SCENARIO_TYPE.VALVE)).toBe('valve');
    expect(calculationKindOf(SCENARIO_TYPE.HYDRAULIC)).toBe('hydraulic');
  });

  it("shows each cost's mode in force: the scenario's when on for it, else standard", () => {
    const valve = switchCalculation(costMaster(), 'valve');
    expect(activeModeKey(valve, 'customerNoWater')).toBe('valveCalculation');
    expect(activeModeKey(valve, 'criticalFacilities')).toBe('valveCalculation');
    // The direct cost's valve mode is off: its standard values are the ones used.
    expect(activeModeKey(valve, 'intenseRepairRoadType')).toBe('standardCalculation');
    expect(activeModeKey(costMaster(), 'customerNoWater')).toBe('standardCalculation');
  });
});
