// 001 §9 COF factor groups of one pipe's breakdown (model.ts CofDetails, as stored: pipeline/cof-stage.ts
// COF_DETAIL_KEYS), in COF_FACTOR_GROUPS order. directStandard is the repair itself, standard or on an intense road
// (only one of the two is non-zero for a pipe); environmental is the engine's environment. The seven add up to
// cofTotal, and roll up into the cost codes by COF_GROUP_CODE.
import { COF_FACTOR_GROUPS, type CofFactorGroup } from './constants.ts';

const PARTS: Readonly<Record<CofFactorGroup, readonly string[]>> = {
  directStandard: ['standardRepair', 'intenseRepair'],
  propertyDamage: ['propertyDamage'],
  criticalFacilities: ['criticalFacilities'],
  trafficDisruption: ['trafficDisruption'],
  environmental: ['environment'],
  noWater: ['noWater'],
  custom: ['custom'],
};

export function cofFactorGroups(details: Readonly<Record<string, number>>): number[] {
  return COF_FACTOR_GROUPS.map((g) => PARTS[g].reduce((sum, key) => sum + (details[key] ?? 0), 0));
}
