// Standard repair cost of the planner (spec 001 §3 standardRepairCost, §9 defaults and tier bands): per unit length
// by diameter tier d1–d6, in the client's currency per foot (US) or per metre (elsewhere), as the country's
// default COF scenario of packages/engine (cof/defaults.ts) has them.
import type { ProjectDefaults, RepairCostUnit, StandardRepairCost } from '@pipewise/domain';
import { defaultCofScenario, repairCost } from '@pipewise/engine';

export interface RepairRates {
  rates: StandardRepairCost;
  unit: RepairCostUnit;
}

/** The country default a new project or plan starts from (GET /projects/defaults). */
export function countryRepairRates(country: string | null | undefined): RepairRates {
  const { parameters } = defaultCofScenario(country);
  return {
    rates: { ...parameters.standardRepairCost },
    unit: { currency: parameters.currency, per_length_unit: parameters.perLengthUnit },
  };
}

export const toApiDefaults = (r: RepairRates): ProjectDefaults => ({
  standard_repair_cost: r.rates,
  repair_cost_unit: r.unit,
});

/** Cost of repairing one pipe: its tier's rate × its length in the rate's unit; null when its diameter is unknown. */
export const pipeCost = (diameterMm: number | null, lengthM: number, r: RepairRates): number | null =>
  repairCost(diameterMm, lengthM, r.rates, r.unit.per_length_unit);
