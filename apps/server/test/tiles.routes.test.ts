// Vector tiles on both backends: the features of a tile decode back to where the pipes are, tenants stay apart,
// and the cache header follows the revision.
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTenant } from '../src/db/database.ts';
import { insertPipes, insertValves } from '../src/modules/network/write-layers.ts';
import {
  createGroup,
  createVersion,
  promoteVersion,
  refreshSummary,
} from '../src/modules/network/versions.ts';
import { ADMIN, JP_ADMIN, forEachBackend } from './helpers/harness.ts';

interface DecodedFeature {
  properties: Record<string, unknown>;
  toGeoJSON(x: number, y: number, z: number): { geometry: { type: string; coordinates: number[][] } };
}
interface DecodedTile {
  layers: Record<string, { length: number; feature(i: number): DecodedFeature }>;
}
const require = createRequire(import.meta.url);
const { VectorTile } = require('@mapbox/vector-tile') as { VectorTile: new (pbf: unknown) => DecodedTile };
const Pbf = require('pbf') as new (buf: Uint8Array) => unknown;

/** Slippy-map tile of a lon/lat at zoom z. */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { x, y };
}

const A: [number, number] = [-122.2301, 37.4902];
const B: [number, number] = [-122.2285, 37.4911];

forEachBackend('tiles', (h) => {
  let datasetId = 0;
  const url = (layer: string, z: number, rev = 1, at = A) => {
    const { x, y } = tileOf(at[0], at[1], z);
    return `/api/tiles/${datasetId}/${rev}/${layer}/${z}/${x}/${y}.mvt`;
  };

  it('serves the pipes of a tile in tile coordinates that decode back to their place', async () => {
    datasetId = await withTenant(h.database.db, 1, async (tx) => {
      const groupId = await createGroup(tx, { clientId: 1, name: 'Tiles', userId: null });
      const v = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
      const t = { clientId: 1, datasetId: v.datasetId };
      await insertPipes(tx, t, [
        {
          native_pipe_id: 'P-1',
          geom: { type: 'LineString', coordinates: [A, B] },
          length_m: null,
          diameter_mm: 200,
          install_year: 1955,
          material_type_code: 0,
        },
      ]);
      await insertValves(tx, t, [
        {
          native_valve_id: 'V-1',
          native_pipe_id: 'P-1',
          install_year: null,
          valve_type: 'gate',
          diameter_mm: 200,
          normally_closed: false,
          operable: true,
          geom: { type: 'Point', coordinates: A },
        },
      ]);
      await refreshSummary(tx, v.datasetId);
      await promoteVersion(tx, v.snapshotId);
      return v.datasetId;
    });
    const token = await h.token(ADMIN);
    const z = 15;
    const res = await h.request({ url: url('pipes', z), token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['cache-control']).toContain('immutable');
    const tile = new VectorTile(new Pbf(res.rawPayload));
    const layer = tile.layers['pipes']!;
    expect(layer.length).toBe(1);
    const f = layer.feature(0);
    expect(f.properties).toMatchObject({ native_pipe_id: 'P-1', diameter: 200, install_year: 1955 });
    const { x, y } = tileOf(A[0], A[1], z);
    const coords = f.toGeoJSON(x, y, z).geometry.coordinates;
    expect(coords[0]![0]).toBeCloseTo(A[0], 4);
    expect(coords[0]![1]).toBeCloseTo(A[1], 4);
    expect(coords.at(-1)![0]).toBeCloseTo(B[0], 4);
  });

  it('answers 204 for an empty tile or a layer below its zoom, 404 for unknown layers and zooms', async () => {
    const token = await h.token(ADMIN);
    expect((await h.request({ url: url('pipes', 12, 1, [10, 10]), token })).statusCode).toBe(204);
    expect((await h.request({ url: url('valves', 10), token })).statusCode).toBe(204);
    expect((await h.request({ url: url('valves', 14), token })).statusCode).toBe(200);
    expect((await h.request({ url: url('secrets', 14), token })).statusCode).toBe(404);
    expect((await h.request({ url: url('pipes', 18), token })).statusCode).toBe(404);
  });

  it('does not cache a stale revision, and gzips when asked', async () => {
    const token = await h.token(ADMIN);
    await h.database.db.execute(sql`UPDATE datasets SET tile_revision = 2 WHERE id = ${datasetId}`);
    const stale = await h.request({ url: url('pipes', 15, 1), token });
    expect(stale.headers['cache-control']).toContain('no-store');
    const zipped = await h.request({
      url: url('pipes', 15, 2),
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });

  it('hides another client’s dataset and needs a token', async () => {
    const jp = await h.token(JP_ADMIN);
    expect((await h.request({ url: url('pipes', 15), token: jp })).statusCode).toBe(404);
    expect((await h.request({ url: url('pipes', 15) })).statusCode).toBe(401);
  });
});
