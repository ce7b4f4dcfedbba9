// Pipes of a dataset as the map and its panels read them (spec 000 §3 Pipe, §7 "conveyance assets", "assets",
// PATCH assets; 001 §3 COF details, virtual pipe attributes). docs/api-assets.md is the prose contract.
// Results come from the dataset's served analysis; fields the client's subscriptions do not cover are null,
// and BRE without the BRE subscription is the restricted marker (spec 000 §6).
import { z } from 'zod';
import { bigIdParam, idParam } from './ids.ts';
import { MM_PER_INCH } from '../format/index.ts';
import { MIN_YEAR, year } from '../validation/index.ts';

/**
 * Spec 000 §6 "without BRE the business-risk values show a restricted marker". Same value as the engine's
 * BRE_RESTRICTED (packages/engine/src/bre/restrict.ts); the domain cannot import the engine.
 */
export const BRE_RESTRICTED = 'restricted' as const;

const id = z.number().int();
const numberOrNull = z.number().nullable();
const byKey = z.record(z.string(), z.number());

export const datasetParamsSchema = z.object({ datasetId: idParam });
export const assetParamsSchema = datasetParamsSchema.extend({ pipeId: bigIdParam });
export type AssetParams = z.infer<typeof assetParamsSchema>;

/** A map id with the utility's own id (valves, pipes, areas). */
export const assetRefSchema = z.object({ id, native_id: z.string() });
export type AssetRef = z.infer<typeof assetRefSchema>;

export const multiLineStringSchema = z.object({
  type: z.literal('MultiLineString'),
  coordinates: z.array(z.array(z.array(z.number()))),
});
export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.array(z.number())))),
});

/** The served analysis; null while the dataset has no complete analysis (every result field is then null). */
export const servedAnalysisSchema = z.object({ id, finished_at: z.string().nullable() }).nullable();

export const assetSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export const assetSearchResultSchema = z.array(z.object({ id, native_pipe_id: z.string() }));
export type AssetSearchResult = z.infer<typeof assetSearchResultSchema>;

/**
 * How each COF amount was computed (issue 38), in the scenario's currency, lengths in metres (the pipe's `length`):
 * repair = length × repair_rate_per_m (intense_repair on the scenario's intense road types); property damage =
 * property_damage_rate × pressure_factor; no water = customers × outage_hours × customer_hour_rate; traffic =
 * traffic_rate_per_hour × outage_hours; critical facilities = facility_weight × outage_hours × facility_hour_rate;
 * environment = environment_rate × pressure_factor × near_water_factor; custom = the custom_cofs enabled custom
 * COFs selecting the pipe. Null for an analysis stored before the basis was.
 */
export const cofBasisSchema = z.object({
  calculation: z.enum(['standard', 'valve', 'hydraulic']),
  /** The diameter tier the money used (d2 for an unknown diameter). */
  diameter_tier: z.enum(['d1', 'd2', 'd3', 'd4', 'd5', 'd6']),
  outage_hours: z.number(),
  /** customersWithoutWater: the people the calculation leaves without water. */
  customers: z.number(),
  customer_hour_rate: z.number(),
  /** The isolation segment and its pipes' count (standard mode prices the pipe's own people). */
  segment_id: z.number().int().nullable(),
  segment_pipes: z.number().int(),
  /** Of `customers`: the closed segment's own people; valve mode: segments left without a source; hydraulic: dry junctions. */
  segment_customers: numberOrNull,
  cut_off_segments: numberOrNull,
  dry_junctions: numberOrNull,
  intense_repair: z.boolean(),
  repair_rate_per_m: z.number(),
  road_type: z.enum(['arterial', 'collector', 'local']).nullable(),
  traffic_rate_per_hour: z.number(),
  facilities_cut_off: numberOrNull,
  facility_weight: z.number(),
  facility_hour_rate: z.number(),
  pressure_factor: z.number(),
  property_damage_rate: z.number(),
  environment_rate: z.number(),
  near_water_factor: z.number(),
  custom_cofs: z.number().int(),
});
export type CofBasisWire = z.infer<typeof cofBasisSchema>;

/** 001 §3 COF details of a pipe, in the scenario's currency. */
export const cofDetailsSchema = z.object({
  direct: numberOrNull,
  intense_repair: numberOrNull,
  standard_repair: numberOrNull,
  indirect: numberOrNull,
  no_water: numberOrNull,
  traffic_disruption: numberOrNull,
  critical_facilities: numberOrNull,
  property_damage: numberOrNull,
  environment: numberOrNull,
  custom: numberOrNull,
  cof_total: numberOrNull,
  /** 1 low … 5 very high. */
  cof_level: z.number().int().nullable(),
  /** The broken pipe's segment: its pipes ascending by id, at most 500 listed, and how many it has. */
  affected_pipes: z.array(assetRefSchema),
  affected_pipes_total: z.number().int(),
  affected_valves: z.array(assetRefSchema),
  basis: cofBasisSchema.nullable(),
});
export type CofDetailsWire = z.infer<typeof cofDetailsSchema>;

const restrictedOr = <T extends z.ZodType>(t: T) => z.union([t, z.literal(BRE_RESTRICTED)]);
/** BRE = LOF × COF (12 months); the restricted marker without the BRE subscription. */
export const breDetailSchema = z.object({
  total: restrictedOr(numberOrNull),
  level: restrictedOr(z.number().int().nullable()),
});
export type BreDetail = z.infer<typeof breDetailSchema>;

const HORIZONS = ['12', '24', '36', '60'] as const;
const perHorizon = <P extends string>(prefix: P) =>
  Object.fromEntries(HORIZONS.map((h) => [`${prefix}${h}`, numberOrNull])) as Record<
    `${P}${(typeof HORIZONS)[number]}`,
    typeof numberOrNull
  >;
const driverNames = Object.fromEntries(
  [0, 1, 2, 3, 4].map((i) => [`lof_risk_driver_name${i}`, z.string().nullable()]),
) as Record<`lof_risk_driver_name${0 | 1 | 2 | 3 | 4}`, z.ZodNullable<z.ZodString>>;

/** DATA_ORIGIN: 0 provided, 1 imputed, 2 overridden (an override is 2 at once, before any re-analysis). */
const status = z.number().int().min(0).max(2);

/** Spec 000 §3 Pipe: one pipe with every figure of the served analysis. Lengths in m, diameters in mm. */
export const assetSchema = z.object({
  id,
  native_pipe_id: z.string(),
  address: z.string().nullable(),
  geometry: multiLineStringSchema,
  length: z.number(),
  /** Displayed values: override > provided > imputed. */
  diameter: numberOrNull,
  install_year: z.number().int().nullable(),
  material_type_code: z.number().int().nullable(),
  diameter_status: status,
  install_year_status: status,
  material_status: status,
  imputed_diameter: numberOrNull,
  imputed_install_year: z.number().int().nullable(),
  imputed_material: z.number().int().nullable(),
  diameter_likelihood: byKey.nullable(),
  install_year_likelihood: byKey.nullable(),
  material_likelihood: byKey.nullable(),
  abandoned: z.boolean(),
  break_count: z.number().int(),
  analysis: servedAnalysisSchema,
  ...perHorizon('lof_'),
  ...perHorizon('lof_absolute_'),
  ...perHorizon('cum_breaks_'),
  ...perHorizon('rank_'),
  /** Risk driver codes 1–28, strongest first; names in the user's language. */
  risk_drivers: z.array(z.number().int()).nullable(),
  ...driverNames,
  /** Years; 100 = '100+'. */
  rul: numberOrNull,
  /** Population served and its rate of change (%/year), by year. */
  projected_population: z.object({ population: byKey, rate_of_change: byKey }).nullable(),
  segment_id: z.number().int().nullable(),
  /** Valves a crew closes to isolate the pipe's segment. */
  related_valves: z.array(assetRefSchema),
  /** Every valve bounding the segment. */
  vis_valves: z.array(assetRefSchema),
  /** Breaks recorded on the segment's pipes. */
  vis_breaks: z.number().int().nullable(),
  cof: cofDetailsSchema.nullable(),
  bre: breDetailSchema.nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

export const ASSET_SORT_KEYS = [
  'lof_12',
  'lof_24',
  'lof_36',
  'lof_60',
  'rank_12',
  'rank_24',
  'rank_36',
  'rank_60',
  'cof_total',
  'bre',
  'install_year',
  'diameter',
  'length',
  'id',
] as const;
export type AssetSortKey = (typeof ASSET_SORT_KEYS)[number];
export const ASSET_LIST_MAX = 5000;

const sortTerm = z.string().regex(new RegExp(`^-?(${ASSET_SORT_KEYS.join('|')})$`), {
  message: 'validations.sort',
});
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'validations.integer' })
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every(Number.isSafeInteger), { message: 'validations.integer' })
  .refine((ids) => ids.length <= ASSET_LIST_MAX, { message: 'validations.max' });

/** GET …/assets: `polygon` WKT in EPSG:4326, `ids` comma-separated, `sort` e.g. `-lof_12,id`. */
export const assetListQuerySchema = z.object({
  polygon: z.string().trim().min(1).max(500_000).optional(),
  ids: idList.optional(),
  sort: z
    .string()
    .transform((s) => s.split(','))
    .pipe(z.array(sortTerm).max(3))
    .optional(),
  limit: z.coerce.number().int().min(1).max(ASSET_LIST_MAX).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

export const assetRowSchema = z.object({
  id,
  native_pipe_id: z.string(),
  length: z.number(),
  diameter: numberOrNull,
  install_year: z.number().int().nullable(),
  material_type_code: z.number().int().nullable(),
  lof_12: numberOrNull,
  rank_12: numberOrNull,
  cof_total: numberOrNull,
  bre: restrictedOr(numberOrNull).nullable(),
});
export type AssetRow = z.infer<typeof assetRowSchema>;
export const assetListSchema = z.object({ assets: z.array(assetRowSchema), total: z.number().int() });
export type AssetList = z.infer<typeof assetListSchema>;

/**
 * The edit dialog bounds diameter 0–999 in the user's unit (spec 000 §5); the wire takes millimetres, so the
 * server accepts up to 999 inches.
 */
export const DIAMETER_OVERRIDE_MAX_MM = Math.round(999 * MM_PER_INCH);
const PATCH_KEYS = ['install_year', 'material_type_code', 'diameter', 'abandoned'] as const;

/** PATCH …/assets/{pipeId}: exactly one field; `null` removes that override (the imputed value returns). */
export const assetPatchSchema = z
  .object({
    install_year: z
      .number()
      .int({ message: 'validations.year' })
      .refine((v) => year().test(v), { message: 'validations.year', params: { min: MIN_YEAR } })
      .nullable(),
    material_type_code: z.number().int().min(0).max(10).nullable(),
    diameter: z.number().min(0).max(DIAMETER_OVERRIDE_MAX_MM).nullable(),
    abandoned: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => PATCH_KEYS.filter((k) => body[k] !== undefined).length === 1, {
    message: 'validations.exactly_one',
  });
export type AssetPatch = z.infer<typeof assetPatchSchema>;

/**
 * Why an edit could not be re-scored in place with the served model and a whole analysis was queued
 * (docs/api-assets.md, server assets/rescore-pipe.ts): no served analysis; no stored model; a model stored before
 * RUL's calibration; a prior LOF (no break history: its normalisation is the network's); the pipe is not in the served analysis; it is abandoned, or back in service (the network
 * changes); a removed override with no value to return to; a diameter in hydraulic COF; an outage the stored
 * figures cannot price; more edits waiting than are re-scored one by one.
 */
export const ASSET_EDIT_FALLBACKS = [
  'no_served_analysis',
  'no_model',
  'model_predates_rul',
  'prior_lof',
  'not_in_analysis',
  'abandoned',
  'back_in_service',
  'no_value',
  'hydraulic_diameter',
  'outage_cannot_price',
  'too_many_edits',
] as const;
export type AssetEditFallback = (typeof ASSET_EDIT_FALLBACKS)[number];

/**
 * What an edit did to the results: `rescored` in place in the served analysis; `pending_run`, an analysis is under
 * way and the edit is in its results when it is served (never cancelled by the edit); `queued`, a whole analysis
 * was queued, `reason` says why.
 */
export const assetEditOutcomeSchema = z.object({
  analysis: z.enum(['rescored', 'pending_run', 'queued']),
  reason: z.enum(ASSET_EDIT_FALLBACKS).nullable(),
});
export type AssetEditOutcome = z.infer<typeof assetEditOutcomeSchema>;

/** The PATCH answer: the pipe after the edit and what the edit did to the results. */
export const assetPatchAnswerSchema = assetSchema.extend({ edit: assetEditOutcomeSchema });
export type AssetPatchAnswer = z.infer<typeof assetPatchAnswerSchema>;
