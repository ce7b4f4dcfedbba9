// What the served analysis says beyond single pipes (spec 000 §3 VIS record, mesh/district/custom zone; §7 vis
// details, intersecting assets, area detail, LOF/COF/BRE assessments; docs/api-assets.md).
import { z } from 'zod';
import { INT4_MAX, bigIdParam } from './ids.ts';
import {
  assetRefSchema,
  breDetailSchema,
  cofDetailsSchema,
  datasetParamsSchema,
  multiLineStringSchema,
  multiPolygonSchema,
} from './assets.ts';

const id = z.number().int();
const numberOrNull = z.number().nullable();
const byKey = z.record(z.string(), z.number());
const driverNames = Object.fromEntries(
  [0, 1, 2, 3, 4].map((i) => [`lof_risk_driver_name${i}`, z.string().nullable()]),
) as Record<`lof_risk_driver_name${0 | 1 | 2 | 3 | 4}`, z.ZodNullable<z.ZodString>>;

export const visParamsSchema = datasetParamsSchema.extend({
  segmentId: z.coerce.number().int().min(0).max(INT4_MAX),
});

/** Spec 000 §3 VIS record: one valve isolation segment of the served analysis. */
export const visRecordSchema = z.object({
  id,
  install_year: z.number().int().nullable(),
  breaks: z.number().int(),
  pipes: z.number().int(),
  valves: z.number().int(),
  /** Total length of its pipes, m. */
  pipes_agg_len: z.number(),
  population: numberOrNull,
  projected_population: byKey.nullable(),
  /** 1 − Π(1 − lof) over its pipes and expected breaks per km, by horizon in months ('12' … '60'). */
  lof: byKey.nullable(),
  expected_breaks_per_km: z.record(z.string(), z.number().nullable()).nullable(),
  // Optional only so that callers typed against the record before these existed still compile; the server sends both.
  /** Expected breaks in 12 months, Σ over its pipes (expected_breaks_per_km '12' × its length); null without LOF. */
  expected_breaks_12: numberOrNull.optional(),
  /** Share 0–1 of its length in BRE levels 4 'high' and 5 'very high'; null without BRE and COF. */
  top_risk_share: numberOrNull.optional(),
  valve_list: z.array(assetRefSchema),
  valves_to_close: z.array(assetRefSchema),
  inoperable_valves: z.array(assetRefSchema),
  // The server always sends both; optional only so that callers typed against the record before the list
  // existed (the web's test data) still compile.
  /** Its pipes in the served analysis, ascending by id, at most 500: a network without valves is one segment. */
  pipe_list: z.array(assetRefSchema),
  /** The segment has more pipes than `pipe_list` holds (`pipes` is the full count). */
  pipe_list_truncated: z.boolean(),
  geometry: multiLineStringSchema,
});
export type VisRecord = z.infer<typeof visRecordSchema>;

export const ACTIVE_PIPE_LAYERS = ['pipes', 'vis', 'mesh', 'district', 'custom_zone'] as const;
export const intersectingRequestSchema = z.object({
  active_pipe_layer: z.enum(ACTIVE_PIPE_LAYERS),
  /** POLYGON or MULTIPOLYGON WKT in EPSG:4326. */
  wktpoly: z.string().trim().min(1).max(500_000),
});
export type IntersectingRequest = z.infer<typeof intersectingRequestSchema>;
export const intersectingResponseSchema = z.object({ id_list: z.array(id) });

export const AREA_DETAIL_KINDS = ['mesh', 'district', 'custom_zone'] as const;
export const areaParamsSchema = datasetParamsSchema.extend({
  kind: z.enum(AREA_DETAIL_KINDS),
  nativeId: z.string().min(1).max(200),
});

/**
 * Spec 000 §3 mesh, district and custom zone, with the served analysis' aggregate. lof_12 = 1 − Π(1 − lof) reads
 * 100 % for any sizeable area; the expected breaks, their rate per km and the top-tier share tell areas apart
 * (issue 15).
 */
export const areaDetailSchema = z.object({
  id,
  native_id: z.string(),
  name: z.string().nullable(),
  kind: z.enum(AREA_DETAIL_KINDS),
  lof_12: numberOrNull,
  /** Expected breaks in 12 months, Σ over its pipes in service; null without LOF or results. */
  expected_breaks_12: numberOrNull,
  /** expected_breaks_12 per km of its pipes, a year (the web converts to per mile). */
  expected_breaks_per_km_year: numberOrNull,
  /** Share 0–1 of its pipes' length in BRE levels 4 'high' and 5 'very high'; null without BRE and COF. */
  top_risk_share: numberOrNull,
  risk_drivers: z.array(z.number().int()).nullable(),
  ...driverNames,
  pipes: z.number().int().nullable(),
  /** Length of its pipes, m. */
  length: numberOrNull,
  geometry: multiPolygonSchema,
});
export type AreaDetail = z.infer<typeof areaDetailSchema>;

/** DET-API-05: a dataset's mesh cells, districts or custom zones as a list (no geometry: the tiles draw them). */
export const areaKindParamsSchema = datasetParamsSchema.extend({ kind: z.enum(AREA_DETAIL_KINDS) });
export const areaListItemSchema = areaDetailSchema.pick({
  id: true,
  native_id: true,
  name: true,
  kind: true,
  lof_12: true,
  expected_breaks_12: true,
  expected_breaks_per_km_year: true,
  top_risk_share: true,
  pipes: true,
  length: true,
});
export const areaListSchema = z.object({ areas: z.array(areaListItemSchema) });
export type AreaList = z.infer<typeof areaListSchema>;

export const ASSESSMENT_KINDS = ['lof', 'cof', 'bre'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const assessmentParamsSchema = datasetParamsSchema.extend({ kind: z.enum(ASSESSMENT_KINDS) });
export const assessmentEntryParamsSchema = assessmentParamsSchema.extend({ pipeId: bigIdParam });

/** One assessment (LOF, COF or BRE) = the served analysis seen through one kind. */
export const assessmentSchema = z.object({
  id,
  dataset_id: id,
  kind: z.enum(ASSESSMENT_KINDS),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  method: z.string().nullable(),
  /** LOF: 100 × (1 − Π(1 − lof_12)) (spec 000 §9). */
  project_lof: numberOrNull.optional(),
  scored_as_of: z.string().nullable().optional(),
  trained_through: z.string().nullable().optional(),
  /** COF/BRE: scenario (id null: the country default), currency and the upper bounds of levels 1–4. */
  scenario_id: z.number().int().nullable().optional(),
  scenario_name: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  level_breaks: z.array(z.number()).nullable().optional(),
  /** Sum over the pipes (COF: cof_total, BRE: bre). */
  total: numberOrNull.optional(),
  pipes: z.number().int(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentEntrySchema = z.object({
  assessment_id: id,
  pipe_id: id,
  native_pipe_id: z.string(),
  lof: z
    .object({
      lof: byKey,
      lof_absolute: byKey,
      cum_breaks: byKey,
      rank: byKey,
      risk_drivers: z.array(z.number().int()),
      risk_driver_names: z.array(z.string()),
      rul: numberOrNull,
    })
    .optional(),
  cof: cofDetailsSchema.optional(),
  bre: breDetailSchema.extend({ lof_12: numberOrNull, cof_total: numberOrNull }).optional(),
});
export type AssessmentEntry = z.infer<typeof assessmentEntrySchema>;

const summary = z.record(z.string(), z.unknown()).nullable();
/** The served analysis' summaries: LOF card with backtests, imputation, VIS and COF. */
export const modelCardSchema = z.object({
  analysis_id: id,
  finished_at: z.string().nullable(),
  lof_card: summary,
  impute_summary: summary,
  vis_summary: summary,
  cof_summary: summary,
  timings: z.record(z.string(), z.number()),
  /** Pipe edits re-scored with this run's model since it was trained; the nightly analysis retrains. */
  edits_since_analysis: z.number().int().nonnegative(),
});
export type ModelCard = z.infer<typeof modelCardSchema>;
