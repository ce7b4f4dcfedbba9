// Issue 38: the details API says how each COF amount was computed (cof.basis, docs/api-assets.md), and in valve mode
// a pipe valved at both ends (a segment of its own) counts its own people without water, not $0.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assetSchema } from '@pipewise/domain';
import { defaultCofScenario, switchCalculation } from '@pipewise/engine';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { demoDataset, q, queued } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'the basis of a pipe’s COF in the details',
  (h) => {
    it('serves the segment, customers, hours and rates each amount multiplies, valve mode counting the pipe’s own people', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const base = defaultCofScenario('US');
      const scenario = {
        ...base,
        name: 'Valve test',
        costMaster: switchCalculation(base.costMaster, 'valve'),
      };
      await q(
        h,
        sql`INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario)
            SELECT d.client_id, s.group_id, 'Valve test', true, 'US', ${JSON.stringify(scenario)}::jsonb
            FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id WHERE d.id = ${datasetId}`,
      );
      const job = await queued(h, datasetId, clientId);
      expect(await runAnalysis(h.database, job, { worker: 'test-basis' })).toBe(true);
      // A pipe with people that is a segment of its own: its valves close it alone.
      const [alone] = await q(
        h,
        sql`SELECT r.pipe_id FROM pipe_results r
            JOIN vis_segments v ON v.analysis_id = r.analysis_id AND v.segment_id = r.segment_id AND v.pipes = 1
            WHERE r.analysis_id = ${job.analysisId} AND r.cof_total > 0
              AND EXISTS (SELECT 1 FROM jsonb_each_text(r.population) e WHERE e.value::float8 > 0)
            ORDER BY r.pipe_id LIMIT 1`,
      );
      expect(alone).toBeDefined();
      const res = await h.request({
        url: `/api/datasets/${datasetId}/assets/${alone!['pipe_id']}`,
        token: await h.token(ADMIN),
      });
      expect(res.statusCode, res.body).toBe(200);
      const asset = assetSchema.parse(res.json());
      const cof = asset.cof!;
      const b = cof.basis!;
      expect(b).toMatchObject({ calculation: 'valve', segment_id: asset.segment_id, segment_pipes: 1 });
      expect(b.customers).toBeGreaterThan(0);
      expect(b.segment_customers).toBeGreaterThan(0);
      expect(b.customers).toBeGreaterThanOrEqual(b.segment_customers!);
      const near = (a: number | null, e: number) => expect(a).toBeCloseTo(e, 3);
      near(cof.no_water, b.customers * b.outage_hours * b.customer_hour_rate);
      near(cof.no_water, b.customers * b.outage_hours * 2);
      near(
        (b.intense_repair ? cof.intense_repair : cof.standard_repair) ?? 0,
        asset.length * b.repair_rate_per_m,
      );
      near(cof.traffic_disruption, b.traffic_rate_per_hour * b.outage_hours);
      near(cof.critical_facilities, b.facility_weight * b.outage_hours * b.facility_hour_rate);
      near(cof.property_damage, b.property_damage_rate * b.pressure_factor);
      near(cof.environment, b.environment_rate * b.pressure_factor * b.near_water_factor);

      // An edit re-scores the pipe in place: its outage's basis stays the stored one (no valve moved).
      const edited = await h.request({
        method: 'PATCH',
        url: `/api/datasets/${datasetId}/assets/${alone!['pipe_id']}`,
        token: await h.token(ADMIN),
        body: { install_year: 1931 },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().edit.analysis).toBe('rescored');
      const after = assetSchema.parse(
        (
          await h.request({
            url: `/api/datasets/${datasetId}/assets/${alone!['pipe_id']}`,
            token: await h.token(ADMIN),
          })
        ).json(),
      ).cof!.basis!;
      expect(after).toMatchObject({
        segment_id: b.segment_id,
        segment_pipes: 1,
        customers: b.customers,
        segment_customers: b.segment_customers,
      });
    }, 240_000);
  },
  { demoCityPipes: 400 },
);
