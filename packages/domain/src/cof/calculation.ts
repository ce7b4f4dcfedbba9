// The scenario type rules of spec 001 §4, shared by the engine (which prices with them) and the web (whose editor
// applies them as the user chooses): one rule, one place. Generic over what a mode holds, so the engine's numbers
// and the editor's typed texts both pass through.
import { SCENARIO_TYPE } from '../constants/codes.ts';

export type CalculationKind = 'standard' | 'hydraulic' | 'valve';
export type ScenarioTypeCode = (typeof SCENARIO_TYPE)[keyof typeof SCENARIO_TYPE];

/** The three calculation modes of one cost (001 §3), each at least `{ enabled }`. */
export interface CostModes<M extends { readonly enabled: boolean }> {
  readonly standardCalculation: M;
  readonly hydraulicCalculation: M;
  readonly valveCalculation: M;
}
export type ModeKey = keyof CostModes<{ enabled: boolean }>;

/** 001 §3 costMaster, over any mode shape. */
export interface CostMasterShape<M extends { readonly enabled: boolean }> {
  readonly directCost: { readonly intenseRepairRoadType: CostModes<M> };
  readonly indirectCost: {
    readonly customerNoWater: CostModes<M>;
    readonly criticalFacilities: CostModes<M>;
  };
}

export const MODE_KEY = {
  standard: 'standardCalculation',
  hydraulic: 'hydraulicCalculation',
  valve: 'valveCalculation',
} as const satisfies Record<CalculationKind, ModeKey>;

/**
 * COF-TYPE-03: hydraulic if hydraulic calculation is enabled for critical facilities, valve if valve calculation is
 * enabled, else default. The spec names critical facilities only for hydraulic; the valve test reads the same cost
 * (the switching rule keeps both indirect costs in step anyway).
 */
export function scenarioType<M extends { readonly enabled: boolean }>(
  costMaster: CostMasterShape<M>,
): ScenarioTypeCode {
  const facilities = costMaster.indirectCost.criticalFacilities;
  if (facilities.hydraulicCalculation.enabled) return SCENARIO_TYPE.HYDRAULIC;
  if (facilities.valveCalculation.enabled) return SCENARIO_TYPE.VALVE;
  return SCENARIO_TYPE.DEFAULT;
}

export function calculationKindOf(type: ScenarioTypeCode): CalculationKind {
  switch (type) {
    case SCENARIO_TYPE.HYDRAULIC:
      return 'hydraulic';
    case SCENARIO_TYPE.VALVE:
      return 'valve';
    case SCENARIO_TYPE.DEFAULT:
      return 'standard';
  }
}

function switched<M extends { readonly enabled: boolean }>(
  costs: CostModes<M>,
  kind: CalculationKind,
): CostModes<M> {
  const on = MODE_KEY[kind];
  return {
    standardCalculation: { ...costs.standardCalculation, enabled: on === 'standardCalculation' },
    hydraulicCalculation: { ...costs.hydraulicCalculation, enabled: on === 'hydraulicCalculation' },
    valveCalculation: { ...costs.valveCalculation, enabled: on === 'valveCalculation' },
  };
}

/** COF-TYPE-02: choosing a mode turns it on and the other two off, for customerNoWater and criticalFacilities. */
export function switchCalculation<M extends { readonly enabled: boolean }>(
  costMaster: CostMasterShape<M>,
  kind: CalculationKind,
): CostMasterShape<M> {
  return {
    ...costMaster,
    indirectCost: {
      customerNoWater: switched(costMaster.indirectCost.customerNoWater, kind),
      criticalFacilities: switched(costMaster.indirectCost.criticalFacilities, kind),
    },
  };
}
