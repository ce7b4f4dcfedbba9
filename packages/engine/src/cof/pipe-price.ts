// The money of one pipe's break (cof/model.ts lists the formulas), from the pipe's own facts and the two figures its
// outage gives: the customers left without water and the weight of the critical facilities cut off. A segment's
// pipes share their outage, so computeCof finds those once per segment; a pipe edit (pipeline/rescore.ts) re-prices
// the edited pipe with its stored outage figures instead of rebuilding the network.
import { M_PER_FOOT } from '@pipewise/domain';
import { type DiameterTier, diameterTier } from './constants.ts';
import type { CofPipe } from './model.ts';
import { type CalculationKind, type CofScenario, activeTierValue } from './scenario.ts';

/** Imputation normally fills diameters before COF; a pipe still without one is priced as a 4–8 in main. */
export const UNKNOWN_DIAMETER_TIER: DiameterTier = 'd2';

export interface OutageFigures {
  readonly customers: number;
  /** Σ of the cut-off facilities' weights (scenario facilityWeights). */
  readonly facilityWeight: number;
}

export interface PipePrice {
  /** Null when the diameter is unknown; money then uses UNKNOWN_DIAMETER_TIER. */
  readonly diameterTier: DiameterTier | null;
  readonly direct: number;
  readonly intenseRepair: number;
  readonly standardRepair: number;
  readonly indirect: number;
  readonly noWater: number;
  readonly trafficDisruption: number;
  readonly criticalFacilities: number;
  readonly propertyDamage: number;
  readonly environment: number;
  readonly custom: number;
  readonly cofTotal: number;
}

/** What the critical-facility cost multiplies the facilities' weight by for a diameter: outage hours × cost. */
function facilityRate(scenario: CofScenario, kind: CalculationKind, tier: DiameterTier): number {
  const hours = scenario.parameters.outageHours[tier];
  return hours * activeTierValue(scenario.costMaster.indirectCost.criticalFacilities, kind, tier);
}

export function pipePricer(
  scenario: CofScenario,
  kind: CalculationKind,
): (pipe: CofPipe, outage: OutageFigures) => PipePrice {
  const p = scenario.parameters;
  const enabledCustom = scenario.customCofs.filter((c) => c.enabled).map((c) => String(c.id));
  const { intenseRepairRoadType } = scenario.costMaster.directCost;
  const { customerNoWater } = scenario.costMaster.indirectCost;
  const [lowFactor, highFactor] = p.pressureFactorRange;
  return (pipe, outage) => {
    const knownTier = diameterTier(pipe.diameterMm);
    const tier = knownTier ?? UNKNOWN_DIAMETER_TIER;
    const length = p.perLengthUnit === 'ft' ? pipe.lengthM / M_PER_FOOT : pipe.lengthM;
    const intense = pipe.roadType != null && p.intenseRoadTypes.includes(pipe.roadType);
    const intenseRepair = intense ? activeTierValue(intenseRepairRoadType, kind, tier) * length : 0;
    const standardRepair = intense ? 0 : p.standardRepairCost[tier] * length;
    const pressure = pipe.staticPressureKpa;
    const pressureFactor =
      pressure == null ? 1 : Math.min(highFactor, Math.max(lowFactor, pressure / p.referencePressureKpa));
    const propertyDamage = p.propertyDamage[tier] * pressureFactor;
    const hours = p.outageHours[tier];
    const noWater = outage.customers * hours * activeTierValue(customerNoWater, kind, tier);
    const trafficDisruption = pipe.roadType == null ? 0 : p.trafficPerHour[pipe.roadType] * hours;
    const facilities = outage.facilityWeight * facilityRate(scenario, kind, tier);
    const environment = p.environmental[tier] * pressureFactor * (pipe.nearWater ? p.nearWaterFactor : 1);
    const custom = enabledCustom.reduce((sum, id) => sum + (pipe.custom?.[id] ?? 0), 0);
    const direct = standardRepair + intenseRepair + propertyDamage;
    const indirect = noWater + trafficDisruption + facilities + environment;
    return {
      diameterTier: knownTier,
      direct,
      intenseRepair,
      standardRepair,
      indirect,
      noWater,
      trafficDisruption,
      criticalFacilities: facilities,
      propertyDamage,
      environment,
      custom,
      cofTotal: direct + indirect + custom,
    };
  };
}

/**
 * The facilities' weight behind a stored critical-facility cost, read back through the rate it was priced at (the
 * weight itself is not stored). Null when that rate is zero and the cost therefore says nothing of the weight.
 */
export function facilityWeightOf(
  scenario: CofScenario,
  kind: CalculationKind,
  diameterMm: number | null,
  criticalFacilities: number,
): number | null {
  const rate = facilityRate(scenario, kind, diameterTier(diameterMm) ?? UNKNOWN_DIAMETER_TIER);
  return rate > 0 ? criticalFacilities / rate : null;
}
