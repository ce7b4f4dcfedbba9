// A small dataset with a COMPLETE analysis served, for the tile tests: a 6 × 6 grid of pipes around the default
// map centre (spec 000 §9) that crosses tile edges at z14–16, valves and a hydrant, mesh cells and a district,
// population regions, and the results of one analysis (pipe_results, vis_segments, area_results) written
// directly — no engine run. Every value derives from the pipe's grid position, so both backends get the same
// rows. One pipe has no result row (a pipe added after the analysis), one an override, one no COF.
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import { withTenant, type Database, type Db } from '../../src/db/database.ts';
import {
  insertAreas,
  insertPipes,
  insertPointAssets,
  insertPopulation,
  insertValves,
  type PipeInput,
} from '../../src/modules/network/write-layers.ts';
import {
  createGroup,
  createVersion,
  promoteVersion,
  refreshSummary,
} from '../../src/modules/network/versions.ts';
import { tileAccessOf } from '../../src/modules/tiles/tile-access.ts';

export const FIXTURE_ORIGIN: [number, number] = [-122.236, 37.484];
const STEP = 0.0025;
const N = 6;

export interface TileFixture {
  datasetId: number;
  analysisId: number;
  /** [west, south, east, north] of the network. */
  bbox: [number, number, number, number];
}

const at = (c: number, r: number): [number, number] => [
  +(FIXTURE_ORIGIN[0] + c * STEP).toFixed(6),
  +(FIXTURE_ORIGIN[1] + r * STEP).toFixed(6),
];
const square = (c: number, r: number, size: number): Geometry => ({
  type: 'Polygon',
  coordinates: [[at(c, r), at(c + size, r), at(c + size, r + size), at(c, r + size), at(c, r)]],
});

function pipes(): PipeInput[] {
  const rows: PipeInput[] = [];
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const i = rows.length;
      const base = {
        diameter_mm: i % 7 === 0 ? null : 100 + (i % 5) * 50,
        install_year: i % 9 === 0 ? null : 1930 + i * 2,
        material_type_code: i % 11 === 0 ? null : i % 11,
        abandoned: i === 5,
      };
      if (c + 1 < N)
        rows.push({
          native_pipe_id: `H-${c}-${r}`,
          // A bend in the middle, so clipping and snapping have more than two vertices to work on.
          geom: { type: 'LineString', coordinates: [at(c, r), at(c + 0.5, r + 0.1), at(c + 1, r)] },
          length_m: null,
          ...base,
        });
      if (r + 1 < N)
        rows.push({
          native_pipe_id: `V-${c}-${r}`,
          geom: { type: 'LineString', coordinates: [at(c, r), at(c, r + 1)] },
          length_m: null,
          ...base,
        });
    }
  }
  return rows;
}

/** Results of one pipe, by its position in the list (null: no row, as for a pipe added after the analysis). */
function pipeResult(i: number, count: number) {
  if (i === count - 1) return null;
  const lof = (h: number) => +((((i * 37) % 100) / 100) * (h / 60)).toFixed(6) + 0.000123;
  return {
    install_year: 1930 + i * 2,
    material_type_code: i % 11,
    diameter_mm: 100 + (i % 5) * 50,
    install_year_status: i % 9 === 0 ? 1 : 0,
    material_status: i % 11 === 0 ? 1 : 0,
    diameter_status: i % 7 === 0 ? 1 : 0,
    segment_id: Math.floor(i / 6),
    population: { '2030': 10.123 * i, '2040': 11.5 * i, '2050': i === 2 ? null : 12 * i },
    rate_of_change: { '2030': 0, '2040': -1.25 + i / 10, '2050': 2.5 },
    lof_12: lof(12),
    lof_24: lof(24),
    lof_36: lof(36),
    lof_60: lof(60),
    // Expected breaks by horizon (the 'highest' view's lofa_{m}); 60 left out on i = 5.
    lof_absolute: {
      '12': lof(12) * 1.5,
      '24': lof(24) * 1.5,
      '36': lof(36) * 1.5,
      ...(i === 5 ? {} : { '60': 2.34567 }),
    },
    rank_12: ((i * 53) % 100) + 0.123,
    rank_24: ((i * 53) % 100) + 0.2,
    rank_36: ((i * 53) % 100) + 0.3,
    rank_60: i === 3 ? 333 : ((i * 53) % 100) + 0.4,
    risk_drivers: [1 + (i % 28), 1 + ((i + 5) % 28)],
    rul: i % 4 === 0 ? null : 10.37 + i,
    cof_total: i === 4 ? null : 1000.6 + i * 250.25,
    cof_level: i === 4 ? null : 1 + (i % 5),
    bre: i === 4 ? null : (1000.6 + i * 250.25) * lof(12),
    bre_level: i === 4 ? null : 1 + ((i + 2) % 5),
  };
}

async function writeNetwork(tx: Db, clientId: number, datasetId: number): Promise<PipeInput[]> {
  const t = { clientId, datasetId };
  const rows = pipes();
  await insertPipes(tx, t, rows);
  await insertValves(
    tx,
    t,
    [at(1, 1), at(3, 2), at(4, 4)].map((p, i) => ({
      native_valve_id: `VL-${i}`,
      native_pipe_id: null,
      install_year: 1960 + i,
      valve_type: 'gate',
      diameter_mm: 150,
      normally_closed: i === 2,
      operable: i !== 1,
      geom: { type: 'Point', coordinates: p },
    })),
  );
  await insertPointAssets(tx, t, 'hydrant', [
    { native_id: 'HY-1', name: 'Hydrant 1', geom: { type: 'Point', coordinates: at(2.5, 2.5) } },
  ]);
  const mesh = [];
  for (let r = 0; r < N - 1; r += 2)
    for (let c = 0; c < N - 1; c += 2) mesh.push({ native_id: `M-${c}-${r}`, geom: square(c, r, 2) });
  await insertAreas(tx, t, 'mesh', mesh);
  await insertAreas(tx, t, 'district', [{ native_id: 'D-1', name: 'North', geom: square(-0.5, -0.5, N) }]);
  await insertPopulation(tx, t, [
    {
      native_id: 'POP-1',
      geom: square(0, 0, 3),
      population: { '2030': 1234.567, '2040': 1300 },
      rate_of_change: { '2030': 0, '2040': 0.5371 },
    },
    { native_id: 'POP-2', geom: square(3, 0, 2), population: { '2030': 50 } },
  ]);
  // A user's correction made after the analysis ran: the tiles show it over the analysis' value.
  await tx.execute(sql`
    UPDATE pipes SET overrides = '{"installYear": 1999, "diameterMm": 333}'::jsonb
    WHERE dataset_id = ${datasetId} AND native_pipe_id = 'H-1-0'`);
  return rows;
}

async function writeResults(tx: Db, clientId: number, datasetId: number, rows: PipeInput[]): Promise<number> {
  const a = await tx.execute(sql`
    INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
    VALUES (${clientId}, ${datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
  const analysisId = Number(a.rows[0]!['id']);
  const results = rows
    .map((p, i) => ({ native_pipe_id: p.native_pipe_id, ...pipeResult(i, rows.length) }))
    .filter((r) => 'segment_id' in r);
  await tx.execute(sql`
    INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, install_year, material_type_code,
      diameter_mm, install_year_status, material_status, diameter_status, segment_id, population, rate_of_change,
      lof_12, lof_24, lof_36, lof_60, lof_absolute, rank_12, rank_24, rank_36, rank_60, risk_drivers, rul, cof_total,
      cof_level, bre, bre_level)
    SELECT ${analysisId}, p.id, ${clientId}, ${datasetId}, x.install_year, x.material_type_code, x.diameter_mm,
      x.install_year_status, x.material_status, x.diameter_status, x.segment_id, x.population, x.rate_of_change,
      x.lof_12, x.lof_24, x.lof_36, x.lof_60, x.lof_absolute, x.rank_12, x.rank_24, x.rank_36, x.rank_60,
      ARRAY(SELECT jsonb_array_elements_text(x.risk_drivers)::smallint), x.rul, x.cof_total, x.cof_level,
      x.bre, x.bre_level
    FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb) AS x(native_pipe_id text, install_year smallint,
      material_type_code smallint, diameter_mm real, install_year_status smallint, material_status smallint,
      diameter_status smallint, segment_id int, population jsonb, rate_of_change jsonb, lof_12 real, lof_24 real,
      lof_36 real, lof_60 real, lof_absolute jsonb, rank_12 real, rank_24 real, rank_36 real, rank_60 real, risk_drivers jsonb,
      rul real, cof_total float8, cof_level smallint, bre float8, bre_level smallint)
    JOIN pipes p ON p.dataset_id = ${datasetId} AND p.native_pipe_id = x.native_pipe_id`);
  await tx.execute(sql`
    INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, geom, install_year, breaks, pipes,
      valves, length_m, population, lof_12, lof)
    SELECT ${analysisId}, r.segment_id, ${clientId}, ${datasetId}, ST_Multi(ST_Union(p.geom)), min(r.install_year),
      r.segment_id % 3, count(*), 2, sum(p.length_m), sum((r.population->>'2030')::float8),
      max(r.lof_12), jsonb_build_object('12', max(r.lof_12), '24', max(r.lof_24), '36', max(r.lof_36),
        '60', max(r.lof_60))
    FROM pipe_results r JOIN pipes p ON p.id = r.pipe_id
    WHERE r.analysis_id = ${analysisId}
    GROUP BY r.segment_id`);
  await tx.execute(sql`
    INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12,
      expected_breaks_12, top_risk_length_m, risk_drivers)
    SELECT ${analysisId}, a.id, ${clientId}, ${datasetId}, 3, 300, 0.0123 * (row_number() OVER (ORDER BY a.native_id)),
      0.15 * (row_number() OVER (ORDER BY a.native_id)), 30 * (row_number() OVER (ORDER BY a.native_id)),
      ARRAY[(row_number() OVER (ORDER BY a.native_id))::smallint, 7::smallint]
    FROM areas a WHERE a.dataset_id = ${datasetId} AND a.native_id <> 'M-4-4'`);
  await tx.execute(sql`
    UPDATE datasets SET analysis_id = ${analysisId}, tile_revision = tile_revision + 1 WHERE id = ${datasetId}`);
  return analysisId;
}

/** Writes the network as a new snapshot group of the client and serves one analysis of it. */
export async function buildTileFixture(db: Db, clientId: number, withResults = true): Promise<TileFixture> {
  return withTenant(db, clientId, async (tx) => {
    const groupId = await createGroup(tx, { clientId, name: 'Tile fixture', userId: null });
    const v = await createVersion(tx, { clientId, groupId, replaced: [] });
    const rows = await writeNetwork(tx, clientId, v.datasetId);
    await refreshSummary(tx, v.datasetId);
    await promoteVersion(tx, v.snapshotId);
    const analysisId = withResults ? await writeResults(tx, clientId, v.datasetId, rows) : 0;
    const [w, s] = at(-0.5, -0.5);
    const [e, n] = at(N - 0.5, N - 0.5);
    return { datasetId: v.datasetId, analysisId, bbox: [w, s, e, n] };
  });
}

/** Slippy-map tile of a lon/lat at zoom z. */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { x, y };
}

/** Every tile of zoom z that the fixture's bbox touches. */
export function fixtureTiles(f: TileFixture, z: number): { z: number; x: number; y: number }[] {
  const a = tileOf(f.bbox[0], f.bbox[3], z);
  const b = tileOf(f.bbox[2], f.bbox[1], z);
  const tiles = [];
  for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) tiles.push({ z, x, y });
  return tiles;
}

export interface DecodedFeature {
  id: number | undefined;
  type: number;
  properties: Record<string, string | number | boolean>;
  loadGeometry(): { x: number; y: number }[][];
  toGeoJSON(x: number, y: number, z: number): { geometry: { type: string; coordinates: number[][] } };
}
interface DecodedTile {
  layers: Record<string, { length: number; extent: number; feature(i: number): DecodedFeature }>;
}
const require = createRequire(import.meta.url);
const { VectorTile } = require('@mapbox/vector-tile') as { VectorTile: new (pbf: unknown) => DecodedTile };
const Pbf = require('pbf') as new (buf: Uint8Array) => unknown;

/** The features of one layer of an encoded tile (empty when the layer is missing). */
export function decodeLayer(bytes: Uint8Array, layer: string): DecodedFeature[] {
  const l = new VectorTile(new Pbf(bytes)).layers[layer];
  return l ? Array.from({ length: l.length }, (_, i) => l.feature(i)) : [];
}

/**
 * Runs a write nobody announces in this process (raw SQL) and waits until the tiles' memory has heard of a change
 * (tile-access.ts): only the database's triggers (0031) tell it. PGlite delivers the notification with the commit;
 * PostgreSQL a moment later, on the listener's connection.
 */
export async function untilHeard<T>(database: Database, write: () => Promise<T>): Promise<T> {
  const access = tileAccessOf(database);
  const before = access.begin();
  const out = await write();
  for (let i = 0; i < 300 && access.begin() === before; i++) await new Promise((r) => setTimeout(r, 10));
  if (access.begin() === before) throw new Error('No tile-access notification was heard after the write.');
  return out;
}
