// Versions and writers against both backends: a second version copies the layers it does not replace, re-links
// breaks by native id, and only becomes CURRENT when promoted.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../../test/helpers/harness.ts';
import { withTenant } from '../../db/database.ts';
import { insertBreaks, insertPipes, insertValves } from './write-layers.ts';
import {
  createGroup,
  createVersion,
  currentDatasetOfGroup,
  linkValves,
  linkValvesInSteps,
  matchBreaks,
  matchBreaksInSteps,
  promoteVersion,
  refreshSummary,
  viewForExtent,
} from './versions.ts';

const line = (x: number, y: number) => ({
  type: 'LineString' as const,
  coordinates: [
    [x, y],
    [x + 0.001, y],
  ],
});
const pipe = (id: string, x: number) => ({
  native_pipe_id: id,
  geom: line(x, 37.5),
  length_m: null,
  diameter_mm: 150,
  install_year: 1960,
  material_type_code: 0,
});

forEachBackend('network versions', (h) => {
  it('writes a first version, then a second that replaces pipes and keeps breaks and valves', async () => {
    const { db } = h.database;
    const first = await withTenant(db, 1, async (tx) => {
      const groupId = await createGroup(tx, { clientId: 1, name: 'Mains', userId: null });
      const v = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
      const t = { clientId: 1, datasetId: v.datasetId };
      await insertPipes(tx, t, [pipe('A', -122.23), pipe('B', -122.22)]);
      await insertBreaks(tx, t, [
        { native_pipe_id: 'A', break_date: '2020-01-02', geom: null },
        {
          native_pipe_id: null,
          break_date: '2021-03-04',
          geom: { type: 'Point', coordinates: [-122.2195, 37.50002] },
        },
        { native_pipe_id: null, break_date: '2021-03-05', geom: { type: 'Point', coordinates: [-121, 37] } },
      ]);
      await insertValves(tx, t, [
        {
          native_valve_id: 'V1',
          native_pipe_id: null,
          install_year: 1990,
          valve_type: 'gate',
          diameter_mm: 150,
          normally_closed: false,
          operable: true,
          geom: { type: 'Point', coordinates: [-122.23, 37.5] },
        },
      ]);
      const matching = await matchBreaks(tx, v.datasetId, 10);
      await linkValves(tx, v.datasetId, 5);
      await refreshSummary(tx, v.datasetId);
      await promoteVersion(tx, v.snapshotId);
      return { groupId, ...v, matching };
    });
    expect(first.matching).toEqual({ by_id: 1, by_snap: 1, unmatched: 1 });
    const ds = (await db.execute(sql`SELECT * FROM datasets WHERE id = ${first.datasetId}`)).rows[0]!;
    expect(ds['layer_counts']).toMatchObject({ pipes: 2, breaks: 3, valves: 1 });
    expect(Number(ds['total_length_m'])).toBeGreaterThan(170);
    expect(Number(ds['total_length_m'])).toBeLessThan(180);
    expect((ds['center'] as number[])[0]).toBeCloseTo(-122.2245, 3);
    const a = (
      await db.execute(
        sql`SELECT break_count FROM pipes WHERE dataset_id = ${first.datasetId} AND native_pipe_id = 'A'`,
      )
    ).rows[0]!;
    expect(Number(a['break_count'])).toBe(1);

    const second = await withTenant(db, 1, async (tx) => {
      const v = await createVersion(tx, {
        clientId: 1,
        groupId: first.groupId,
        replaced: [{ table: 'pipes' }],
      });
      await insertPipes(tx, { clientId: 1, datasetId: v.datasetId }, [pipe('A', -122.23)]);
      // Not promoted yet: the first version still serves.
      expect(await currentDatasetOfGroup(tx, first.groupId)).toBe(first.datasetId);
      const m = await matchBreaks(tx, v.datasetId, 10);
      await promoteVersion(tx, v.snapshotId);
      return { ...v, m };
    });
    expect(second.version).toBe(2);
    expect(second.m).toEqual({ by_id: 1, by_snap: 0, unmatched: 2 });
    const types = await db.execute(
      sql`SELECT type FROM snapshots WHERE group_id = ${first.groupId} ORDER BY version`,
    );
    expect(types.rows.map((r) => r['type'])).toEqual(['ARCHIVE', 'CURRENT']);
    const valves = await db.execute(
      sql`SELECT count(*)::int AS n FROM valves WHERE dataset_id = ${second.datasetId}`,
    );
    expect(Number(valves.rows[0]!['n'])).toBe(1);
  });

  it('snaps breaks to pipes a range of 2,000 a step, each step its own transaction when asked', async () => {
    const { db } = h.database;
    const t = await withTenant(db, 1, async (tx) => {
      const groupId = await createGroup(tx, { clientId: 1, name: 'Many breaks', userId: null });
      const v = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
      const target = { clientId: 1, datasetId: v.datasetId };
      await insertPipes(tx, target, [pipe('A', -122.23), pipe('B', -122.22)]);
      // 4,500 breaks without a pipe id: every third on pipe B, the rest far away.
      const point = (i: number) => (i % 3 === 0 ? [-122.2195, 37.50002] : [-121, 37]);
      await insertBreaks(
        tx,
        target,
        Array.from({ length: 4500 }, (_, i) => ({
          native_pipe_id: null,
          break_date: '2021-03-04',
          geom: { type: 'Point' as const, coordinates: point(i) },
        })),
      );
      return target;
    });
    let steps = 0;
    const matching = await matchBreaksInSteps(
      (fn) => {
        steps += 1;
        return withTenant(db, 1, fn);
      },
      t.datasetId,
      10,
    );
    expect(matching).toEqual({ by_id: 0, by_snap: 1500, unmatched: 3000 });
    // Ids by name, three ranges of 2,000 to snap, then the counts.
    expect(steps).toBe(5);
  });

  it('links valves to pipes a range of 2,000 a step, each step its own transaction when asked', async () => {
    const { db } = h.database;
    const t = await withTenant(db, 1, async (tx) => {
      const groupId = await createGroup(tx, { clientId: 1, name: 'Many valves', userId: null });
      const v = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
      const target = { clientId: 1, datasetId: v.datasetId };
      await insertPipes(tx, target, [pipe('A', -122.23), pipe('B', -122.22)]);
      // 4,200 valves: ten linked by pipe id, every third of the rest beside pipe B, the others far away.
      const point = (i: number) => (i % 3 === 0 ? [-122.2195, 37.50002] : [-121, 37]);
      await insertValves(
        tx,
        target,
        Array.from({ length: 4200 }, (_, i) => ({
          native_valve_id: `V${i}`,
          native_pipe_id: i < 10 ? 'A' : null,
          install_year: null,
          valve_type: 'gate',
          diameter_mm: null,
          normally_closed: false,
          operable: true,
          geom: { type: 'Point' as const, coordinates: point(i) },
        })),
      );
      return target;
    });
    let steps = 0;
    const left = await linkValvesInSteps(
      (fn) => {
        steps += 1;
        return withTenant(db, 1, fn);
      },
      t.datasetId,
      10,
    );
    const linked = await withTenant(db, 1, (tx) =>
      tx.execute(sql`
        SELECT p.native_pipe_id AS pipe, count(*)::int AS n FROM valves v JOIN pipes p ON p.id = v.pipe_id
        WHERE v.dataset_id = ${t.datasetId} GROUP BY p.native_pipe_id ORDER BY 1`),
    );
    // Ten by id on A; of the other 4,190 a third (ids 12, 15, … 4,197) beside B.
    expect(linked.rows.map((r) => [r['pipe'], Number(r['n'])])).toEqual([
      ['A', 10],
      ['B', 1396],
    ]);
    expect(left).toBe(4200 - 10 - 1396);
    // Links by id, three ranges of 2,000 to snap, then the count left.
    expect(steps).toBe(5);
  });

  it('hides one client’s network from another', async () => {
    const seen = await withTenant(h.database.db, 2, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM pipes`),
    );
    expect(Number(seen.rows[0]!['n'])).toBe(0);
  });
});

it('fits the default view to the data', () => {
  const v = viewForExtent([-122.3, 37.45, -122.2, 37.53]);
  expect(v.center[0]).toBeCloseTo(-122.25, 5);
  expect(v.zoom).toBeGreaterThan(12);
  expect(v.zoom).toBeLessThan(14);
});

forEachBackend('network versions of an empty group', (h) => {
  it('fills the empty PENDING version a new group waits with, instead of adding version 2', async () => {
    const r = await withTenant(h.database.db, 1, async (tx) => {
      const groupId = await createGroup(tx, { clientId: 1, name: 'Empty', userId: null });
      const empty = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
      const first = await createVersion(tx, { clientId: 1, groupId, replaced: [{ table: 'pipes' }] });
      return { empty, first };
    });
    expect(r.empty.reused).toBe(false);
    expect(r.first).toEqual({ ...r.empty, reused: true });
    expect(r.first.version).toBe(1);
  });
});
