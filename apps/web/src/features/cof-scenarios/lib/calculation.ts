// The scenario type rules of 001 §4, the client twin of packages/engine/src/cof/scenario.ts (the web does not import
// the engine). Generic over what a tier holds so the editor applies them to its typed texts as well.
import { SCENARIO_TYPE } from '@pipewise/domain';
import type { CostCalculations, CostKey, CostMasterOf, ModeKey, ScenarioType } from '../types.ts';

export type CalculationKind = 'standard' | 'valve' | 'hydraulic';
/** In the order the editor offers them (CHECKLIST COF-TYPE-02). */
export const CALCULATION_KINDS: readonly CalculationKind[] = ['standard', 'valve', 'hydraulic'];

export const MODE_KEY = {
  standard: 'standardCalculation',
  hydraulic: 'hydraulicCalculation',
  valve: 'valveCalculation',
} as const satisfies Record<CalculationKind, ModeKey>;

/**
 * COF-TYPE-03: hydraulic if hydraulic calculation is on for critical facilities, valve if valve calculation is on,
 * else default. As the engine does, the valve test reads the same cost (switching keeps both indirect costs in step).
 */
export function scenarioType<V>(costMaster: CostMasterOf<V>): ScenarioType {
  const facilities = costMaster.indirectCost.criticalFacilities;
  if (facilities.hydraulicCalculation.enabled) return SCENARIO_TYPE.HYDRAULIC;
  if (facilities.valveCalculation.enabled) return SCENARIO_TYPE.VALVE;
  return SCENARIO_TYPE.DEFAULT;
}

export function calculationKindOf(type: ScenarioType): CalculationKind {
  switch (type) {
    case SCENARIO_TYPE.HYDRAULIC:
      return 'hydraulic';
    case SCENARIO_TYPE.VALVE:
      return 'valve';
    case SCENARIO_TYPE.DEFAULT:
      return 'standard';
  }
}

function switched<V>(costs: CostCalculations<V>, kind: CalculationKind): CostCalculations<V> {
  const on = MODE_KEY[kind];
  return {
    standardCalculation: { ...costs.standardCalculation, enabled: on === 'standardCalculation' },
    hydraulicCalculation: { ...costs.hydraulicCalculation, enabled: on === 'hydraulicCalculation' },
    valveCalculation: { ...costs.valveCalculation, enabled: on === 'valveCalculation' },
  };
}

/** COF-TYPE-02: the chosen mode on and the other two off, for customerNoWater and criticalFacilities alike. */
export function switchCalculation<V>(costMaster: CostMasterOf<V>, kind: CalculationKind): CostMasterOf<V> {
  return {
    ...costMaster,
    indirectCost: {
      customerNoWater: switched(costMaster.indirectCost.customerNoWater, kind),
      criticalFacilities: switched(costMaster.indirectCost.criticalFacilities, kind),
    },
  };
}

export function costsOf<V>(costMaster: CostMasterOf<V>, cost: CostKey): CostCalculations<V> {
  return cost === 'intenseRepairRoadType' ? costMaster.directCost[cost] : costMaster.indirectCost[cost];
}

export function withCosts<V>(
  costMaster: CostMasterOf<V>,
  cost: CostKey,
  costs: CostCalculations<V>,
): CostMasterOf<V> {
  return cost === 'intenseRepairRoadType'
    ? { ...costMaster, directCost: { intenseRepairRoadType: costs } }
    : { ...costMaster, indirectCost: { ...costMaster.indirectCost, [cost]: costs } };
}

/**
 * The mode whose d1–d6 the analysis uses for a cost, as the engine's activeTierValue picks it: the scenario's mode
 * when it is on for this cost, else standard (the direct cost has only its standard mode on in practice).
 */
export function activeModeKey<V>(costMaster: CostMasterOf<V>, cost: CostKey): ModeKey {
  const mode = MODE_KEY[calculationKindOf(scenarioType(costMaster))];
  return costsOf(costMaster, cost)[mode].enabled ? mode : 'standardCalculation';
}
