// Wire contract of COF scenarios (spec 001 §2/§3/§4/§7/§9; CHECKLIST COF-*; docs/api-cof.md). A scenario is the
// cost model of one snapshot group: the cost master of 001 §3 (d1–d6 per diameter tier, per calculation mode),
// custom COFs, and the factor parameters the spec does not give (read-only assumptions, packages/engine
// cof/defaults.ts). At most one scenario of a group is enabled; the analysis' COF stage uses it, else the
// client country's default. Saving the enabled scenario, or enabling another, re-runs COF and BRE.
import { z } from 'zod';
import { bigIdField, idField } from './ids.ts';
import { SCENARIO_TYPE } from '../constants/codes.ts';

const name = z.string().trim().min(1, { message: 'validations.required' }).max(120);
const amount = z.number().nonnegative().max(1e12);

/** d1–d6: per diameter tier (001 §9 bands in inches: <4, 4–8, 8–16, 16–24, 24–30, ≥30). */
export const tierValuesSchema = z.object({
  d1: amount,
  d2: amount,
  d3: amount,
  d4: amount,
  d5: amount,
  d6: amount,
});
export type TierValuesDto = z.infer<typeof tierValuesSchema>;

export const calculationModeSchema = tierValuesSchema.extend({ enabled: z.boolean() });
export type CalculationModeDto = z.infer<typeof calculationModeSchema>;

export const costCalculationsSchema = z.object({
  standard_calculation: calculationModeSchema,
  hydraulic_calculation: calculationModeSchema,
  valve_calculation: calculationModeSchema,
});
export type CostCalculationsDto = z.infer<typeof costCalculationsSchema>;

/**
 * 001 §3 costMaster, in snake case. Units: intense_repair_road_type per unit length (`per_length_unit`) of a
 * repair on an arterial road; customer_no_water per person-hour without water; critical_facilities per facility-hour
 * of a cut-off facility (× the facility type's weight). Money in the scenario's `currency`.
 */
export const costMasterSchema = z.object({
  direct_cost: z.object({ intense_repair_road_type: costCalculationsSchema }),
  indirect_cost: z.object({
    customer_no_water: costCalculationsSchema,
    critical_facilities: costCalculationsSchema,
  }),
});
export type CostMasterDto = z.infer<typeof costMasterSchema>;

/** Pipe attributes a custom COF can select on (values as analysed: provided, else imputed). */
export const CUSTOM_COF_ATTRIBUTES = ['material', 'diameter', 'install_year', 'road_type'] as const;
export type CustomCofAttribute = (typeof CUSTOM_COF_ATTRIBUTES)[number];
export const AREA_LAYERS = ['mesh', 'district', 'custom_zone'] as const;

/**
 * Which pipes a custom COF applies to: by attribute (material codes or road types in `values`; diameter in mm or
 * install year in [min, max], either end open) or by layer (pipes whose midpoint lies in one of the areas).
 */
export const customCofRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('attribute'),
    attribute: z.enum(CUSTOM_COF_ATTRIBUTES),
    values: z
      .array(z.union([z.number(), z.string().max(60)]))
      .max(200)
      .optional(),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
  }),
  z.object({
    kind: z.literal('layer'),
    layer: z.enum(AREA_LAYERS),
    area_ids: z.array(bigIdField).min(1).max(10_000),
  }),
]);
export type CustomCofRule = z.infer<typeof customCofRuleSchema>;

/** 001 §3 customCofs (id, enabled) with what defines one: a name, the pipes it applies to and the cost per break. */
export const customCofSchema = z.object({
  id: z.number().int().positive(),
  name,
  enabled: z.boolean(),
  rule: customCofRuleSchema,
  /** Added to the COF of each pipe the rule selects, in the scenario's currency (cost code custom 2048). */
  amount,
});
export type CustomCof = z.infer<typeof customCofSchema>;

/** The state of the scenario's figures on the group's datasets. */
export const cofRunStateSchema = z.object({
  dataset_id: z.number().int(),
  /** current: the served results use this scenario; running: a run for it is under way; stale: neither. */
  state: z.enum(['current', 'running', 'stale']),
  analysis_id: z.number().int().nullable(),
  /** 0–100 while running. */
  progress: z.number().nullable(),
  stage: z.string().nullable(),
});
export type CofRunState = z.infer<typeof cofRunStateSchema>;

export const cofScenarioSchema = z.object({
  /** Null: a country default, not saved (GET …/defaults, or a group with no scenarios). */
  id: z.number().int().nullable(),
  snapshot_id: z.number().int().nullable(),
  name,
  enabled: z.boolean(),
  /** 001 §4 derived type: DEFAULT 0, HYDRAULIC 1, VALVE 2. */
  type: z.union([
    z.literal(SCENARIO_TYPE.DEFAULT),
    z.literal(SCENARIO_TYPE.HYDRAULIC),
    z.literal(SCENARIO_TYPE.VALVE),
  ]),
  country: z.string(),
  currency: z.string(),
  per_length_unit: z.enum(['ft', 'm']),
  cost_master: costMasterSchema,
  custom_cofs: z.array(customCofSchema),
  /** The factor assumptions (read-only here): standard repair rates, outage hours, damages, weights. */
  parameters: z.record(z.string(), z.unknown()),
  runs: z.array(cofRunStateSchema),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CofScenarioDto = z.infer<typeof cofScenarioSchema>;

export const cofScenarioListSchema = z.object({
  cof_scenarios: z.array(cofScenarioSchema),
  /** The country default the group falls back to; `enabled` when no saved scenario is. */
  default_scenario: cofScenarioSchema,
});
export type CofScenarioList = z.infer<typeof cofScenarioListSchema>;

export const cofDefaultsQuerySchema = z.object({ country: z.string().trim().length(2).optional() });

/** POST /api/cof-scenarios: a copy of `copy_of` (a scenario of the group) or of the country default. */
export const cofScenarioCreateSchema = z.object({
  snapshot_id: idField,
  name: name.optional(),
  copy_of: idField.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type CofScenarioCreate = z.infer<typeof cofScenarioCreateSchema>;

/** PATCH /api/cof-scenarios/{id}: the changed fields. */
export const cofScenarioUpdateSchema = z
  .object({
    name,
    enabled: z.boolean(),
    cost_master: costMasterSchema,
    custom_cofs: z.array(customCofSchema),
  })
  .partial();
export type CofScenarioUpdate = z.infer<typeof cofScenarioUpdateSchema>;

export const customCofListSchema = z.object({ custom_cofs: z.array(customCofSchema) });
export type CustomCofList = z.infer<typeof customCofListSchema>;
