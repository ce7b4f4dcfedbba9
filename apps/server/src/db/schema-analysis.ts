// Results of the analysis pipeline (issue 4; ARCHITECTURE.md "Analysis pipeline"). One `analyses` row per run of
// a dataset; every result row carries its analysis id, and the dataset points at the last COMPLETE analysis
// (`datasets.analysis_id`), so a new run writes beside the served one and a single UPDATE at the end swaps them.
// A failed or abandoned run leaves the served results untouched. Money in the scenario's currency, lengths in m.
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { geometry } from './geometry.ts';
import { users } from './schema.ts';
import { areas, clientId, datasetId, snapshotGroups } from './schema-network.ts';

const analysisId = () =>
  integer('analysis_id')
    .notNull()
    .references(() => analyses.id, { onDelete: 'cascade' });

/** Stages in order; the dataset's status while each runs is STAGES in modules/analysis/analysis.job.ts. */
export type AnalysisStage =
  'queued' | 'preprocess' | 'lof' | 'cof' | 'tiling' | 'complete' | 'failed' | 'cancelled';

export const analyses = pgTable(
  'analyses',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    stage: text('stage').$type<AnalysisStage>().notNull().default('queued'),
    /** 0–100 within the whole run. */
    progress: real('progress').notNull().default(0),
    /** Why it ran: import, seed, execute, override. */
    reason: text('reason').notNull(),
    seed: integer('seed').notNull(),
    /** The COF scenario used (null = the country default). */
    cofScenarioId: integer('cof_scenario_id'),
    error: text('error'),
    /** Summaries per stage, served as the model card (LOF card with backtests, imputation, VIS, COF). */
    lofCard: jsonb('lof_card').$type<Record<string, unknown>>(),
    imputeSummary: jsonb('impute_summary').$type<Record<string, unknown>>(),
    visSummary: jsonb('vis_summary').$type<Record<string, unknown>>(),
    cofSummary: jsonb('cof_summary').$type<Record<string, unknown>>(),
    /**
     * The trained LOF model with its scoring instant and RUL options (engine LofScoring): a pipe edit re-scores the
     * pipe with it instead of training again (assets/rescore-pipe.ts). Kept on the served run only.
     */
    lofScoring: jsonb('lof_scoring').$type<Record<string, unknown>>(),
    /**
     * The dataset's edit_seq when the run read its inputs (a COF re-run: that of the run it re-prices); pipes edited
     * after it are re-scored in place when the run is swapped in, and the served run's value moves on as its pending
     * edits are re-scored (assets/pending-edits.ts). Null: before migration 0026, read as 0.
     */
    editSeq: integer('edit_seq'),
    /** Seconds per stage, for the status API and benchmarks. */
    timings: jsonb('timings').$type<Record<string, number>>().notNull().default({}),
    /** Lease of the worker running it (analysis.job.ts): a run whose heartbeat stops is resumed elsewhere. */
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('analyses_dataset_idx').on(t.datasetId, t.id),
    // The key the bulk result tables refer to (runKey below).
    unique('analyses_run_key').on(t.id, t.clientId, t.datasetId),
  ],
);

/**
 * The bulk result tables (pipe_results, vis_segments, area_results) refer to their run by (analysis, client,
 * dataset) with one foreign key, instead of one key per column: one check per written row instead of three (1.1 s
 * of a 100k-pipe COF re-run's write, bench/reports-cof-rerun.bench.mjs), and a row can no longer name a client or
 * dataset other than its run's. Deleting a dataset or a client still removes the rows, through their analyses.
 */
const runColumns = () => ({
  analysisId: integer('analysis_id').notNull(),
  clientId: integer('client_id').notNull(),
  datasetId: integer('dataset_id').notNull(),
});
const runKey = (
  table: string,
  t: { analysisId: AnyPgColumn; clientId: AnyPgColumn; datasetId: AnyPgColumn },
) =>
  foreignKey({
    name: `${table}_run_fk`,
    columns: [t.analysisId, t.clientId, t.datasetId],
    foreignColumns: [analyses.id, analyses.clientId, analyses.datasetId],
  }).onDelete('cascade');

/** Every figure of one pipe in one analysis (spec 000 §3 Pipe: imputed values, LOF, RUL, population, COF, BRE). */
export const pipeResults = pgTable(
  'pipe_results',
  {
    ...runColumns(),
    pipeId: bigint('pipe_id', { mode: 'number' }).notNull(),
    // Imputation (virtual pipes): the value used (override > provided > imputed), its DATA_ORIGIN status, the
    // model's estimate and its likelihood per category.
    installYear: smallint('install_year'),
    materialTypeCode: smallint('material_type_code'),
    diameterMm: real('diameter_mm'),
    installYearStatus: smallint('install_year_status').notNull().default(0),
    materialStatus: smallint('material_status').notNull().default(0),
    diameterStatus: smallint('diameter_status').notNull().default(0),
    imputedInstallYear: smallint('imputed_install_year'),
    imputedMaterial: smallint('imputed_material'),
    imputedDiameter: real('imputed_diameter'),
    installYearLikelihood: jsonb('install_year_likelihood').$type<Record<string, number>>(),
    materialLikelihood: jsonb('material_likelihood').$type<Record<string, number>>(),
    diameterLikelihood: jsonb('diameter_likelihood').$type<Record<string, number>>(),
    /** Valve isolation segment (vis_segments.segment_id of the same analysis). */
    segmentId: integer('segment_id'),
    /** Projected population served and its rate of change (%/year), keyed by year. */
    population: jsonb('population').$type<Record<string, number>>(),
    rateOfChange: jsonb('rate_of_change').$type<Record<string, number>>(),
    // LOF per horizon (months 12/24/36/60): P(≥1 break), expected breaks, cumulative share, percentile rank.
    lof12: real('lof_12'),
    lof24: real('lof_24'),
    lof36: real('lof_36'),
    lof60: real('lof_60'),
    lofAbsolute: jsonb('lof_absolute').$type<Record<string, number>>(),
    cumBreaks: jsonb('cum_breaks').$type<Record<string, number>>(),
    rank12: real('rank_12'),
    rank24: real('rank_24'),
    rank36: real('rank_36'),
    rank60: real('rank_60'),
    breaksPerKmYear: real('breaks_per_km_year'),
    /** Risk driver codes 1–28, strongest first (at most five). */
    riskDrivers: smallint('risk_drivers').array(),
    /** Years; 100 = '100+', null = n/a. */
    rul: real('rul'),
    // COF and BRE.
    cofTotal: doublePrecision('cof_total'),
    cofLevel: smallint('cof_level'),
    /** CofDetails without the id lists (direct, intenseRepair, … custom, customersWithoutWater). */
    cof: jsonb('cof').$type<Record<string, number>>(),
    /**
     * The 001 §9 factor groups of `cof` in COF_FACTOR_GROUPS order (packages/engine cof/factor-groups.ts): what the
     * COF reports sum, read as one array instead of seven keys of the jsonb (the factor pass ran 1.7× slower).
     */
    cofFactors: doublePrecision('cof_factors').array(),
    bre: doublePrecision('bre'),
    breLevel: smallint('bre_level'),
  },
  (t) => [
    runKey('pipe_results', t),
    primaryKey({ columns: [t.analysisId, t.pipeId] }),
    // The pipes of a segment: its geometry when stored, the VIS details, a break's affected pipes
    // (assets/affected-assets.ts: the segment is the outage, so no per-pipe copy of it is stored).
    index('pipe_results_segment_idx').on(t.analysisId, t.segmentId),
  ],
);

/** Valve isolation segments (spec 000 §3 VIS record) of one analysis. */
export const visSegments = pgTable(
  'vis_segments',
  {
    ...runColumns(),
    segmentId: integer('segment_id').notNull(),
    geom: geometry('geom', 'MultiLineString').notNull(),
    installYear: smallint('install_year'),
    breaks: integer('breaks').notNull().default(0),
    pipes: integer('pipes').notNull(),
    valves: integer('valves').notNull(),
    lengthM: doublePrecision('length_m').notNull(),
    population: real('population').notNull().default(0),
    /** Projected population by year (sum over its pipes). */
    projectedPopulation: jsonb('projected_population').$type<Record<string, number>>(),
    lof12: real('lof_12'),
    /** Aggregated 1 − Π(1 − lof) and expected breaks per km, by horizon in months. */
    lof: jsonb('lof').$type<Record<string, number>>(),
    expectedBreaksPerKm: jsonb('expected_breaks_per_km').$type<Record<string, number | null>>(),
    /** Database ids of the bounding valves, and of those a crew closes (open ones). */
    valveIds: bigint('valve_ids', { mode: 'number' }).array(),
    valvesToClose: bigint('valves_to_close', { mode: 'number' }).array(),
    inoperableValveIds: bigint('inoperable_valve_ids', { mode: 'number' }).array(),
  },
  (t) => [
    runKey('vis_segments', t),
    primaryKey({ columns: [t.analysisId, t.segmentId] }),
    index('vis_segments_geom_idx').using('gist', t.geom),
  ],
);

/** Mesh, district and custom-zone aggregates (spec 000 §3: lof_12 and top risk drivers). */
export const areaResults = pgTable(
  'area_results',
  {
    ...runColumns(),
    areaId: bigint('area_id', { mode: 'number' })
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    pipes: integer('pipes').notNull(),
    lengthM: doublePrecision('length_m').notNull(),
    /** 1 − Π(1 − lof_12): reads 100 % for any sizeable area, so the map and the details use the two below. */
    lof12: real('lof_12'),
    /**
     * What tells areas apart (issue 15, engine pipeline/aggregates.ts): the expected breaks in 12 months (Σ of the
     * members'; per km and year it is this over length_m / 1000) and the length of the members in BRE levels 4–5.
     * Null on rows written before migration 0015 that it could not fill (runs not served then).
     */
    expectedBreaks12: doublePrecision('expected_breaks_12'),
    topRiskLengthM: doublePrecision('top_risk_length_m'),
    riskDrivers: smallint('risk_drivers').array(),
    /** Σ COF and Σ BRE of its members in service (the area reports'): stored by the COF stage, no spatial pass. */
    totalCof: doublePrecision('total_cof').notNull().default(0),
    totalBre: doublePrecision('total_bre').notNull().default(0),
  },
  (t) => [runKey('area_results', t), primaryKey({ columns: [t.analysisId, t.areaId] })],
);

/**
 * A report category's answer for one analysis (modules/reports/report-summaries.ts): an analysis never changes once
 * written, so each category is aggregated once, at the end of the run or on its first ask, instead of over its
 * 100k result rows on every page view. `horizon` is 0 for the categories no LOF horizon changes. `rows` is the
 * language-neutral answer (driver codes, the environmental row, the longest Highest list) that each request
 * presents in its viewer's terms.
 */
export const reportSummaries = pgTable(
  'report_summaries',
  {
    analysisId: analysisId(),
    clientId: clientId(),
    datasetId: datasetId(),
    category: text('category').notNull(),
    horizon: smallint('horizon').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.analysisId, t.category, t.horizon] })],
);

/**
 * COF scenarios (001 §3; docs/api-cof.md), per snapshot group: at most one is enabled, and the analysis' COF stage
 * reads it (else the country default of packages/engine cof/defaults.ts). Deleted with the group.
 */
export const cofScenarios = pgTable(
  'cof_scenarios',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    /** Null = a default scenario of the client. */
    snapshotGroupId: integer('snapshot_group_id').references(() => snapshotGroups.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    country: text('country').notNull(),
    /** costMaster, parameters and customCofs as packages/engine CofScenario. */
    scenario: jsonb('scenario').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cof_scenarios_group_idx').on(t.clientId, t.snapshotGroupId),
    // One enabled scenario per group, kept by the database as well as the service (two racing PATCHes).
    uniqueIndex('cof_scenarios_one_enabled_idx')
      .on(t.snapshotGroupId)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * Which screen a user opened (spec 001 §2/§7 "POST report route with route_type_code"; SCREEN_AREA codes in
 * packages/domain): what the client's staff actually read, for the company's own usage view.
 */
export const reportRouteEvents = pgTable(
  'report_route_events',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    routeTypeCode: smallint('route_type_code').notNull(),
    datasetId: integer('dataset_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_route_events_client_idx').on(t.clientId, t.createdAt)],
);
