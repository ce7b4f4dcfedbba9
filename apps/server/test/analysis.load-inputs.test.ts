// The analysis reads pipes a page at a time (issue 18: one 30k-pipe statement held the embedded database's only
// thread 2.9 s); paged or not, it reads the same pipes in the same order with the same population shares.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withSystem, withTenant } from '../src/db/database.ts';
import { loadDatasetInputs, type Reader } from '../src/modules/analysis/load-inputs.ts';
import { createGroup, createVersion } from '../src/modules/network/versions.ts';
import { demoDataset, q } from './helpers/analysis-runs.ts';
import { forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'analysis: the inputs read a page at a time',
  (h) => {
    it('reads what one statement reads, in id order', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const statements: number[] = [];
      const reader = (pageRows: number): Reader => ({
        pageRows,
        execute: (query) =>
          withTenant(h.database.db, clientId, (tx) => {
            statements.push(pageRows);
            return tx.execute(query);
          }),
      });
      const whole = await loadDatasetInputs(reader(1_000_000), datasetId, 7);
      const wholeStatements = statements.length;
      const paged = await loadDatasetInputs(reader(7), datasetId, 7);
      // 400 pipes in pages of 7: 58 page statements instead of one.
      expect(statements.length - wholeStatements - wholeStatements).toBe(57);
      // The same inputs, but for the clock each load reads (nowMs: the as-of of a prior LOF).
      expect({ ...paged, nowMs: 0 }).toEqual({ ...whole, nowMs: 0 });
      expect(paged.nowMs).toBeGreaterThanOrEqual(whole.nowMs!);

      const ids = await q(h, sql`SELECT id FROM pipes WHERE dataset_id = ${datasetId} ORDER BY id`);
      expect(paged.pipes.map((p) => p.id)).toEqual(ids.map((r) => String(r['id'])));
      // The shares split each region's people among its pipes: the demo town's regions are all served.
      const year = Object.keys(paged.pipes.find((p) => p.population)!.population!)[0]!;
      const people = paged.pipes.reduce((sum, p) => sum + (p.population?.[year] ?? 0), 0);
      const [regions] = await q(
        h,
        sql`SELECT sum((population->>${year})::float8) AS total FROM population_regions r
            WHERE r.dataset_id = ${datasetId} AND EXISTS (
              SELECT 1 FROM pipes p WHERE p.dataset_id = r.dataset_id AND ST_Intersects(r.geom, p.point))`,
      );
      expect(Number(regions!['total'])).toBeGreaterThan(0);
      expect(people).toBeCloseTo(Number(regions!['total']), 3);
      expect(paged.pipes.filter((p) => p.rateOfChange !== null).length).toBeGreaterThan(0);
    });

    it('places pipes in areas and regions after a big network changed the statistics of their points', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const reader: Reader = {
        execute: (query) => withTenant(h.database.db, clientId, (tx) => tx.execute(query)),
      };
      const before = await loadDatasetInputs(reader, datasetId, 7);
      expect(before.areas.length).toBeGreaterThan(0);
      // 30,000 mains 100 m apart over the town, as a utility's import of a second network: on the embedded database
      // PostGIS then estimated a point-in-polygon join at a selectivity of about 2e8 and the query failed.
      await withSystem(h.database.db, async (tx) => {
        const groupId = await createGroup(tx, { clientId, name: 'Big', userId: null });
        const big = await createVersion(tx, { clientId, groupId, replaced: [] });
        await tx.execute(sql`
          INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m)
          SELECT ${clientId}, ${big.datasetId}, 'B' || i,
            ST_Multi(ST_MakeLine(ST_MakePoint(-85.7 + (i % 200) * 0.002, 38.2 + (i / 200) * 0.002),
              ST_MakePoint(-85.7 + (i % 200) * 0.002 + 0.001, 38.2 + (i / 200) * 0.002)))::geometry(MultiLineString, 4326),
            90
          FROM generate_series(0, 29999) i`);
        for (const table of ['pipes', 'areas', 'population_regions'])
          await tx.execute(sql.raw(`ANALYZE ${table}`));
      });
      const after = await loadDatasetInputs(reader, datasetId, 7);
      expect(after.areas).toEqual(before.areas);
      expect(after.pipes.map((p) => p.population)).toEqual(before.pipes.map((p) => p.population));
    }, 120_000);
  },
  { demoCityPipes: 400 },
);
