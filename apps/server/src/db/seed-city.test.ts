// The demo town on both backends: every layer written, breaks and valves linked, the same town every time.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/helpers/harness.ts';
import { withTenant, type Db } from './database.ts';
import { DEMO_CITY_GROUP, seedDemoCity } from './seed-city.ts';

const PIPES = 600;
const LAYERS = [
  'pipes',
  'breaks',
  'valves',
  'population',
  'hydrant',
  'reservoir',
  'purification_plant',
  'drain',
  'critical_facility',
  'supply_area',
  'district',
  'mesh',
];

const one = async (db: Db, query: ReturnType<typeof sql>) =>
  (await withTenant(db, 1, (tx) => tx.execute(query))).rows[0]!;

async function snapshotOf(db: Db, datasetId: number) {
  const ds = await one(db, sql`SELECT * FROM datasets WHERE id = ${datasetId}`);
  const pipe = await one(
    db,
    sql`SELECT native_pipe_id, ST_AsText(geom) AS wkt, length_m, install_year
        FROM pipes WHERE dataset_id = ${datasetId} ORDER BY native_pipe_id LIMIT 1`,
  );
  return { counts: ds['layer_counts'], center: ds['center'], pipe };
}

forEachBackend('demo town seed', (h) => {
  it('writes every layer of a small town for client 1, linked and promoted, once', async () => {
    const { db } = h.database;
    const first = await seedDemoCity(db, { pipes: PIPES });
    expect(first.seeded).toBe(true);
    expect(Math.abs(first.pipes - PIPES) / PIPES).toBeLessThanOrEqual(0.05);
    const datasetId = first.datasetId!;

    const ds = await one(db, sql`SELECT * FROM datasets WHERE id = ${datasetId}`);
    const counts = ds['layer_counts'] as Record<string, number>;
    for (const layer of LAYERS) expect(counts[layer], layer).toBeGreaterThan(0);
    expect(counts['pipes']).toBe(first.pipes);
    expect(ds).toMatchObject({ synthetic: true, model_type: 'EPANET', status: 5 }); // WAITING: analysis queued
    expect(ds['metadata']).toMatchObject({ synthetic: true, seed: expect.any(Number) });
    expect(String(ds['name'])).toMatch(/synthetic/);
    const [lng, lat] = ds['center'] as [number, number];
    expect(Math.abs(lat - 37.49)).toBeLessThan(0.05);
    expect(Math.abs(lng + 122.23)).toBeLessThan(0.05);

    const links = await one(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM breaks WHERE dataset_id = ${datasetId} AND matched_by = 'id') AS by_id,
        (SELECT count(*)::int FROM breaks WHERE dataset_id = ${datasetId} AND pipe_id IS NULL) AS unmatched,
        (SELECT count(*)::int FROM breaks WHERE dataset_id = ${datasetId} AND geom IS NULL) AS no_point,
        (SELECT count(*)::int FROM breaks b JOIN pipes p ON p.id = b.pipe_id
          WHERE b.dataset_id = ${datasetId} AND NOT ST_DWithin(b.geom::geography, p.geom::geography, 1))
          AS off_pipe,
        (SELECT count(*)::int FROM valves WHERE dataset_id = ${datasetId} AND pipe_id IS NULL) AS loose_valves,
        (SELECT sum(break_count)::int FROM pipes WHERE dataset_id = ${datasetId}) AS pipe_breaks,
        (SELECT count(*)::int FROM epanet_models WHERE dataset_id = ${datasetId}) AS models,
        (SELECT type FROM snapshots s JOIN snapshot_groups g ON g.id = s.group_id
          WHERE g.name = ${DEMO_CITY_GROUP}) AS snapshot_type`,
    );
    expect(links).toMatchObject({
      by_id: counts['breaks'],
      unmatched: 0,
      no_point: 0,
      off_pipe: 0,
      loose_valves: 0,
      pipe_breaks: counts['breaks'],
      models: 1,
      snapshot_type: 'CURRENT',
    });

    // A second start finds the group and writes nothing.
    expect((await seedDemoCity(db, { pipes: PIPES })).seeded).toBe(false);
  });

  it('is deterministic: the town written again is the same', async () => {
    const { db } = h.database;
    const datasetOf = async () => Number((await one(db, sql`SELECT max(id) AS id FROM datasets`))['id']);
    const before = await snapshotOf(db, await datasetOf());
    await withTenant(db, 1, (tx) => tx.execute(sql`DELETE FROM snapshot_groups`));
    expect((await seedDemoCity(db, { pipes: PIPES })).seeded).toBe(true);
    const after = await snapshotOf(db, await datasetOf());
    expect(after).toEqual(before);
  });

  it('leaves other clients without a town', async () => {
    const seen = await withTenant(h.database.db, 2, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM snapshot_groups`),
    );
    expect(Number(seen.rows[0]!['n'])).toBe(0);
  });
});
