// The import wizard and the imports list (spec 001 §1–§4, §7; CHECKLIST IO-IMP-*, TBD-17). docs/api-datasets.md
// walks the flow: upload → inspect a layer → materials → validate → commit (a job) → poll the import item.
import { z } from 'zod';
import { idField } from './ids.ts';
import { topologyReportSchema } from './import-topology.ts';

export { topologyReportSchema, type TopologyReport } from './import-topology.ts';

/** Import item types of spec 001 §3. */
export const IMPORT_TYPE = ['assets', 'breaks', 'pressures'] as const;
export const importTypeSchema = z.enum(IMPORT_TYPE);
export type ImportType = z.infer<typeof importTypeSchema>;

/** What an `assets` import fills: the pipes, or one point/polygon layer of the dataset. */
export const ASSET_LAYER = [
  'pipes',
  'valves',
  'hydrants',
  'reservoirs',
  'purification_plants',
  'drains',
  'critical_facilities',
  'supply_areas',
  'districts',
  'mesh',
  'custom_zones',
  'population',
] as const;
export const assetLayerSchema = z.enum(ASSET_LAYER);
export type AssetLayer = z.infer<typeof assetLayerSchema>;

export const IMPORT_FORMAT = ['geojson', 'shapefile-zip', 'geopackage', 'csv', 'inp'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMAT);

export const layerInfoSchema = z.object({
  name: z.string(),
  geometry_type: z.string(),
  feature_count: z.number().int(),
  columns: z.array(z.string()),
  /** As found in the file (EPSG code or WKT); null when the file has none and the user must say. */
  crs: z.string().nullable(),
});
export type LayerInfo = z.infer<typeof layerInfoSchema>;

/** POST /api/imports/uploads (multipart, field `file`). */
export const uploadSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  format: importFormatSchema,
  layers: z.array(layerInfoSchema),
});
export type Upload = z.infer<typeof uploadSchema>;

const readOptions = {
  layer: z.string().min(1),
  /** EPSG code ('EPSG:3547') or WKT; required when the layer has no CRS, overrides it otherwise. */
  crs: z.string().min(1).optional(),
  /** Text encoding of DBF/CSV when the file does not say (e.g. 'windows-1252', 'shift_jis'). */
  encoding: z.string().min(1).optional(),
};

export const inspectRequestSchema = z.object({
  ...readOptions,
  type: importTypeSchema,
  asset_layer: assetLayerSchema.optional(),
  /** The network the import goes into, if an existing one: its last import of this kind is remembered. */
  snapshot_group_id: idField.optional(),
});
export type InspectRequest = z.infer<typeof inspectRequestSchema>;

export const inspectResponseSchema = z.object({
  layer: layerInfoSchema,
  /** Target fields the chosen type/layer takes, in display order; `required` ones must be mapped. */
  target_fields: z.array(z.object({ field: z.string(), required: z.boolean() })),
  /** Column suggested for each target field (auto-detected from common names in six languages). */
  suggested_mapping: z.record(z.string(), z.string()),
  /**
   * The first rows as read, for the mapping screen: each row's values in `layer.columns` order. Arrays, not
   * objects keyed by column name, because column names are data and a client's key-case conversion must not touch
   * them.
   */
  sample: z.array(z.array(z.unknown())),
  /**
   * Ours (issue 15): what the last successful import of this kind into the same network used, offered again for
   * its next version — the mapping (only columns this file has), the answers, the material codes as [raw, code]
   * pairs (raw values are data, kept out of object keys) and the risk-factor columns. Null when there is none.
   */
  remembered: z
    .object({
      import_id: z.number().int(),
      file_name: z.string(),
      finished_at: z.string().nullable(),
      mapping: z.record(z.string(), z.string()),
      // Declared further down this file.
      answers: z.lazy(() => importAnswersSchema),
      materials: z.array(z.tuple([z.string(), z.number().int()])),
      lof_features: z.array(z.string()),
    })
    .nullable()
    .optional(),
});
export type InspectResponse = z.infer<typeof inspectResponseSchema>;

/**
 * The pipe attribute (pipes.attrs) that keeps the suffix of a cohort material code ('CI-C3' → 'C3'), era or class
 * within a material (issue 40). A pipes import with the material mapped may list it in `lof_features` like a column
 * of the file; a column of that name in the file is kept as it is instead.
 */
export const MATERIAL_COHORT_ATTR = 'material_cohort';

export const materialsRequestSchema = z.object({ ...readOptions, column: z.string().min(1) });
export const materialsResponseSchema = z.object({
  values: z.array(
    z.object({
      value: z.string(),
      count: z.number().int(),
      /** Material code (0–10) suggested from common names; null = not recognised, the user must choose. */
      suggested: z.number().int().min(0).max(10).nullable(),
      /**
       * Ours (issue 40): the suffix of a cohort code ('C3' of 'CI-C3', '100' of 'PE100'), kept on each pipe as the
       * attribute MATERIAL_COHORT_ATTR; null when the value is no cohort code. Absent from older servers.
       */
      cohort: z.string().nullable().optional(),
    }),
  ),
});
export type MaterialsResponse = z.infer<typeof materialsResponseSchema>;

export const importAnswersSchema = z.object({
  length_unit: z.enum(['m', 'km', 'ft', 'mi']).default('m'),
  diameter_unit: z.enum(['mm', 'cm', 'm', 'in']).default('mm'),
  date_format: z.enum(['auto', 'YMD', 'DMY', 'MDY']).default('auto'),
  /** An empty number/date cell: unknown (kept, imputed later) or a reason to skip the row. */
  missing_means: z.enum(['unknown', 'skip-row']).default('unknown'),
  /**
   * Pipes without geometry (issue 15): they block the import unless the user chooses to import them as attributes
   * only (kept in tables, reports and exports; not drawn, not in the topology), as a mains inventory without
   * geometry needs.
   */
  geometryless_pipes: z.enum(['block', 'attributes-only']).default('block'),
  /**
   * Valves (or other points linked by pipe id) whose pipe id is not among the network's pipes (issue 16): they block
   * the import until the user fixes the file or chooses to import them unlinked, placed by position with a warning
   * kept in the report. Nothing is relinked silently.
   */
  unknown_pipe_ids: z.enum(['block', 'unlinked']).default('block'),
});
export type ImportAnswers = z.infer<typeof importAnswersSchema>;

export const importOptionsSchema = z.object({
  ...readOptions,
  type: importTypeSchema,
  asset_layer: assetLayerSchema.optional(),
  mapping: z.record(z.string(), z.string()),
  /** Raw material value → material code (0–10). */
  materials: z.record(z.string(), z.number().int().min(0).max(10)).default({}),
  answers: importAnswersSchema.default({
    length_unit: 'm',
    diameter_unit: 'mm',
    date_format: 'auto',
    missing_means: 'unknown',
    geometryless_pipes: 'block',
    unknown_pipe_ids: 'block',
  }),
  /** Breaks and valves without a matching pipe id are snapped to the nearest pipe within this distance. */
  snap_tolerance_m: z.number().min(0).max(1000).default(10),
  /**
   * Pipes without node ids: ends closer than this (m) are one node, for the network check and the analysis. With
   * node ids, ends farther than this from their node's other ends are reported. The wizard asks it in the user's
   * length unit (issue 16).
   */
  node_tolerance_m: z.number().min(0.001).max(100).default(0.5),
  /**
   * Source columns of a pipes layer, not used by the mapping, that the likelihood-of-failure model may use as risk
   * factors (soil, pressure class, corrosivity…); empty = none. Other unmapped columns are kept on the pipes but
   * are not features: undated condition or problem flags set after breaks would leak the future into the
   * backtest. Only for `type: 'assets'` with `asset_layer: 'pipes'`.
   */
  lof_features: z.array(z.string().min(1)).max(50).default([]),
  /** Into an existing network (new version of the group) or a new one. */
  target: z.union([
    z.object({ snapshot_group_id: idField }),
    z.object({ new_group_name: z.string().trim().min(1).max(120) }),
  ]),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const problemTallySchema = z.object({
  count: z.number().int(),
  examples: z.array(
    z.object({ row: z.number().int(), field: z.string(), value: z.string(), message: z.string() }),
  ),
});

export const validationReportSchema = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  problems: z.record(z.string(), problemTallySchema),
  topology: topologyReportSchema.nullable(),
  /** Breaks: how many matched a pipe by id, by snapping, and not at all. */
  matching: z
    .object({ by_id: z.number().int(), by_snap: z.number().int(), unmatched: z.number().int() })
    .nullable(),
  /** False when nothing would be imported or a blocking problem exists (`blocking` says which). */
  can_import: z.boolean(),
  blocking: z.array(z.string()),
  /**
   * What the import allows but the analysis will miss, as codes (IMPORT_WARNINGS): a pipes layer without its install
   * year, diameter or material mapped. Absent from reports stored before it existed.
   */
  warnings: z.array(z.string()).default([]),
});
export type ValidationReport = z.infer<typeof validationReportSchema>;

/** Key pipe attributes left unmapped: imputation then has nothing of the utility's own to go on for them. */
export const IMPORT_WARNINGS = [
  'unmapped-install-year',
  'unmapped-diameter',
  'unmapped-material',
  /** Most diameters are implausible for a water main in the chosen unit and fit the other one. */
  'diameter-unit-suspect',
  /** Most stated lengths disagree with the drawn lines and agree in another length unit. */
  'length-unit-suspect',
  /** Valves whose pipe id is not among the pipes, imported unlinked as the user chose: placed by position. */
  'valves-unknown-pipe',
  /** Node columns are mapped but some pipes have no node id: the whole network is joined by coordinates. */
  'node-ids-incomplete',
  /** Valves of the network whose pipe id is not among the new pipes: they will be placed by position. */
  'existing-valves-unknown-pipe',
] as const;

export const IMPORT_STATUS = ['queued', 'running', 'succeeded', 'failed'] as const;

export const importItemSchema = z.object({
  id: z.number().int(),
  type: importTypeSchema,
  asset_layer: assetLayerSchema.nullable(),
  file_name: z.string(),
  format: importFormatSchema,
  status: z.enum(IMPORT_STATUS),
  /** 0–1 while running. */
  progress: z.number(),
  rows: z.number().int().nullable(),
  imported: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  message: z.string().nullable(),
  report: validationReportSchema.nullable(),
  snapshot_group_id: z.number().int().nullable(),
  dataset_id: z.number().int().nullable(),
  archive: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importItemSchema>;
export const importListSchema = z.object({ imports: z.array(importItemSchema) });
export const importListQuerySchema = z.object({
  archived: z.enum(['true', 'false', 'all']).default('false'),
});
