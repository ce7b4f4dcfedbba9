// The money of one pipe's break (cof/model.ts lists the formulas), from the pipe's own facts and the two figures its
// outage gives: the customers left without water and the weight of the critical facilities cut off. A segment's
// pipes share their outage, so computeCof finds those once per segment; a pipe edit (pipeline/rescore.ts) re-prices
// the edited pipe with its stored outage figures instead of rebuilding the network.
import { M_PER_FOOT } from '@pipewise/domain';
import { type DiameterTier, diameterTier } from './constants.ts';
import type { CofPipe } from './model.ts';
import { type CalculationKind, type CofScenario, type RoadType, activeTierValue } from './scenario.ts';

/** Imputation normally fills diameters before COF; a pipe still without one is priced as a 4–8 in main. */
export const UNKNOWN_DIAMETER_TIER: DiameterTier = 'd2';

export interface OutageFigures {
  readonly customers: number;
  /** Σ of the cut-off facilities' weights (scenario facilityWeights). */
  readonly facilityWeight: number;
}

/**
 * The figures each amount of a PipePrice multiplies (issue 38: a user checks every component): rates in the scenario's
 * currency, per metre for lengths (converted from the scenario's perLengthUnit) and per hour for outages.
 *   standardRepair | intenseRepair = lengthM × repairRatePerM
 *   propertyDamage = propertyDamageRate × pressureFactor
 *   noWater = customers × outageHours × customerHourRate
 *   trafficDisruption = trafficRatePerHour × outageHours
 *   criticalFacilities = facilityWeight × outageHours × facilityHourRate
 *   environment = environmentRate × pressureFactor × nearWaterFactor
 *   custom = Σ the amounts of the `customCofs` enabled custom COFs that select the pipe
 */
export interface PriceBasis {
  /** The tier the money used (UNKNOWN_DIAMETER_TIER for an unknown diameter). */
  readonly tier: DiameterTier;
  readonly lengthM: number;
  readonly intense: boolean;
  readonly repairRatePerM: number;
  readonly outageHours: number;
  readonly customerHourRate: number;
  readonly roadType: RoadType | null;
  readonly trafficRatePerHour: number;
  readonly facilityWeight: number;
  readonly facilityHourRate: number;
  readonly pressureFactor: number;
  readonly propertyDamageRate: number;
  readonly environmentRate: number;
  /** scenario nearWaterFactor near water or drains, else 1. */
  readonly nearWaterFactor: number;
  readonly customCofs: number;
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
  readonly basis: PriceBasis;
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
    const repairRate = intense
      ? activeTierValue(intenseRepairRoadType, kind, tier)
      : p.standardRepairCost[tier];
    const intenseRepair = intense ? repairRate * length : 0;
    const standardRepair = intense ? 0 : repairRate * length;
    const pressure = pipe.staticPressureKpa;
    const pressureFactor =
      pressure == null ? 1 : Math.min(highFactor, Math.max(lowFactor, pressure / p.referencePressureKpa));
    const propertyDamage = p.propertyDamage[tier] * pressureFactor;
    const hours = p.outageHours[tier];
    const customerHourRate = activeTierValue(customerNoWater, kind, tier);
    const noWater = outage.customers * hours * customerHourRate;
    const trafficRatePerHour = pipe.roadType == null ? 0 : p.trafficPerHour[pipe.roadType];
    const trafficDisruption = trafficRatePerHour * hours;
    const facilities = outage.facilityWeight * facilityRate(scenario, kind, tier);
    const nearWaterFactor = pipe.nearWater ? p.nearWaterFactor : 1;
    const environment = p.environmental[tier] * pressureFactor * nearWaterFactor;
    const selected = enabledCustom.filter((id) => pipe.custom?.[id] !== undefined);
    const custom = selected.reduce((sum, id) => sum + pipe.custom![id]!, 0);
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
      basis: {
        tier,
        lengthM: pipe.lengthM,
        intense,
        repairRatePerM: p.perLengthUnit === 'ft' ? repairRate / M_PER_FOOT : repairRate,
        outageHours: hours,
        customerHourRate,
        roadType: pipe.roadType ?? null,
        trafficRatePerHour,
        facilityWeight: outage.facilityWeight,
        facilityHourRate: activeTierValue(scenario.costMaster.indirectCost.criticalFacilities, kind, tier),
        pressureFactor,
        propertyDamageRate: p.propertyDamage[tier],
        environmentRate: p.environmental[tier],
        nearWaterFactor,
        customCofs: selected.length,
      },
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
