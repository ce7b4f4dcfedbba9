// The editor's view of the scenario type rules of 001 §4: the rules themselves are @pipewise/domain's (shared with
// the engine), generic over what a tier holds so they apply to the editor's typed texts as well.
import {
  MODE_KEY,
  calculationKindOf,
  scenarioType,
  switchCalculation,
  type CalculationKind,
  type ModeKey,
} from '@pipewise/domain';
import type { CostCalculations, CostKey, CostMasterOf } from '../types.ts';

export { MODE_KEY, calculationKindOf, scenarioType, switchCalculation, type CalculationKind };

/** In the order the editor offers them (CHECKLIST COF-TYPE-02). */
export const CALCULATION_KINDS: readonly CalculationKind[] = ['standard', 'valve', 'hydraulic'];

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
