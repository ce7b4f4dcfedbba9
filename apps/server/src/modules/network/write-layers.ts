// Bulk writers for a dataset's layers, shared by the import job and the demo town. Rows travel as ONE json
// parameter per batch (json_to_recordset): the same fast path on PGlite and node-postgres, no parameter limit.
// A row's geometry is GeoJSON (`geom`, parsed by ST_GeomFromGeoJSON) or hex EWKB (`geom_wkb`: the rows an import
// staged, imports/ewkb.ts). All writers run inside the caller's transaction; each layer's statement is exported
// too, for a caller that has the batch's JSON already (imports/import-writer.ts writeStagedLayer).
import { sql, type SQL } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import type { Db } from '../../db/database.ts';
import type { AreaKind, PointAssetKind } from '../../db/schema-network.ts';

export interface LayerTarget {
  clientId: number;
  datasetId: number;
}

export interface PipeInput {
  native_pipe_id: string;
  geom: Geometry;
  /** Null → measured from the geometry (geodesic). */
  length_m: number | null;
  diameter_mm: number | null;
  install_year: number | null;
  material_type_code: number | null;
  abandoned?: boolean;
  address?: string | null;
  road_type?: string | null;
  pressure_zone?: string | null;
  from_node?: string | null;
  to_node?: string | null;
  attrs?: Record<string, unknown>;
}

export interface BreakInput {
  native_pipe_id: string | null;
  /** The start of the date's period: 1 January for a year-only date, the 1st for a year-month one. */
  break_date: string;
  /** 'year' | 'month' | 'day' (default 'day'): how much of the date the source gave (issue 40). */
  date_precision?: 'year' | 'month' | 'day';
  geom: Geometry | null;
  attrs?: Record<string, unknown>;
}

export interface ValveInput {
  native_valve_id: string;
  native_pipe_id: string | null;
  /** The node id of its pipe's end it closes; null = the end nearer to it. */
  node_id?: string | null;
  install_year: number | null;
  valve_type: string | null;
  diameter_mm: number | null;
  normally_closed: boolean;
  operable: boolean;
  geom: Geometry;
  attrs?: Record<string, unknown>;
}

export interface PointAssetInput {
  native_id: string;
  name?: string | null;
  facility_type?: string | null;
  install_year?: number | null;
  diameter_mm?: number | null;
  geom: Geometry;
  attrs?: Record<string, unknown>;
}

export interface AreaInput {
  native_id: string;
  name?: string | null;
  geom: Geometry;
  attrs?: Record<string, unknown>;
}

export interface PopulationInput {
  native_id: string;
  geom: Geometry;
  population: Record<string, number>;
  rate_of_change?: Record<string, number>;
  attrs?: Record<string, unknown>;
}

export interface PressureInput {
  native_id: string;
  reading_at: string | null;
  value_kpa: number;
  geom: Geometry | null;
  attrs?: Record<string, unknown>;
}

/** Rows per statement: ~1–3 MB of JSON for pipes, small enough for PGlite's single buffer. */
export const BATCH_ROWS = 2000;

/** What a batch write needs of a transaction: the analysis writes pass one that opens a short transaction per call. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function inBatches<T>(
  rows: readonly T[],
  write: (json: string) => SQL,
  tx: Executor,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await tx.execute(write(JSON.stringify(rows.slice(i, i + BATCH_ROWS))));
  }
}

/** One batch's statement, given the batch as a JSON array of rows. */
export type LayerStatement = (json: string) => SQL;

/**
 * The row's geometry, null when it has none. EWKB goes through the text cast (geometry_in), which reads it as
 * ST_GeomFromGeoJSON reads GeoJSON: ST_GeomFromEWKB refuses a one-point line or an open ring the GeoJSON path
 * stores, and a pipe drawn as one point is kept (issue 16).
 */
const GEOM = sql`CASE WHEN r.geom_wkb IS NOT NULL THEN r.geom_wkb::geometry
  WHEN r.geom IS NOT NULL THEN ST_SetSRID(ST_GeomFromGeoJSON(r.geom), 4326) END`;

export const pipesStatement =
  (t: LayerTarget): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m, diameter_mm, install_year,
        material_type_code, abandoned, address, road_type, pressure_zone, from_node, to_node, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, r.native_pipe_id, g.geom,
        COALESCE(r.length_m, ST_Length(g.geom::geography)), r.diameter_mm, r.install_year, r.material_type_code,
        COALESCE(r.abandoned, false), r.address, r.road_type, r.pressure_zone, r.from_node, r.to_node,
        COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_pipe_id text, geom text, geom_wkb text, length_m float8,
        diameter_mm real, install_year smallint, material_type_code smallint, abandoned boolean, address text,
        road_type text, pressure_zone text, from_node text, to_node text, attrs jsonb)
      CROSS JOIN LATERAL (SELECT ST_Multi(${GEOM}) AS geom) g`;

export async function insertPipes(tx: Db, t: LayerTarget, rows: readonly PipeInput[]): Promise<void> {
  await inBatches(rows, pipesStatement(t), tx);
}

export const breaksStatement =
  (t: LayerTarget): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO breaks (client_id, dataset_id, native_pipe_id, break_date, date_precision, geom, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, r.native_pipe_id, r.break_date, COALESCE(r.date_precision, 'day'),
        ${GEOM}, COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_pipe_id text, break_date date, date_precision text,
        geom text, geom_wkb text, attrs jsonb)`;

export async function insertBreaks(tx: Db, t: LayerTarget, rows: readonly BreakInput[]): Promise<void> {
  await inBatches(rows, breaksStatement(t), tx);
}

export const valvesStatement =
  (t: LayerTarget): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO valves (client_id, dataset_id, native_valve_id, native_pipe_id, node_id, install_year, valve_type,
        diameter_mm, normally_closed, operable, geom, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, r.native_valve_id, r.native_pipe_id, r.node_id, r.install_year,
        r.valve_type, r.diameter_mm, r.normally_closed, r.operable, ${GEOM},
        COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_valve_id text, native_pipe_id text, node_id text,
        install_year smallint, valve_type text, diameter_mm real, normally_closed boolean, operable boolean,
        geom text, geom_wkb text, attrs jsonb)`;

export async function insertValves(tx: Db, t: LayerTarget, rows: readonly ValveInput[]): Promise<void> {
  await inBatches(rows, valvesStatement(t), tx);
}

export const pointAssetsStatement =
  (t: LayerTarget, kind: PointAssetKind): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO point_assets (client_id, dataset_id, kind, native_id, name, facility_type, install_year,
        diameter_mm, geom, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, ${kind}, r.native_id, r.name, r.facility_type, r.install_year,
        r.diameter_mm, ST_PointOnSurface(${GEOM}), COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_id text, name text, facility_type text,
        install_year smallint, diameter_mm real, geom text, geom_wkb text, attrs jsonb)`;

export async function insertPointAssets(
  tx: Db,
  t: LayerTarget,
  kind: PointAssetKind,
  rows: readonly PointAssetInput[],
): Promise<void> {
  await inBatches(rows, pointAssetsStatement(t, kind), tx);
}

export const areasStatement =
  (t: LayerTarget, kind: AreaKind): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO areas (client_id, dataset_id, kind, native_id, name, geom, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, ${kind}, r.native_id, r.name, ST_Multi(${GEOM}),
        COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_id text, name text, geom text, geom_wkb text, attrs jsonb)`;

export async function insertAreas(
  tx: Db,
  t: LayerTarget,
  kind: AreaKind,
  rows: readonly AreaInput[],
): Promise<void> {
  await inBatches(rows, areasStatement(t, kind), tx);
}

export const populationStatement =
  (t: LayerTarget): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO population_regions (client_id, dataset_id, native_id, geom, population, rate_of_change, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, r.native_id, ST_Multi(${GEOM}), r.population,
        COALESCE(r.rate_of_change, '{}'::jsonb), COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_id text, geom text, geom_wkb text, population jsonb,
        rate_of_change jsonb, attrs jsonb)`;

export async function insertPopulation(
  tx: Db,
  t: LayerTarget,
  rows: readonly PopulationInput[],
): Promise<void> {
  await inBatches(rows, populationStatement(t), tx);
}

export const pressuresStatement =
  (t: LayerTarget): LayerStatement =>
  (json) =>
    sql`
      INSERT INTO pressure_readings (client_id, dataset_id, native_id, reading_at, value_kpa, geom, attrs)
      SELECT ${t.clientId}, ${t.datasetId}, r.native_id, r.reading_at, r.value_kpa,
        ${GEOM}, COALESCE(r.attrs, '{}'::jsonb)
      FROM json_to_recordset(${json}::json) AS r(native_id text, reading_at timestamptz, value_kpa float8,
        geom text, geom_wkb text, attrs jsonb)`;

export async function insertPressures(tx: Db, t: LayerTarget, rows: readonly PressureInput[]): Promise<void> {
  await inBatches(rows, pressuresStatement(t), tx);
}

export async function saveEpanetModel(
  tx: Db,
  t: LayerTarget,
  model: { fileName: string; crs: string | null; inp: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO epanet_models (dataset_id, client_id, file_name, crs, inp)
    VALUES (${t.datasetId}, ${t.clientId}, ${model.fileName}, ${model.crs}, ${model.inp})
    ON CONFLICT (dataset_id) DO UPDATE SET file_name = excluded.file_name, crs = excluded.crs, inp = excluded.inp`);
  await tx.execute(sql`UPDATE datasets SET model_type = 'EPANET' WHERE id = ${t.datasetId}`);
}
