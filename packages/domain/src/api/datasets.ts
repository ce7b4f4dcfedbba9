// Snapshot groups, snapshots and datasets (spec 000 §3, §4, §7; 001 §3, §7). Wire keys are snake_case
// (ARCHITECTURE.md); the web client camel-cases them in one place. docs/api-datasets.md is the prose contract.
import { z } from 'zod';
import { idParam } from './ids.ts';
import { DATASET_STATUS, REFRESH_STATUS, SNAPSHOT_TYPE } from '../constants/index.ts';

const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/**
 * Dataset `origin` (spec 000 §3/§4, CHECKLIST DATA-ENT-02 reading): the data-origin codes applied to a whole
 * dataset. An import creates a PROVIDED (0) dataset; its first completed analysis makes it IMPUTED (1): virtual
 * pipes fill its gaps, and the COF panel needs origin 1. Users' edits are marked per pipe (attribute status 2), not
 * by turning the dataset OVERRIDDEN, so an edited dataset keeps its COF panel.
 */
export const datasetOriginSchema = z.number().int().min(0).max(2);

/** Which layer kinds the dataset holds (spec 000 §3 Dataset.assets); the sub-bar disables missing ones. */
export const datasetAssetsSchema = z.object({
  infrastructure: z.boolean(),
  population: z.boolean(),
  valves: z.boolean(),
  mesh: z.boolean(),
  district: z.boolean(),
  custom_zone: z.boolean(),
  reservoirs: z.boolean(),
  purification_plants: z.boolean(),
  hydrants: z.boolean(),
  breaks: z.boolean(),
  drains: z.boolean(),
  supply_areas: z.boolean(),
});
export type DatasetAssets = z.infer<typeof datasetAssetsSchema>;
export const DATASET_ASSET_KEYS = Object.keys(datasetAssetsSchema.shape) as (keyof DatasetAssets)[];

/** Share of pipes whose attribute was provided (not missing) — spec 000 §3 distributionMaster. */
export const distributionMasterSchema = z.object({
  diameter: z.number().min(0).max(1),
  install_year: z.number().min(0).max(1),
  material: z.number().min(0).max(1),
});

export const datasetStatusCodeSchema = z.union(
  Object.values(DATASET_STATUS).map((v) => z.literal(v)) as unknown as [
    z.ZodLiteral<number>,
    z.ZodLiteral<number>,
  ],
);
export const refreshStatusSchema = z.enum(REFRESH_STATUS);
export const snapshotTypeSchema = z.enum(SNAPSHOT_TYPE);

export const datasetSchema = z.object({
  id: z.number().int(),
  /** The dataset this one derives from (COF scenarios); equal to id for an original. */
  original_dataset_id: z.number().int(),
  name: z.string(),
  origin: datasetOriginSchema,
  status: z.number().int(),
  refresh_status: refreshStatusSchema,
  active: z.boolean(),
  /** [lng, lat]; null until known (an empty dataset): switching to it then fails with 'no centre'. */
  center: lngLat.nullable(),
  zoom: z.number().min(0).max(24).nullable(),
  /** 'GIS' when built from GIS layers, 'EPANET' when a hydraulic model was imported. */
  model_type: z.enum(['GIS', 'EPANET']),
  /**
   * Name of the saved COF scenario whose results the dataset serves; null = the country default (spec 000 §2
   * scenario button). Without served COF results yet, the scenario the next analysis will use.
   */
  scenario: z.string().nullable(),
  /**
   * Issue 38: the cost model behind the COF and BRE on screen — the served analysis' scenario (id null: the country
   * default), its name and currency — so the sub-bar, the planner, the details pane and the reports name one and
   * the same. Null while no COF results are served.
   */
  cof_scenario: z
    .object({ id: z.number().int().nullable(), name: z.string(), currency: z.string() })
    .nullable(),
  rul: z.boolean(),
  imputed_pipeline_file_url: z.string().nullable(),
  virtual_pipe_phase: z.number().int(),
  /** Changes whenever data or results change: part of every tile URL (ARCHITECTURE.md). */
  folder: z.string(),
  ra_complete: z.boolean(),
  assets: datasetAssetsSchema,
  distribution_master: distributionMasterSchema,
  /** Not in the spec: what a user needs to tell versions apart. */
  snapshot_entity_id: z.number().int(),
  version: z.number().int(),
  pipe_count: z.number().int(),
  total_length_m: z.number(),
  synthetic: z.boolean(),
  created_at: z.string(),
  /**
   * Ours: why the served analysis has no likelihood of failure (e.g. no break history linked), null when it has
   * one or nothing is served yet. The map, the data page and the model card say it plainly (issue 15).
   */
  lof_unavailable: z.string().nullable().optional(),
  /**
   * Ours (issue 39): where the served likelihood of failure comes from — 'utility', the model trained on this
   * utility's breaks; 'prior', published break rates by material and age for a network without break history (the
   * map, model card, details pane and reports label it a prior); null without one.
   */
  lof_source: z.enum(['utility', 'prior']).nullable().optional(),
});
export type Dataset = z.infer<typeof datasetSchema>;

export const snapshotGroupSchema = z.object({
  /** The group's CURRENT snapshot. */
  snapshot_entity_id: z.number().int(),
  snapshot_group_entity_id: z.number().int(),
  snapshot_group_name: z.string(),
  datasets: z.array(datasetSchema),
});
export type SnapshotGroup = z.infer<typeof snapshotGroupSchema>;

/** GET /api/snapshots/current: the user's current snapshot and the dataset chosen in it. */
export const snapshotSchema = z.object({
  id: z.number().int(),
  type: snapshotTypeSchema,
  version: z.number().int(),
  snapshot_group_entity_id: z.number().int(),
  snapshot_group_name: z.string(),
  created_at: z.string(),
  dataset: datasetSchema,
  datasets: z.array(datasetSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const setCurrentSnapshotQuerySchema = z.object({
  snapshot_group: idParam,
  dataset: idParam,
});

export const datasetStatusEntrySchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  refresh_status: refreshStatusSchema,
  snapshot_entity_id: z.number().int(),
  origin: datasetOriginSchema,
  /** Ours, beyond the spec's array: the newest analysis run's stage and progress (0–100), for the overlay. */
  analysis_stage: z.string().nullable().optional(),
  analysis_progress: z.number().nullable().optional(),
  analysis_error: z.string().nullable().optional(),
  /** Ours: seconds the newest run has left, from its pace so far; null until that says enough (issue 15). */
  analysis_eta_seconds: z.number().int().nullable().optional(),
  /** Ours: while the newest run waits to start, its place in the queue and the seconds until it starts (issue 18). */
  analysis_queue_position: z.number().int().nullable().optional(),
  analysis_queue_wait_seconds: z.number().int().nullable().optional(),
  /**
   * Ours: the dataset's tile folder (revision). The map asks for a refresh only when the folder it shows is older
   * (issue 15: the toast came back on every reload, for every user).
   */
  folder: z.string().optional(),
});
export const datasetStatusListSchema = z.array(datasetStatusEntrySchema);
export type DatasetStatusEntry = z.infer<typeof datasetStatusEntrySchema>;

export const setViewRequestSchema = z.object({ center: lngLat, zoom: z.number().min(0).max(24) });
export const setViewResponseSchema = z.object({ center: lngLat, zoom: z.number() });
export type SetViewRequest = z.infer<typeof setViewRequestSchema>;

/** GET /api/datasets/{id}/property: the values present, for the filter options (spec 000 §7). */
export const datasetPropertySchema = z.object({
  break_counts: z.array(z.number().int()),
  install_years: z.array(z.number().int()),
  materials: z.array(z.number().int()),
});
export type DatasetProperty = z.infer<typeof datasetPropertySchema>;

/**
 * GET /api/datasets/{id}/tile-properties (spec 000 §7 "property GeoJSON for dataset, polled every 1 s until ready
 * → valid_feature_props"): the properties of the pipes and area tiles with at least one value, so the map offers
 * only the views it can colour (no `cof` without COF results). Ready once an analysis is served, or when none is
 * pending.
 */
export const tilePropertiesSchema = z.object({
  ready: z.boolean(),
  valid_feature_props: z.array(z.string()),
  tile_revision: z.number().int(),
  /**
   * By population year: the 0/16 … 16/16 quantiles (17 ascending values) of pop_{year} over the dataset's
   * non-abandoned pipes in the served analysis, for the population view's dynamic tiers (MAP-TIER-09). Empty
   * without results.
   */
  population_quantiles: z.record(z.string(), z.array(z.number())),
  /**
   * Per area layer (mesh, district, custom_zone) with analysed areas: the 0/16 … 16/16 quantiles of its areas'
   * `break_rate` (expected breaks per km and year) in the served analysis, for the breakRate view's tiers (issue 15).
   * A list, not a map: the web camelCases keys, and custom_zone must stay a value it can compare.
   */
  break_rate_quantiles: z.array(
    z.object({ layer: z.enum(['mesh', 'district', 'custom_zone']), quantiles: z.array(z.number()) }),
  ),
});
export type TileProperties = z.infer<typeof tilePropertiesSchema>;

/** POST /api/datasets: an empty network (snapshot group with its first version) to import into. */
export const datasetCreateSchema = z.object({ name: z.string().trim().min(1).max(120) });
export const datasetUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    active: z.boolean(),
    center: lngLat,
    zoom: z.number().min(0).max(24),
  })
  .partial();
export type DatasetUpdate = z.infer<typeof datasetUpdateSchema>;
export const datasetListSchema = z.object({
  datasets: z.array(
    datasetSchema.extend({
      snapshot_group_entity_id: z.number().int(),
      snapshot_group_name: z.string(),
      snapshot_type: snapshotTypeSchema,
    }),
  ),
});
