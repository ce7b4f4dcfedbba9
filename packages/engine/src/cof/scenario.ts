// The COF scenario of spec 001 §3 and its type rules of §4. The shape of costMaster is the spec's; what the
// spec leaves out (the factor parameters a utility tunes) sits beside it in `parameters` (see defaults.ts).
import {
  MODE_KEY,
  calculationKindOf,
  scenarioType,
  switchCalculation,
  type CalculationKind,
  type CurrencyCode,
  type ScenarioTypeCode,
} from '@pipewise/domain';
import type { DiameterTier, TierValues } from './constants.ts';

/** One calculation mode of a cost: `{ enabled, d1..d6 }` (001 §3). */
export type CalculationMode = { readonly enabled: boolean } & TierValues;

/** Each cost has the three modes (001 §3). */
export interface CostCalculations {
  readonly standardCalculation: CalculationMode;
  readonly hydraulicCalculation: CalculationMode;
  readonly valveCalculation: CalculationMode;
}

export interface CostMaster {
  readonly directCost: { readonly intenseRepairRoadType: CostCalculations };
  readonly indirectCost: {
    readonly customerNoWater: CostCalculations;
    readonly criticalFacilities: CostCalculations;
  };
}

/** Which pipes a custom COF applies to (custom.ts): an attribute's values or range, or membership of areas. */
export type CustomCofRule =
  | {
      readonly kind: 'attribute';
      readonly attribute: 'material' | 'diameter' | 'install_year' | 'road_type';
      /** Material codes or road types. */
      readonly values?: readonly (number | string)[];
      /** Diameter in mm or install year, inclusive; either end may be open. */
      readonly min?: number | null;
      readonly max?: number | null;
    }
  | { readonly kind: 'layer'; readonly layer: string; readonly areaIds: readonly string[] };

/**
 * 001 §3 customCofs are `{id, enabled}`; the spec does not show how one is defined. Ours carries a name, the rule
 * that selects its pipes and the amount each selected pipe's COF gains. A ref without rule or amount (the spec's
 * bare shape) selects nothing.
 */
export interface CustomCofRef {
  readonly id: number;
  readonly enabled: boolean;
  readonly name?: string;
  readonly rule?: CustomCofRule;
  readonly amount?: number;
}

export type RoadType = 'arterial' | 'collector' | 'local';
export type { CurrencyCode };
/** The length unit that every "per unit length" rate of the scenario is expressed in. */
export type CostLengthUnit = 'ft' | 'm';

/** What the spec does not give (documented assumptions in defaults.ts). Money in the scenario's currency. */
export interface CofParameters {
  readonly currency: CurrencyCode;
  readonly perLengthUnit: CostLengthUnit;
  /** Standard repair cost per unit length by tier (the project's standardRepairCost, 001 §3/§9). */
  readonly standardRepairCost: TierValues;
  /** Road types whose repairs are priced with directCost.intenseRepairRoadType. */
  readonly intenseRoadTypes: readonly RoadType[];
  /** Hours from the break until water is back, by tier. */
  readonly outageHours: TierValues;
  /** Property damage per break by tier at the reference pressure. */
  readonly propertyDamage: TierValues;
  /** Traffic disruption cost per outage hour by road type. */
  readonly trafficPerHour: Readonly<Record<RoadType, number>>;
  /** Environmental damage per break by tier at the reference pressure (× nearWaterFactor near water/drains). */
  readonly environmental: TierValues;
  readonly nearWaterFactor: number;
  /** Pressure at which property and environmental damage are taken as given; scaled linearly, clamped. */
  readonly referencePressureKpa: number;
  readonly pressureFactorRange: readonly [number, number];
  /** Weight of a cut-off critical facility by type (multiplies the criticalFacilities tier value). */
  readonly facilityWeights: Readonly<Record<string, number>>;
  readonly defaultFacilityWeight: number;
}

export interface CofScenario {
  readonly id: number | null;
  readonly name: string;
  readonly enabled: boolean;
  readonly costMaster: CostMaster;
  readonly customCofs: readonly CustomCofRef[];
  readonly parameters: CofParameters;
}

export type ScenarioType = ScenarioTypeCode;
// The type rules (001 §4) live in @pipewise/domain, shared with the web's editor.
export { calculationKindOf, scenarioType, switchCalculation };
export type { CalculationKind };

/** The tier values of the mode in force for a cost (the scenario's mode; standard as the fallback). */
export function activeTierValue(costs: CostCalculations, kind: CalculationKind, tier: DiameterTier): number {
  const mode = costs[MODE_KEY[kind]];
  return (mode.enabled ? mode : costs.standardCalculation)[tier];
}
