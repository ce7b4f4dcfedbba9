// Issue 18: validation counts the breaks or valves near the network a batch of 2,000 points a transaction, so on
// the embedded database other requests are answered between batches (one transaction of 50,000 breaks held
// /api/health 3.7 s).
import { sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import { expect, it } from 'vitest';
import { type TenantStep, tenantSteps } from '../src/db/database.ts';
import { countNearPipes } from '../src/modules/imports/network-context.ts';
import { demoDataset, q } from './helpers/analysis-runs.ts';
import { forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'imports: points near the network',
  (h) => {
    it('counts in short transactions, a batch of 2,000 points each, and finds the points on pipes', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      // Points on the town's pipes (their first vertex) and as many far away.
      const starts = await q(
        h,
        sql`SELECT ST_AsGeoJSON(ST_StartPoint(ST_GeometryN(geom, 1)))::text AS g FROM pipes
          WHERE dataset_id = ${datasetId} AND geom IS NOT NULL ORDER BY id LIMIT 50`,
      );
      const onPipes = starts.map((r) => JSON.parse(String(r['g'])) as Geometry);
      const far: Geometry = { type: 'Point', coordinates: [10, 10] };
      const points = [...onPipes, ...Array.from({ length: 4100 - onPipes.length }, () => far)];
      const steps = tenantSteps(h.database, clientId);
      let transactions = 0;
      const counted: TenantStep = (fn) => {
        transactions += 1;
        return steps(fn);
      };
      expect(await countNearPipes(counted, datasetId, points, 1)).toBe(onPipes.length);
      // One to ask whether any pipe is drawn, then one per batch: 4,100 points are three batches.
      expect(transactions).toBe(4);
    });
  },
  { demoCityPipes: 100 },
);
