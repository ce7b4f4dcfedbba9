// Scheduled imports (issue 42; docs/api-scheduled-imports.md): an import definition remembered per network (snapshot
// group) — where the file comes from, when to import it, the wizard's options, and the limits within which a run
// commits by itself. A run is the wizard driven by the server: fetch, validate, then commit, or hold for review.
import { z } from 'zod';
import { requiredText } from './common.ts';
import { idField, idParam } from './ids.ts';
import {
  importOptionsSchema,
  importTypeSchema,
  assetLayerSchema,
  validationReportSchema,
} from './imports.ts';

/**
 * What a URL serves: `file`, a GeoJSON, GeoPackage or zipped Shapefile as it is; `ogc-features`, an OGC API –
 * Features items URL (`…/collections/{id}/items`), paged through its `next` links; `arcgis-featureserver`, an ArcGIS
 * REST FeatureServer layer query (`…/FeatureServer/0/query?where=1=1&outFields=*`), paged by `resultOffset`.
 */
export const IMPORT_URL_FORMATS = ['file', 'ogc-features', 'arcgis-featureserver'] as const;

export const importSourceSchema = z.discriminatedUnion('type', [
  /** A script uploads the file (`PUT /api/import-definitions/{id}/file`, with an API token of scope import). */
  z.object({ type: z.literal('upload') }).strict(),
  z
    .object({
      type: z.literal('url'),
      /** http or https only; the utility's own GIS on its LAN is allowed. */
      url: z
        .url({ protocol: /^https?$/, message: 'validations.regex' })
        .max(2000, { message: 'validations.max' }),
      format: z.enum(IMPORT_URL_FORMATS).default('file'),
    })
    .strict(),
]);
export type ImportSource = z.infer<typeof importSourceSchema>;

/** When a run commits by itself; past a limit it is held for review and the administrators are mailed. */
export const importLimitsSchema = z
  .object({
    /** Share of the layer's current rows the new file no longer has (by native id where the layer has one). */
    max_removed_percent: z.number().min(0).max(100).default(5),
    /** Share of rows the file adds, against the current count; null = no limit. */
    max_added_percent: z.number().min(0).max(100_000).nullable().default(null),
    /** Rows the validation would skip (row problems) hold the run unless allowed here. */
    allow_skipped_rows: z.boolean().default(false),
  })
  .strict();
export type ImportLimits = z.infer<typeof importLimitsSchema>;

/** The wizard's options without the target: a definition always imports into its own network. */
export const definitionOptionsSchema = importOptionsSchema.omit({ target: true });
export type DefinitionOptions = z.infer<typeof definitionOptionsSchema>;

const definitionFields = {
  name: requiredText(120),
  source: importSourceSchema,
  /**
   * Five-field cron (`minute hour day-of-month month day-of-week`, e.g. `30 2 * * *`) in `time_zone`; null = no
   * schedule (an upload source then runs on each upload; any definition runs on `POST …/run`).
   */
  schedule: z.string().trim().min(1).max(100).nullable(),
  /** IANA time zone of the schedule; defaults to the creating user's. */
  time_zone: z.string().trim().min(1).max(64),
  options: definitionOptionsSchema,
  limits: importLimitsSchema,
  enabled: z.boolean(),
};

export const importDefinitionCreateSchema = z
  .object({
    ...definitionFields,
    snapshot_group_id: idField,
    schedule: definitionFields.schedule.default(null),
    time_zone: definitionFields.time_zone.optional(),
    /**
     * Omitted: the options of the network's last successful import of `type`/`asset_layer` (the wizard's remembered
     * mapping, issue 15).
     */
    options: definitionOptionsSchema.optional(),
    type: importTypeSchema.default('assets'),
    asset_layer: assetLayerSchema.optional(),
    limits: importLimitsSchema.default({
      max_removed_percent: 5,
      max_added_percent: null,
      allow_skipped_rows: false,
    }),
    enabled: z.boolean().default(true),
  })
  .strict();
export type ImportDefinitionCreate = z.input<typeof importDefinitionCreateSchema>;

export const importDefinitionPatchSchema = z.object(definitionFields).partial().strict();
export type ImportDefinitionPatch = z.input<typeof importDefinitionPatchSchema>;

export const IMPORT_RUN_STATUS = [
  'queued',
  'running',
  /** Validated within the limits; its import job is queued or running. */
  'importing',
  'committed',
  /** Waits for an administrator: `reason` says why; `POST …/commit` or `…/discard` decides. */
  'held',
  'failed',
  'discarded',
] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUS)[number];
export const IMPORT_RUN_TRIGGER = ['schedule', 'manual', 'upload'] as const;

export const importChangeSchema = z.object({
  /** Rows of the layer in the network's current version. */
  current: z.number().int(),
  incoming: z.number().int(),
  removed: z.number().int(),
  added: z.number().int(),
  removed_percent: z.number(),
  added_percent: z.number(),
  /** How removed/added were counted: by native id, or from the row counts when the layer has none. */
  by: z.enum(['native-id', 'count']),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importRunSchema = z.object({
  id: z.number().int(),
  definition_id: z.number().int(),
  trigger: z.enum(IMPORT_RUN_TRIGGER),
  status: z.enum(IMPORT_RUN_STATUS),
  /** Held: why (validation errors, a limit); failed: the error. */
  reason: z.string().nullable(),
  file_name: z.string().nullable(),
  upload_id: z.string().nullable(),
  import_id: z.number().int().nullable(),
  change: importChangeSchema.nullable(),
  report: validationReportSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importDefinitionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  snapshot_group_id: z.number().int(),
  snapshot_group_name: z.string(),
  source: importSourceSchema,
  /** Upload source: the last file a script sent, not yet imported when `file_pending`. */
  file: z.object({ file_name: z.string(), uploaded_at: z.string(), pending: z.boolean() }).nullable(),
  schedule: z.string().nullable(),
  time_zone: z.string(),
  options: definitionOptionsSchema,
  limits: importLimitsSchema,
  enabled: z.boolean(),
  next_run_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run: importRunSchema.nullable(),
});
export type ImportDefinition = z.infer<typeof importDefinitionSchema>;

export const importDefinitionListSchema = z.object({ definitions: z.array(importDefinitionSchema) });
export const importRunListSchema = z.object({ runs: z.array(importRunSchema) });
export const importRunParamsSchema = z.object({ id: idParam, runId: idParam });
