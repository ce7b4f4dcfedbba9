// Reads one dataset into the engine's plain-data contract (packages/engine pipeline/types.ts). The spatial joins
// are PostGIS's job: population per pipe (its region's projection shared by pipe length) and which pipes lie in
// which mesh cell, district or custom zone (pipe midpoint in the area).
import type {
  CofScenario,
  DatasetAreaMembership,
  DatasetBreak,
  DatasetInputs,
  DatasetPipe,
  DatasetPointAsset,
  DatasetValve,
  LonLat,
} from '@pipewise/engine';
import type { MaterialCode } from '@pipewise/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  rawText as str,
  rawNumber as num,
  rawJson as json,
  type RawRow as Row,
} from '../../db/raw-values.ts';
import { mapInTurns } from '../../lib/turns.ts';
import { readInPages } from './paged-read.ts';

/**
 * What loading reads through: a transaction, or (the analysis job) a reader that runs each query in a short
 * transaction of its own, so that on the embedded database other requests get the connection between the queries.
 */
export interface Reader {
  execute(query: SQL): PromiseLike<{ rows: Record<string, unknown>[] }>;
  /** Rows read per statement of a paged read (paged-read.ts PAGE_ROWS by database; tests page in a few rows). */
  readonly pageRows?: number;
}

const rows = async (tx: Reader, query: ReturnType<typeof sql>) => (await tx.execute(query)).rows as Row[];

function partsOf(geojson: unknown): LonLat[][] {
  if (geojson == null) return [];
  const g = json<{ type: string; coordinates: number[][][] | number[][] }>(geojson);
  const parts =
    g.type === 'MultiLineString' ? (g.coordinates as number[][][]) : [g.coordinates as number[][]];
  return parts.map((part) => part.map((c) => [c[0]!, c[1]!] as const));
}

function positionOf(geojson: unknown): LonLat {
  const g = json<{ coordinates: number[] }>(geojson);
  return [g.coordinates[0]!, g.coordinates[1]!];
}

// Each region's projection is shared among the pipes whose midpoint lies in it, by length: a long main in a
// region serves more frontage than a short stub. Regions without pipes contribute to nobody (nothing to cut off).
// The shares are one statement; the pipes are read a page at a time (paged-read.ts) along (dataset_id,
// native_pipe_id)'s unique index, then put in id order, the order the engine always had.
async function pipes(tx: Reader, datasetId: number): Promise<DatasetPipe[]> {
  const shares = await rows(
    tx,
    // Regions probe the pipes' point index (pipes.point), not each pipe the regions: a few thousand probes instead of
    // 100k (2.5 s → 0.6 s on a 100k-pipe network). The probe is a LATERAL subquery kept apart by OFFSET 0, so the
    // planner never estimates the spatial join itself (SPATIAL_JOIN_NOTE).
    sql`WITH home AS (
          SELECT DISTINCT ON (p.id) p.id AS pipe_id, r.id AS region_id, p.length_m
          FROM population_regions r CROSS JOIN LATERAL (
            SELECT p.id, p.length_m FROM pipes p
            WHERE p.dataset_id = ${datasetId} AND p.point && r.geom AND ST_Intersects(r.geom, p.point)
            OFFSET 0) p
          WHERE r.dataset_id = ${datasetId}
          ORDER BY p.id, r.id)
        SELECT pipe_id, region_id,
          length_m / NULLIF(SUM(length_m) OVER (PARTITION BY region_id), 0) AS share FROM home`,
  );
  const regions = new Map<string, { population: Record<string, number>; rateOfChange: unknown }>();
  // rate_of_change stays as read: datasetPipeOf parses it with the row.
  if (shares.length > 0) {
    for (const r of await rows(
      tx,
      sql`SELECT id, population, rate_of_change FROM population_regions
          WHERE dataset_id = ${datasetId} AND population IS NOT NULL`,
    ))
      regions.set(String(r['id']), {
        population: json<Record<string, number>>(r['population']),
        rateOfChange: r['rate_of_change'],
      });
  }
  const shareOf = new Map(shares.map((r) => [String(r['pipe_id']), r]));
  const pipeRows = await readInPages(tx, {
    select: sql`SELECT ${PIPE_INPUT_COLUMNS} FROM pipes p`,
    where: sql`p.dataset_id = ${datasetId}`,
    key: sql`p.native_pipe_id`,
    field: 'native_pipe_id',
  });
  // A slice per event-loop turn: the 100k pipes' GeoJSON parsed in one go held the API's thread 1.46 s.
  const out = await mapInTurns(pipeRows, (r) => {
    const home = shareOf.get(String(r['id']));
    const region = home ? regions.get(String(home['region_id'])) : undefined;
    const share = home ? num(home['share']) : null;
    const population =
      region && share != null
        ? Object.fromEntries(Object.entries(region.population).map(([y, v]) => [y, Number(v) * share]))
        : null;
    return datasetPipeOf({ ...r, rate_of_change: region?.rateOfChange ?? null }, population);
  });
  return out.sort((x, y) => Number(x.id) - Number(y.id));
}

// SPATIAL_JOIN_NOTE. Why the pipe-in-area queries probe with a LATERAL subquery behind OFFSET 0 instead of
// joining: PostGIS 3.6 (the embedded database's) can estimate a `point && polygon` join at a selectivity of 1.9e8,
// which PostgreSQL refuses with "invalid join selectivity", failing the query. It happened once a 30,000-pipe
// import's ANALYZE gave pipes.point new statistics: every later analysis and pipe edit of the client failed. Inside
// the subquery the && compares with the outer row's value, a restriction PostGIS estimates without the join code.

/** The columns datasetPipeOf reads (besides population). */
export const PIPE_INPUT_COLUMNS = sql`p.id, p.native_pipe_id, ST_AsGeoJSON(p.geom, 7) AS geom, p.length_m,
  p.install_year, p.material_type_code, p.diameter_mm, p.overrides, p.abandoned, p.address, p.road_type,
  p.pressure_zone, p.from_node, p.to_node, p.attrs`;

/** A pipes row (PIPE_INPUT_COLUMNS) as the engine reads it, with its share of its region's population. */
export function datasetPipeOf(r: Row, population: Record<string, number> | null): DatasetPipe {
  return {
    id: String(r['id']),
    nativeId: String(r['native_pipe_id']),
    parts: partsOf(r['geom']),
    lengthM: Number(r['length_m']),
    installYear: num(r['install_year']),
    materialTypeCode: num(r['material_type_code']) as MaterialCode | null,
    diameterMm: num(r['diameter_mm']),
    overrides: json<DatasetPipe['overrides']>(r['overrides']) ?? {},
    abandoned: Boolean(r['abandoned']),
    address: str(r['address']),
    roadType: str(r['road_type']),
    pressureZone: str(r['pressure_zone']),
    fromNode: str(r['from_node']),
    toNode: str(r['to_node']),
    population,
    rateOfChange: population && r['rate_of_change'] != null ? json(r['rate_of_change']) : null,
    attrs: json<Record<string, unknown>>(r['attrs']) ?? {},
  };
}

/** A break's date precision as stored; anything else reads as a full date. */
const precisionOf = (v: unknown): 'year' | 'month' | 'day' => (v === 'year' || v === 'month' ? v : 'day');

async function breaks(tx: Reader, datasetId: number): Promise<DatasetBreak[]> {
  const result = await rows(
    tx,
    sql`SELECT pipe_id, break_date::text AS d, date_precision AS p FROM breaks WHERE dataset_id = ${datasetId}
        ORDER BY id`,
  );
  return result.map((r) => ({
    pipeId: str(r['pipe_id']),
    dateMs: Date.parse(`${String(r['d'])}T00:00:00Z`),
    datePrecision: precisionOf(r['p']),
  }));
}

async function valves(tx: Reader, datasetId: number): Promise<DatasetValve[]> {
  const result = await rows(
    tx,
    sql`SELECT id, native_valve_id, pipe_id, node_id, ST_AsGeoJSON(geom, 7) AS geom, normally_closed, operable
        FROM valves WHERE dataset_id = ${datasetId} ORDER BY id`,
  );
  return result.map((r) => ({
    id: String(r['id']),
    nativeId: String(r['native_valve_id']),
    pipeId: str(r['pipe_id']),
    nodeId: str(r['node_id']),
    position: positionOf(r['geom']),
    normallyClosed: Boolean(r['normally_closed']),
    operable: Boolean(r['operable']),
  }));
}

async function pointAssets(tx: Reader, datasetId: number): Promise<DatasetPointAsset[]> {
  const result = await rows(
    tx,
    sql`SELECT id, kind, facility_type, ST_AsGeoJSON(geom, 7) AS geom FROM point_assets
        WHERE dataset_id = ${datasetId} AND kind IN ('reservoir', 'purification_plant', 'critical_facility')
        ORDER BY id`,
  );
  return result.map((r) => ({
    id: String(r['id']),
    kind: r['kind'] as DatasetPointAsset['kind'],
    facilityType: str(r['facility_type']),
    position: positionOf(r['geom']),
  }));
}

async function areaMembership(tx: Reader, datasetId: number): Promise<DatasetAreaMembership[]> {
  const result = await rows(
    tx,
    // Each area probes the pipes' point index (pipes.point) rather than every pipe the areas' (3.5 s → 0.8 s for
    // 3,300 mesh cells over 100k pipes). The explicit && is the index
    // condition: under row-level security only a LEAKPROOF operator may be one (migration 0005), and
    // ST_Intersects is not.
    // A LATERAL probe for the reason SPATIAL_JOIN_NOTE gives.
    sql`SELECT a.id, array_agg(p.id ORDER BY p.id) AS pipe_ids
        FROM areas a CROSS JOIN LATERAL (
          SELECT p.id FROM pipes p
          WHERE p.dataset_id = ${datasetId} AND p.point && a.geom AND ST_Intersects(a.geom, p.point)
          OFFSET 0) p
        WHERE a.dataset_id = ${datasetId} AND a.kind IN ('mesh', 'district', 'custom_zone')
        GROUP BY a.id ORDER BY a.id`,
  );
  return result.map((r) => ({
    areaId: String(r['id']),
    pipeIds: (json<unknown[]>(r['pipe_ids']) ?? []).map(String),
  }));
}

/**
 * The enabled COF scenario of the dataset's network, else null (the engine then uses the country default). The
 * row's id and name win over the copies inside the stored scenario.
 */
export async function enabledCofScenario(
  tx: Reader,
  datasetId: number,
): Promise<{ id: number; scenario: CofScenario } | null> {
  const [row] = await rows(
    tx,
    sql`SELECT c.id, c.name, c.scenario FROM cof_scenarios c
        JOIN snapshots s ON s.group_id = c.snapshot_group_id
        JOIN datasets d ON d.snapshot_id = s.id
        WHERE d.id = ${datasetId} AND c.enabled ORDER BY c.updated_at DESC LIMIT 1`,
  );
  if (!row) return null;
  const id = Number(row['id']);
  return { id, scenario: { ...json<CofScenario>(row['scenario'])!, id, name: String(row['name']) } };
}

/**
 * The model card's backtest (engine lof/backtest.ts): one and three years held out from one calendar cutoff, so one
 * extra training whatever the network's size (the baselines are raw rankings, not trained).
 */
const BACKTEST_HORIZONS_YEARS = [1, 3];

/** {year, month} (1-based) of the demo town → the end of that month; anything else → none. */
function asOfOf(v: unknown): number | null {
  const o = v as { year?: unknown; month?: unknown } | null | undefined;
  if (typeof o?.year !== 'number' || typeof o.month !== 'number') return null;
  return Date.UTC(o.year, o.month, 1) - 1;
}

/** `breaks: false` for a run past its LOF stage: only imputation and the model read the break records. */
export async function loadDatasetInputs(
  tx: Reader,
  datasetId: number,
  seed: number,
  opts: { breaks?: boolean } = {},
): Promise<DatasetInputs> {
  const [head] = await rows(
    tx,
    sql`SELECT c.country, e.inp, d.metadata
        FROM datasets d JOIN clients c ON c.id = d.client_id
        LEFT JOIN epanet_models e ON e.dataset_id = d.id
        WHERE d.id = ${datasetId}`,
  );
  if (!head) throw new Error(`dataset ${datasetId} not found`);
  // Demo data is generated "as of" a month (seed-city.ts); score it as of then, not as of today.
  const metadata = json<Record<string, unknown>>(head['metadata']);
  const asOfMs = asOfOf(metadata?.['as_of']);
  // The source columns chosen as risk factors at import (imports: lof_features); no other free column is a feature.
  const chosen = metadata?.['lof_features'];
  const lofFeatureColumns = Array.isArray(chosen)
    ? chosen.filter((c): c is string => typeof c === 'string')
    : [];
  // The tolerance the pipes' import joined ends with (issue 16: a wizard option); absent before it existed.
  const nodeTolerance = metadata?.['node_tolerance_m'];
  return {
    datasetId: String(datasetId),
    country: String(head['country'] ?? 'US'),
    seed,
    ...(asOfMs !== null ? { asOfMs } : {}),
    // A network without break history gets a prior LOF scored as of now (engine lof/prior.ts).
    nowMs: Date.now(),
    pipes: await pipes(tx, datasetId),
    breaks: opts.breaks === false ? [] : await breaks(tx, datasetId),
    valves: await valves(tx, datasetId),
    pointAssets: await pointAssets(tx, datasetId),
    areas: await areaMembership(tx, datasetId),
    epanetInp: str(head['inp']),
    cofScenario: (await enabledCofScenario(tx, datasetId))?.scenario ?? null,
    lofOptions: { backtestHorizonsYears: BACKTEST_HORIZONS_YEARS },
    lofFeatureColumns,
    ...(typeof nodeTolerance === 'number' && nodeTolerance > 0 ? { snapToleranceM: nodeTolerance } : {}),
  };
}
