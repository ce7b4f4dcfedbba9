// The web's camelCased view of the COF scenario wire schemas (packages/domain/src/api/cof-scenarios.ts), and the
// cost master typed by what a tier holds: numbers from the server, texts while the user edits them.
import type {
  AREA_LAYERS,
  CofRunState as WireRunState,
  CofScenarioDto,
  CofScenarioList as WireScenarioList,
  CustomCof as WireCustomCof,
  CustomCofRule as WireCustomCofRule,
} from '@pipewise/domain';
import type { Camelize } from '../../lib/case.ts';

export type CofScenario = Camelize<CofScenarioDto>;
export type CofScenarioList = Camelize<WireScenarioList>;
export type CustomCof = Camelize<WireCustomCof>;
export type CustomCofRule = Camelize<WireCustomCofRule>;
export type CofRunState = Camelize<WireRunState>;
export type AreaLayer = (typeof AREA_LAYERS)[number];
export type ScenarioType = CofScenario['type'];

/** d1–d6: the diameter tiers of 001 §9. */
export const TIERS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;
export type Tier = (typeof TIERS)[number];

export type CalculationMode<V> = { enabled: boolean } & Record<Tier, V>;
export interface CostCalculations<V> {
  standardCalculation: CalculationMode<V>;
  hydraulicCalculation: CalculationMode<V>;
  valveCalculation: CalculationMode<V>;
}
export type ModeKey = keyof CostCalculations<number>;
export interface CostMasterOf<V> {
  directCost: { intenseRepairRoadType: CostCalculations<V> };
  indirectCost: { customerNoWater: CostCalculations<V>; criticalFacilities: CostCalculations<V> };
}
/** As the server sends it (structurally Camelize<CostMasterDto>). */
export type CostMaster = CostMasterOf<number>;
/** As the editor holds it: what the user typed, checked on save. */
export type CostMasterDraft = CostMasterOf<string>;

/** The three costs of 001 §3, by where they sit in the cost master. */
export type CostKey = 'intenseRepairRoadType' | 'customerNoWater' | 'criticalFacilities';

/** A scenario a user can choose: a saved one, or the country default (id null). */
export interface ScenarioChoice {
  id: number | null;
  name: string;
}
