// The engine's CofScenario (camel case, packages/engine cof/scenario.ts) ↔ the wire's snake case
// (packages/domain api/cof-scenarios.ts). The shapes are the same field for field; only the names differ.
import type {
  CofScenarioDto,
  CostCalculationsDto,
  CostMasterDto,
  CustomCof,
  CofRunState,
} from '@pipewise/domain';
import { scenarioType, type CofScenario, type CostCalculations, type CustomCofRef } from '@pipewise/engine';

const calcToDto = (c: CostCalculations): CostCalculationsDto => ({
  standard_calculation: c.standardCalculation,
  hydraulic_calculation: c.hydraulicCalculation,
  valve_calculation: c.valveCalculation,
});
const calcFromDto = (c: CostCalculationsDto): CostCalculations => ({
  standardCalculation: c.standard_calculation,
  hydraulicCalculation: c.hydraulic_calculation,
  valveCalculation: c.valve_calculation,
});

export const costMasterToDto = (m: CofScenario['costMaster']): CostMasterDto => ({
  direct_cost: { intense_repair_road_type: calcToDto(m.directCost.intenseRepairRoadType) },
  indirect_cost: {
    customer_no_water: calcToDto(m.indirectCost.customerNoWater),
    critical_facilities: calcToDto(m.indirectCost.criticalFacilities),
  },
});

export const costMasterFromDto = (m: CostMasterDto): CofScenario['costMaster'] => ({
  directCost: { intenseRepairRoadType: calcFromDto(m.direct_cost.intense_repair_road_type) },
  indirectCost: {
    customerNoWater: calcFromDto(m.indirect_cost.customer_no_water),
    criticalFacilities: calcFromDto(m.indirect_cost.critical_facilities),
  },
});

/** A stored ref without a rule (the spec's bare {id, enabled}) is shown as selecting nothing: no areas. */
export function customCofToDto(c: CustomCofRef): CustomCof {
  const rule: CustomCof['rule'] =
    c.rule === undefined
      ? { kind: 'layer', layer: 'custom_zone', area_ids: [] }
      : c.rule.kind === 'layer'
        ? { kind: 'layer', layer: c.rule.layer as 'mesh', area_ids: c.rule.areaIds.map(Number) }
        : {
            kind: 'attribute',
            attribute: c.rule.attribute,
            ...(c.rule.values !== undefined ? { values: [...c.rule.values] } : {}),
            ...(c.rule.min !== undefined ? { min: c.rule.min } : {}),
            ...(c.rule.max !== undefined ? { max: c.rule.max } : {}),
          };
  return { id: c.id, name: c.name ?? `Custom COF ${c.id}`, enabled: c.enabled, rule, amount: c.amount ?? 0 };
}

export function customCofFromDto(c: CustomCof): CustomCofRef {
  const rule =
    c.rule.kind === 'layer'
      ? { kind: 'layer' as const, layer: c.rule.layer, areaIds: c.rule.area_ids.map(String) }
      : {
          kind: 'attribute' as const,
          attribute: c.rule.attribute,
          ...(c.rule.values !== undefined ? { values: c.rule.values } : {}),
          ...(c.rule.min !== undefined ? { min: c.rule.min } : {}),
          ...(c.rule.max !== undefined ? { max: c.rule.max } : {}),
        };
  return { id: c.id, name: c.name, enabled: c.enabled, rule, amount: c.amount };
}

const snakeKey = (k: string) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
/** The factor assumptions, keys in snake case (values as they are: tier maps, numbers, lists). */
function parametersToDto(p: CofScenario['parameters']): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [snakeKey(k), v]));
}

export interface ScenarioRow {
  id: number | null;
  snapshotGroupId: number | null;
  name: string;
  enabled: boolean;
  country: string;
  scenario: CofScenario;
  createdAt: Date | string | null;
  updatedAt: Date | string | null;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function toDto(row: ScenarioRow, runs: CofRunState[]): CofScenarioDto {
  const s = row.scenario;
  return {
    id: row.id,
    snapshot_id: row.snapshotGroupId,
    name: row.name,
    enabled: row.enabled,
    type: scenarioType(s.costMaster),
    country: row.country,
    currency: s.parameters.currency,
    per_length_unit: s.parameters.perLengthUnit,
    cost_master: costMasterToDto(s.costMaster),
    custom_cofs: s.customCofs.map(customCofToDto),
    parameters: parametersToDto(s.parameters),
    runs,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
