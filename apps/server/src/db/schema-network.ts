// The network of a utility (spec 000 §3, 001 §3; issue 3): snapshot groups hold versions (snapshots), a snapshot
// holds datasets, a dataset holds the pipes and every other layer. Lengths in m, diameters in mm, geometry in
// EPSG:4326. Every row carries client_id for row-level security (migration 0004).
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { SnapshotType } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { geometry } from './geometry.ts';
import { clients, users } from './schema.ts';

/** User corrections of a pipe's attributes (DATA_ORIGIN 2 = overridden). */
export interface PipeOverrides {
  installYear?: number;
  materialTypeCode?: number;
  diameterMm?: number;
}

/** What a running import staged: the version it writes and what to undo should it fail (staged-version.ts). */
export interface StagedVersion {
  snapshotId: number;
  datasetId: number;
  groupId: number;
  /** The import made the group: a failure deletes it with the version. */
  newGroup: boolean;
  /** The import fills the empty first version POST /api/datasets made: a failure empties it, keeping it. */
  reused: boolean;
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The tenant column of every tenant table (row-level security reads it). */
export const clientId = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id);
/** A row of a dataset: deleted with it. */
export const datasetId = () =>
  integer('dataset_id')
    .notNull()
    .references(() => datasets.id, { onDelete: 'cascade' });

/** A network of the utility, e.g. "Springfield water mains"; its versions are snapshots. */
export const snapshotGroups = pgTable('snapshot_groups', {
  id: serial('id').primaryKey(),
  clientId: clientId(),
  name: text('name').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** One version of a network. Exactly one CURRENT per group once the first import succeeded. */
export const snapshots = pgTable(
  'snapshots',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
    type: text('type').$type<SnapshotType>().notNull(),
    version: integer('version').notNull(),
    /**
     * The import writing this PENDING version in short transactions (imports/staged-version.ts); null once it is
     * promoted, and for the empty first version POST /api/datasets makes. A staged version is listed nowhere.
     */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('snapshots_group_version_idx').on(t.groupId, t.version),
    index('snapshots_group_type_idx').on(t.groupId, t.type),
  ],
);

export const datasets = pgTable(
  'datasets',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshots.id, { onDelete: 'cascade' }),
    /** Null = this dataset is an original (the API reports its own id). */
    originalDatasetId: integer('original_dataset_id'),
    name: text('name').notNull(),
    origin: smallint('origin').notNull().default(0),
    status: smallint('status').notNull().default(2),
    refreshStatus: text('refresh_status').notNull().default('NONE'),
    active: boolean('active').notNull().default(true),
    /** [lng, lat] of the default view. */
    center: jsonb('center').$type<[number, number]>(),
    zoom: real('zoom'),
    modelType: text('model_type').$type<'GIS' | 'EPANET'>().notNull().default('GIS'),
    scenario: text('scenario'),
    rul: boolean('rul').notNull().default(false),
    imputedPipelineFileUrl: text('imputed_pipeline_file_url'),
    virtualPipePhase: integer('virtual_pipe_phase').notNull().default(0),
    /** The COMPLETE analysis whose results are served (analyses.id); null until the first one finishes. */
    analysisId: integer('analysis_id'),
    /** Bumped whenever data or results change; tiles are addressed by it (ARCHITECTURE.md). */
    tileRevision: integer('tile_revision').notNull().default(1),
    /**
     * Pipe edits re-scored in place with the served run's model since that run (assets/rescore-pipe.ts); a full
     * analysis resets it, and the nightly sweep (analysis/nightly.ts) retrains where it is above zero.
     */
    editsSinceAnalysis: integer('edits_since_analysis').notNull().default(0),
    /**
     * Bumped by every pipe edit (PATCH …/assets/{id}), which stamps the pipe with it (pipes.edit_seq): a run records
     * the value it read its inputs at (analyses.edit_seq), and the pipes stamped after it are the edits it has not
     * seen, re-scored in place when it is swapped in (assets/pending-edits.ts).
     */
    editSeq: integer('edit_seq').notNull().default(0),
    raComplete: boolean('ra_complete').notNull().default(false),
    /** Counts per layer kind, kept by the writers: the assets flags and list figures read from it. */
    layerCounts: jsonb('layer_counts').$type<Record<string, number>>().notNull().default({}),
    distributionMaster: jsonb('distribution_master')
      .$type<{ diameter: number; install_year: number; material: number }>()
      .notNull()
      .default({ diameter: 0, install_year: 0, material: 0 }),
    totalLengthM: doublePrecision('total_length_m').notNull().default(0),
    /** Generated demo data (README and UI say so). */
    synthetic: boolean('synthetic').notNull().default(false),
    /** Free metadata: generator settings for the demo town, source CRS of imports… */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('datasets_snapshot_idx').on(t.snapshotId)],
);

/** Which group and dataset a user is looking at (spec 000 §4 set-current-snapshot). */
export const userCurrentDatasets = pgTable('user_current_datasets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: clientId(),
  groupId: integer('group_id')
    .notNull()
    .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
  datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pipes = pgTable(
  'pipes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    nativePipeId: text('native_pipe_id').notNull(),
    address: text('address'),
    roadType: text('road_type'),
    pressureZone: text('pressure_zone'),
    geom: geometry('geom', 'MultiLineString').notNull(),
    /**
     * The point that places the pipe in an area or a population region (analysis/load-inputs.ts), kept by the
     * database and indexed: the regions and areas then probe the pipes (a few thousand probes) instead of every pipe
     * probing them (100k probes, 6 s of each analysis' load on a 100k-pipe network; 1.4 s this way). A column, not an
     * expression index: under row-level security an index condition may hold only LEAKPROOF functions, and
     * ST_PointOnSurface is not one. Never written by the application.
     */
    point: geometry('point', 'Geometry')
      .notNull()
      .generatedAlwaysAs(sql`ST_PointOnSurface(geom)`),
    lengthM: doublePrecision('length_m').notNull(),
    diameterMm: real('diameter_mm'),
    installYear: smallint('install_year'),
    materialTypeCode: smallint('material_type_code'),
    abandoned: boolean('abandoned').notNull().default(false),
    breakCount: integer('break_count').notNull().default(0),
    /**
     * The user's corrections (spec §7 PATCH): installYear, materialTypeCode, diameterMm. Provided values above stay
     * as imported; imputation and its statuses are results of an analysis (pipe_results).
     */
    overrides: jsonb('overrides').$type<PipeOverrides>().notNull().default({}),
    fromNode: text('from_node'),
    toNode: text('to_node'),
    /** Columns kept from the source that the model does not name (pipe class, soil, static pressure…). */
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
    /** The dataset's edit_seq of the pipe's last edit; null if never edited (assets/pending-edits.ts). */
    editSeq: integer('edit_seq'),
  },
  (t) => [
    uniqueIndex('pipes_dataset_native_idx').on(t.datasetId, t.nativePipeId),
    index('pipes_edit_seq_idx')
      .on(t.datasetId, t.editSeq)
      .where(sql`edit_seq IS NOT NULL`),
    index('pipes_geom_idx').using('gist', t.geom),
    index('pipes_point_idx').using('gist', t.point),
  ],
);

export const breaks = pgTable(
  'breaks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    /** The pipe it happened on (by native id, else snapped); null when unmatched. */
    pipeId: bigint('pipe_id', { mode: 'number' }).references(() => pipes.id, { onDelete: 'set null' }),
    nativePipeId: text('native_pipe_id'),
    /** The start of the date's period when only the year (1 January) or the year and month (the 1st) is known. */
    breakDate: date('break_date', { mode: 'string' }).notNull(),
    /** How much of the date the source gave: 'year', 'month' or 'day' (issue 40; the LOF model's windows align to it). */
    datePrecision: text('date_precision').$type<'year' | 'month' | 'day'>().notNull().default('day'),
    geom: geometry('geom', 'Point'),
    /** How it was matched: 'id', 'snap' or null. */
    matchedBy: text('matched_by'),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('breaks_dataset_idx').on(t.datasetId), index('breaks_pipe_idx').on(t.pipeId)],
);

export const valves = pgTable(
  'valves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    nativeValveId: text('native_valve_id').notNull(),
    /** The pipe (asset id of spec 000 §3) it sits on. */
    pipeId: bigint('pipe_id', { mode: 'number' }).references(() => pipes.id, { onDelete: 'set null' }),
    nativePipeId: text('native_pipe_id'),
    /**
     * The node id of its pipe's end it closes (issue 16: a valve on a pump whose two nodes are drawn at one point
     * cannot be placed by position). Null: the end nearer to the valve's point.
     */
    nodeId: text('node_id'),
    installYear: smallint('install_year'),
    valveType: text('valve_type'),
    diameterMm: real('diameter_mm'),
    normallyClosed: boolean('normally_closed').notNull().default(false),
    operable: boolean('operable').notNull().default(true),
    geom: geometry('geom', 'Point').notNull(),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('valves_dataset_native_idx').on(t.datasetId, t.nativeValveId),
    index('valves_geom_idx').using('gist', t.geom),
  ],
);

export const POINT_ASSET_KINDS = [
  'hydrant',
  'reservoir',
  'purification_plant',
  'drain',
  'critical_facility',
] as const;
export type PointAssetKind = (typeof POINT_ASSET_KINDS)[number];

/** Hydrants, reservoirs, plants, drains and critical facilities: one table, typed by kind. */
export const pointAssets = pgTable(
  'point_assets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    kind: text('kind').$type<PointAssetKind>().notNull(),
    nativeId: text('native_id').notNull(),
    name: text('name'),
    /** Critical facilities: hospital, school, … (engine synth FacilityType or the imported value). */
    facilityType: text('facility_type'),
    installYear: smallint('install_year'),
    diameterMm: real('diameter_mm'),
    geom: geometry('geom', 'Point').notNull(),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('point_assets_dataset_kind_idx').on(t.datasetId, t.kind),
    index('point_assets_geom_idx').using('gist', t.geom),
  ],
);

export const AREA_KINDS = ['supply_area', 'district', 'mesh', 'custom_zone'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

export const areas = pgTable(
  'areas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    kind: text('kind').$type<AreaKind>().notNull(),
    nativeId: text('native_id').notNull(),
    name: text('name'),
    geom: geometry('geom', 'MultiPolygon').notNull(),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('areas_dataset_kind_idx').on(t.datasetId, t.kind),
    index('areas_geom_idx').using('gist', t.geom),
  ],
);

export const populationRegions = pgTable(
  'population_regions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    nativeId: text('native_id').notNull(),
    geom: geometry('geom', 'MultiPolygon').notNull(),
    /** Residents by year, e.g. {"2025": 1200, "2030": 1260}. */
    population: jsonb('population').$type<Record<string, number>>().notNull(),
    /** % change against the first year, by year. */
    rateOfChange: jsonb('rate_of_change').$type<Record<string, number>>().notNull().default({}),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('population_dataset_idx').on(t.datasetId),
    index('population_geom_idx').using('gist', t.geom),
  ],
);

export const pressureReadings = pgTable(
  'pressure_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    nativeId: text('native_id').notNull(),
    readingAt: timestamp('reading_at', { withTimezone: true }),
    valueKpa: doublePrecision('value_kpa').notNull(),
    geom: geometry('geom', 'Point'),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('pressure_dataset_idx').on(t.datasetId)],
);

/** The EPANET model of a dataset, when one was imported or generated (COF hydraulic method, issue 4). */
export const epanetModels = pgTable('epanet_models', {
  datasetId: integer('dataset_id')
    .primaryKey()
    .references(() => datasets.id, { onDelete: 'cascade' }),
  clientId: clientId(),
  fileName: text('file_name').notNull(),
  /** CRS of the model's coordinates (as given by the user or the generator). */
  crs: text('crs'),
  inp: text('inp').notNull(),
  createdAt: createdAt(),
});

/** Files uploaded to the wizard, kept under DATA_DIR/uploads until imported or expired. */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  clientId: clientId(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  format: text('format').notNull(),
  layers: jsonb('layers').$type<unknown[]>().notNull(),
  createdAt: createdAt(),
});

/** Import items (spec 001 §3): one per committed wizard run. */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<'assets' | 'breaks' | 'pressures'>().notNull(),
    assetLayer: text('asset_layer'),
    uploadId: text('upload_id'),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    rows: integer('rows'),
    imported: integer('imported'),
    skipped: integer('skipped'),
    message: text('message'),
    report: jsonb('report'),
    options: jsonb('options').notNull(),
    snapshotGroupId: integer('snapshot_group_id').references(() => snapshotGroups.id, {
      onDelete: 'set null',
    }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    archive: boolean('archive').notNull().default(false),
    /** While running: the version it is writing, so a failure or a restart can discard it (staged-version.ts). */
    staged: jsonb('staged').$type<StagedVersion>(),
    /** While running, renewed every few seconds: a running import whose beat stopped lost its worker. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_client_idx').on(t.clientId, t.createdAt)],
);

export type SnapshotGroupRow = typeof snapshotGroups.$inferSelect;
export type SnapshotRow = typeof snapshots.$inferSelect;
export type DatasetRow = typeof datasets.$inferSelect;
export type ImportRow = typeof imports.$inferSelect;

/** Tables whose rows belong to one dataset: copied into a new version, counted for the assets flags. */
export const DATASET_LAYER_TABLES = [
  'pipes',
  'breaks',
  'valves',
  'point_assets',
  'areas',
  'population_regions',
  'pressure_readings',
] as const;
