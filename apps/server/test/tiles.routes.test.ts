// Vector tiles on both backends: the features of a tile decode back to where the pipes are, tenants stay apart,
// the cache header follows the revision, and once an analysis is served the layers carry its results.
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/database.ts';
import { insertPipes, insertValves } from '../src/modules/network/write-layers.ts';
import { TileCache, tileCacheOf } from '../src/modules/tiles/tile-cache.ts';
import {
  createGroup,
  createVersion,
  promoteVersion,
  refreshSummary,
} from '../src/modules/network/versions.ts';
import { LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { ADMIN, JP_ADMIN, forEachBackend } from './helpers/harness.ts';
import {
  buildTileFixture,
  decodeLayer,
  tileOf,
  untilHeard,
  type TileFixture,
} from './helpers/tile-fixture.ts';

const A: [number, number] = [-122.2301, 37.4902];
const B: [number, number] = [-122.2285, 37.4911];

forEachBackend('tiles', (h) => {
  let datasetId = 0;
  // A new revision by raw SQL: the database's trigger tells the tiles' in-memory access (tile-access.ts, 0031).
  const setRevision = (rev: number) =>
    untilHeard(h.database, () =>
      h.database.db.execute(sql`UPDATE datasets SET tile_revision = ${rev} WHERE id = ${datasetId}`),
    );
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
    const layer = decodeLayer(res.rawPayload, 'pipes');
    expect(layer.length).toBe(1);
    const f = layer[0]!;
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
    await setRevision(2);
    const stale = await h.request({ url: url('pipes', 15, 1), token });
    expect(stale.headers['cache-control']).toContain('no-store');
    const zipped = await h.request({
      url: url('pipes', 15, 2),
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    // A resource's security headers, not a page's (plugins/security-headers.ts).
    expect(zipped.headers['x-content-type-options']).toBe('nosniff');
    expect(zipped.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(zipped.headers['content-security-policy']).toBeUndefined();
    // The same features either way: the cache keeps the gzipped tile, a client without gzip gets it unzipped.
    const plain = await h.request({ url: url('pipes', 15, 2), token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload)).toEqual(plain.rawPayload);
    expect(decodeLayer(plain.rawPayload, 'pipes').length).toBeGreaterThan(0);
  });

  it('answers a stale revision with the current tile from the cache, not encoded again', async () => {
    const token = await h.token(ADMIN);
    await setRevision(5);
    const cache = tileCacheOf(h.database);
    const lookups: (Uint8Array | null | undefined)[] = [];
    const get = vi.spyOn(cache, 'get').mockImplementation(function (this: TileCache, key: string) {
      const hit = TileCache.prototype.get.call(this, key);
      lookups.push(hit);
      return hit;
    });
    try {
      const current = await h.request({ url: url('pipes', 15, 5), token });
      expect(current.statusCode, current.body).toBe(200);
      expect(current.headers['cache-control']).toContain('immutable');
      // An open map still on revision 4 after a swap: today's tile, not to be kept, and found in the cache.
      const stale = await h.request({ url: url('pipes', 15, 4), token });
      expect(stale.headers['cache-control']).toContain('no-store');
      expect(stale.rawPayload).toEqual(current.rawPayload);
      expect(lookups).toHaveLength(2);
      expect(lookups[0]).toBeUndefined();
      expect(lookups[1]).toBeInstanceOf(Uint8Array);
    } finally {
      get.mockRestore();
      await setRevision(2);
    }
  });

  it('hides another client’s dataset and needs a token', async () => {
    const jp = await h.token(JP_ADMIN);
    expect((await h.request({ url: url('pipes', 15), token: jp })).statusCode).toBe(404);
    expect((await h.request({ url: url('pipes', 15) })).statusCode).toBe(401);
  });

  describe('with an analysis served', () => {
    let fx: TileFixture;
    const z = 13; // the whole fixture in one tile
    const tileUrl = async (layer: string, at = fx.bbox) => {
      const { x, y } = tileOf((at[0] + at[2]) / 2, (at[1] + at[3]) / 2, z);
      const rev = await h.database.db.execute(
        sql`SELECT tile_revision FROM datasets WHERE id = ${fx.datasetId}`,
      );
      return `/api/tiles/${fx.datasetId}/${Number(rev.rows[0]!['tile_revision'])}/${layer}/${z}/${x}/${y}.mvt`;
    };
    const features = async (layer: string) => {
      const res = await h.request({ url: await tileUrl(layer), token: await h.token(ADMIN) });
      expect(res.statusCode).toBe(200);
      return decodeLayer(res.rawPayload, layer);
    };
    const byNative = (fs: ReturnType<typeof decodeLayer>, key = 'native_pipe_id') =>
      new Map(fs.map((f) => [String(f.properties[key]), f.properties]));

    it('carries flat results, overrides and statuses on the pipes', async () => {
      fx = await buildTileFixture(h.database.db, 1);
      const pipes = byNative(await features('pipes'));
      expect(pipes.size).toBe(60);
      const first = pipes.get('H-0-0')!;
      expect(first).toMatchObject({
        lof_12: expect.any(Number),
        rank_12: 0.12,
        cof: 1,
        bre: 3,
        segment_id: 0,
      });
      expect(first).toMatchObject({ pop_2030: 0, roc_2040: -1.25, roc_2050: 2.5, risk_driver_0: 1 });
      // 'highest' view: expected breaks by horizon, 3 decimals; a horizon missing from lof_absolute is left out.
      expect(first).toMatchObject({ lofa_12: 0, lofa_60: 2.346 });
      expect(pipes.get('V-1-0')).toMatchObject({
        lofa_12: 0.033,
        lofa_24: 0.066,
        lofa_36: 0.099,
        lofa_60: 2.346,
      });
      expect(pipes.get('V-2-0')).not.toHaveProperty('lofa_60');
      expect(Object.keys(first)).not.toContain('population');
      const some = pipes.get('V-1-0')!; // i = 3
      expect(some).toMatchObject({
        lof_60: 0.1101,
        lof_12: 0.0221,
        rank_60: 333,
        pop_2030: 30.37,
        rul: 13.4,
      });
      // i = 2: no population for 2050; i = 4: no COF nor BRE.
      expect(pipes.get('H-1-0')).not.toHaveProperty('pop_2050');
      expect(pipes.get('H-2-0')).not.toHaveProperty('cof');
      expect(pipes.get('H-2-0')).not.toHaveProperty('bre_total');
      // The override wins over the analysis' value and says so; the other attribute keeps its status.
      expect(pipes.get('H-1-0')).toMatchObject({
        install_year: 1999,
        install_year_status: 2,
        diameter: 333,
        diameter_status: 2,
        material_status: 0,
        status: 2,
      });
      // i = 0: imputed diameter, install year and material (1) from the analysis.
      expect(first).toMatchObject({ diameter: 100, diameter_status: 1, install_year: 1930, status: 1 });
      // The pipe the analysis did not see: provided values only, no results.
      const last = pipes.get('H-4-5')!;
      expect(last).toMatchObject({ install_year_status: 0, length: expect.any(Number) });
      expect(last).not.toHaveProperty('lof_12');
    });

    it('serves the valve isolation segments and area results', async () => {
      const vis = await features('vis');
      expect(vis.length).toBe(10);
      expect(vis[0]!.type).toBe(2);
      expect(vis[0]!.properties).toMatchObject({
        segment_id: expect.any(Number),
        pipes: expect.any(Number),
        valves: 2,
        lof_12: expect.any(Number),
        lof_60: expect.any(Number),
      });
      const mesh = byNative(await features('mesh'), 'native_id');
      // What tells areas apart (issue 15): 0.3 expected breaks a year over 300 m is 1 per km, 60 m at high risk.
      expect(mesh.get('M-0-0')).toMatchObject({
        lof_12: 0.0246,
        risk_driver_0: 2,
        expected_breaks: 0.3,
        break_rate: 1,
        top_risk_share: 0.2,
        length: 300,
        pipes: 3,
      });
      expect(mesh.get('M-4-4')).not.toHaveProperty('lof_12');
      expect(mesh.get('M-4-4')).not.toHaveProperty('break_rate');
      expect(byNative(await features('district'), 'native_id').get('D-1')).toMatchObject({
        lof_12: 0.0123,
        risk_driver_0: 1,
        expected_breaks: 0.15,
        break_rate: 0.5,
        top_risk_share: 0.1,
      });
      const pop = byNative(await features('population'), 'native_id');
      expect(pop.get('POP-1')).toEqual({
        native_id: 'POP-1',
        pop_2030: 1234.57,
        pop_2040: 1300,
        roc_2030: 0,
        roc_2040: 0.54,
      });
    });

    it('lists the properties with values, and says when results are still coming', async () => {
      const token = await h.token(ADMIN);
      const res = await h.request({ url: `/api/datasets/${fx.datasetId}/tile-properties`, token });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ ready: boolean; valid_feature_props: string[]; tile_revision: number }>();
      expect(body.ready).toBe(true);
      expect(body.valid_feature_props).toEqual(
        expect.arrayContaining([
          'lof_12',
          'lofa_12',
          'lofa_60',
          'rank_60',
          'cof',
          'bre',
          'pop_2030',
          'pop_2050',
          'roc_2030',
          'status',
          'rul',
          // The area layers' own: the breakRate view is offered by it.
          'break_rate',
          'top_risk_share',
        ]),
      );
      // Per area layer, the quantiles of its areas' break rates: D-1 alone at 0.5; the mesh cells 1.0 … 4.5.
      const rates = res.json<{ break_rate_quantiles: { layer: string; quantiles: number[] }[] }>()
        .break_rate_quantiles;
      expect(rates.map((r) => r.layer)).toEqual(['district', 'mesh']);
      expect(rates[0]!.quantiles).toEqual(Array(17).fill(expect.closeTo(0.5, 9)));
      const mesh = rates[1]!.quantiles;
      expect(mesh).toHaveLength(17);
      expect(mesh[0]).toBeCloseTo(1, 9);
      expect(mesh[16]).toBeCloseTo(4.5, 9);
      mesh.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(mesh[i]!));
      // The dataset of the first test has pipes and no analysis: nothing pending, only the provided columns.
      const plain = await h.request({ url: `/api/datasets/${datasetId}/tile-properties`, token });
      expect(plain.json()).toMatchObject({
        ready: true,
        tile_revision: 2,
        population_quantiles: {},
        break_rate_quantiles: [],
      });
      expect(plain.json<{ valid_feature_props: string[] }>().valid_feature_props).toEqual(
        [
          'break_count',
          'diameter',
          'diameter_status',
          'install_year',
          'install_year_status',
          'length',
          'material_status',
          'material_type_code',
          'native_pipe_id',
          'status',
          'abandoned',
        ].sort(),
      );
      await h.database.db.execute(sql`
        INSERT INTO analyses (client_id, dataset_id, stage, reason, seed) VALUES (1, ${datasetId}, 'lof', 'import', 1)`);
      const pending = await h.request({ url: `/api/datasets/${datasetId}/tile-properties`, token });
      expect(pending.json()).toEqual({
        ready: false,
        valid_feature_props: [],
        tile_revision: 2,
        population_quantiles: {},
        break_rate_quantiles: [],
      });
    });

    it('does not list the rank of a run that scored no pipe (no break history: every rank is the unscored 333)', async () => {
      const revision = () =>
        h.database.db.execute(
          sql`UPDATE datasets SET tile_revision = tile_revision + 1 WHERE id = ${fx.datasetId}`,
        );
      const props = async () =>
        (
          await h.request({
            url: `/api/datasets/${fx.datasetId}/tile-properties`,
            token: await h.token(ADMIN),
          })
        ).json<{ valid_feature_props: string[] }>().valid_feature_props;
      const saved = await h.database.db.execute(
        sql`SELECT pipe_id, rank_12, lof_12 FROM pipe_results WHERE analysis_id = ${fx.analysisId}`,
      );
      await h.database.db.execute(sql`
        UPDATE pipe_results SET rank_12 = ${LOF_RANK_OUT_OF_RANGE}, lof_12 = NULL WHERE analysis_id = ${fx.analysisId}`);
      await revision();
      try {
        const listed = await props();
        expect(listed).not.toContain('rank_12');
        expect(listed).toContain('rank_24');
      } finally {
        for (const row of saved.rows)
          await h.database.db.execute(
            sql`UPDATE pipe_results SET rank_12 = ${row['rank_12']}, lof_12 = ${row['lof_12']} WHERE pipe_id = ${row['pipe_id']} AND analysis_id = ${fx.analysisId}`,
          );
        await revision();
      }
    });

    it('gives the population quantiles per year, ascending within the population of the live pipes', async () => {
      // An abandoned pipe serving a crowd must not count; a new revision so the cached answer is not reused.
      const abandoned = await h.database.db.execute(sql`
        UPDATE pipes SET abandoned = true WHERE dataset_id = ${fx.datasetId} AND native_pipe_id = 'H-2-2'
        RETURNING id`);
      const updated = await h.database.db.execute(sql`
        UPDATE pipe_results SET population = '{"2030": 1e6, "2040": 1e6, "2050": 1e6}'
        WHERE pipe_id = ${Number(abandoned.rows[0]!['id'])} RETURNING pipe_id`);
      expect(updated.rows).toHaveLength(1);
      await h.database.db.execute(
        sql`UPDATE datasets SET tile_revision = tile_revision + 1 WHERE id = ${fx.datasetId}`,
      );
      const res = await h.request({
        url: `/api/datasets/${fx.datasetId}/tile-properties`,
        token: await h.token(ADMIN),
      });
      const quantiles = res.json<{ population_quantiles: Record<string, number[]> }>().population_quantiles;
      expect(Object.keys(quantiles).sort()).toEqual(['2030', '2040', '2050']);
      const range = await h.database.db.execute(sql`
        SELECT e.key AS year, min(e.value::float8) AS min, max(e.value::float8) AS max
        FROM pipe_results r JOIN pipes p ON p.id = r.pipe_id
        CROSS JOIN LATERAL jsonb_each_text(r.population) e
        WHERE p.dataset_id = ${fx.datasetId} AND NOT p.abandoned AND e.value IS NOT NULL
        GROUP BY e.key`);
      expect(range.rows).toHaveLength(3);
      for (const row of range.rows) {
        const q = quantiles[String(row['year'])]!;
        expect(q).toHaveLength(17);
        q.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(q[i]!));
        // 0/16 and 16/16 are the smallest and largest population of a live pipe.
        expect(q[0]).toBeCloseTo(Number(row['min']), 6);
        expect(q[16]).toBeCloseTo(Number(row['max']), 6);
        expect(q[8]).toBeGreaterThan(q[0]!);
        expect(q[16]).toBeLessThan(1e6);
      }
    });

    it('hides another client’s dataset from tile-properties', async () => {
      const url = `/api/datasets/${fx.datasetId}/tile-properties`;
      expect((await h.request({ url, token: await h.token(JP_ADMIN) })).statusCode).toBe(404);
      expect((await h.request({ url })).statusCode).toBe(401);
      expect(
        (await h.request({ url: await tileUrl('vis'), token: await h.token(JP_ADMIN) })).statusCode,
      ).toBe(404);
    });
  });
});
