// The analysis job end to end on a small demo town: every stage stores its results, the dataset swaps to the
// new run at the end, a run resumes after its worker "dies" between stages, a live lease is respected, a newer
// request supersedes an older run, and a final failure cancels a dataset without results. What the analysis makes
// of odd networks and chosen risk factors: analysis.networks.test.ts.
import { DATASET_STATUS, REPORT_CATEGORIES, type DatasetStatusEntry } from '@pipewise/domain';
import { defaultCofScenario, switchCalculation } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { recordFailure } from '../src/modules/analysis/record-failure.ts';
import { demoDataset, latestRun, q, queued } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'analysis job',
  (h) => {
    describe('the seeded demo town', () => {
      it('was queued by the seed and shows WAITING until a worker runs it', async () => {
        const { datasetId } = await demoDataset(h);
        const run = await latestRun(h, datasetId);
        expect(run).toMatchObject({ stage: 'queued', reason: 'seed' });
        const [d] = await q(h, sql`SELECT status FROM datasets WHERE id = ${datasetId}`);
        expect(Number(d!['status'])).toBe(DATASET_STATUS.WAITING);
      });

      it('runs every stage, stores every result and swaps the dataset to it', async () => {
        const { datasetId, clientId, revision } = await demoDataset(h);
        const run = await latestRun(h, datasetId);
        const job = { analysisId: Number(run['id']), clientId, datasetId };
        expect(await runAnalysis(h.database, job, { worker: 'test-a' })).toBe(true);

        const [d] = await q(h, sql`SELECT * FROM datasets WHERE id = ${datasetId}`);
        expect(d).toMatchObject({
          status: DATASET_STATUS.COMPLETE,
          refresh_status: 'NONE',
          ra_complete: true,
        });
        expect(Number(d!['analysis_id'])).toBe(job.analysisId);
        expect(Number(d!['tile_revision'])).toBe(revision + 1);

        const done = await latestRun(h, datasetId);
        expect(done['stage']).toBe('complete');
        expect(Number(done['progress'])).toBe(100);
        expect(Object.keys(done['timings'] as object).sort()).toEqual(['cof', 'lof', 'preprocess', 'tiling']);
        // The card's backtest, trained in its own thread beside the model: the peer protocol at one calendar cutoff,
        // one and three years held out, against the raw rankings.
        const backtests = (
          done['lof_card'] as {
            backtests: { protocol: string; horizonYears: number; cutoff: string; rankings: object }[];
          }
        ).backtests;
        expect(backtests.map((b) => [b.protocol, b.horizonYears])).toEqual([
          ['peer', 1],
          ['peer', 3],
        ]);
        expect(new Set(backtests.map((b) => b.cutoff)).size).toBe(1);
        expect(Object.keys(backtests[0]!.rankings).sort()).toEqual(['age', 'model', 'previousBreaks']);

        const [counts] = await q(
          h,
          sql`SELECT (SELECT count(*) FROM pipes WHERE dataset_id = ${datasetId})::int AS pipes,
                (SELECT count(*) FROM pipe_results WHERE analysis_id = ${job.analysisId})::int AS results,
                (SELECT count(*) FROM pipe_results WHERE analysis_id = ${job.analysisId} AND lof_12 IS NOT NULL)::int AS scored,
                (SELECT count(*) FROM pipe_results WHERE analysis_id = ${job.analysisId} AND cof_total > 0)::int AS costed,
                (SELECT count(*) FROM pipe_results WHERE analysis_id = ${job.analysisId} AND install_year_status = 1)::int AS imputed,
                (SELECT count(*) FROM vis_segments WHERE analysis_id = ${job.analysisId})::int AS segments,
                (SELECT count(*) FROM vis_segments WHERE analysis_id = ${job.analysisId} AND NOT ST_IsEmpty(geom))::int AS drawn,
                (SELECT count(*) FROM vis_segments WHERE analysis_id = ${job.analysisId} AND lof_12 IS NOT NULL
                   AND lof ? '60' AND expected_breaks_per_km ? '60')::int AS segment_lofs,
                (SELECT count(*) FROM area_results WHERE analysis_id = ${job.analysisId})::int AS areas`,
        );
        const c = counts as Record<string, number>;
        expect(c['results']).toBe(c['pipes']);
        expect(c['scored']).toBeGreaterThan(c['pipes']! * 0.9);
        expect(c['costed']).toBeGreaterThan(c['pipes']! * 0.9);
        expect(c['imputed']).toBeGreaterThan(0);
        expect(c['segments']).toBeGreaterThan(10);
        expect(c['drawn']).toBe(c['segments']);
        // The LOF stage stores each segment's LOF (its members' combined); the COF stage re-prices without it.
        expect(c['segment_lofs']).toBe(c['segments']);
        // The COF stage rebuilt the same segments as the preprocess: no note says otherwise (it compared the
        // count of stored segments, which leaves out those without pipes, and always differed).
        expect((done['cof_summary'] as { notes: string[] }).notes.join(' ')).not.toMatch(/segments/);
        expect(c['areas']).toBeGreaterThan(0);
        // Every non-abandoned pipe sits in exactly one segment.
        const [orphans] = await q(
          h,
          sql`SELECT count(*)::int AS n FROM pipe_results r JOIN pipes p ON p.id = r.pipe_id
              WHERE r.analysis_id = ${job.analysisId} AND NOT p.abandoned AND r.segment_id IS NULL`,
        );
        expect(orphans!['n']).toBe(0);
        // The reports' answers are stored before it is served: every category but the live area pages, at the
        // pages' default 12 months where the horizon matters (report-summaries.ts).
        const summaries = await q(
          h,
          sql`SELECT category, horizon FROM report_summaries WHERE analysis_id = ${job.analysisId} ORDER BY 1`,
        );
        expect(summaries).toHaveLength(REPORT_CATEGORIES.length - 3);
        expect(summaries.map((r) => r['category'])).not.toContain('area_mesh');
        expect(summaries.find((r) => r['category'] === 'lof_highest')!['horizon']).toBe(12);
        expect(summaries.find((r) => r['category'] === 'length_by_material')!['horizon']).toBe(0);
        const [lof] = await q(
          h,
          sql`SELECT min(lof_12) AS lo, max(lof_60) AS hi, bool_and(lof_12 <= lof_60) AS monotone
              FROM pipe_results WHERE analysis_id = ${job.analysisId} AND lof_12 IS NOT NULL`,
        );
        expect(Number(lof!['lo'])).toBeGreaterThanOrEqual(0);
        expect(Number(lof!['hi'])).toBeLessThanOrEqual(1);
        expect(lof!['monotone']).toBe(true);
      }, 240_000);

      it('reports the run in the status call and the runs list', async () => {
        const { datasetId } = await demoDataset(h);
        const token = await h.token(ADMIN);
        const status = (await h.request({ url: '/api/datasets/status', token })).json<DatasetStatusEntry[]>();
        expect(status.find((s) => s.id === datasetId)).toMatchObject({
          status: DATASET_STATUS.COMPLETE,
          analysis_stage: 'complete',
          analysis_progress: 100,
        });
        const runs = await h.request({ url: `/api/datasets/${datasetId}/analyses`, token });
        expect(runs.statusCode).toBe(200);
        expect(runs.json()[0]).toMatchObject({ stage: 'complete', served: true, reason: 'seed' });
      });

      it('resumes a rerun after its worker died between stages, keeping the served results meanwhile', async () => {
        const { datasetId, clientId } = await demoDataset(h);
        const served = Number(
          (await q(h, sql`SELECT analysis_id FROM datasets WHERE id = ${datasetId}`))[0]!['analysis_id'],
        );
        const job = await queued(h, datasetId, clientId);
        const [flags] = await q(h, sql`SELECT status, refresh_status FROM datasets WHERE id = ${datasetId}`);
        expect(flags).toMatchObject({ status: DATASET_STATUS.COMPLETE, refresh_status: 'NONE' });

        await expect(
          runAnalysis(h.database, job, { worker: 'test-dies', stopAfter: 'preprocess' }),
        ).resolves.toBe(true);
        expect(await latestRun(h, datasetId)).toMatchObject({ stage: 'lof', worker: 'test-dies' });
        // The worker's lease is live: another worker keeps its hands off.
        expect(await runAnalysis(h.database, job, { worker: 'test-b' })).toBe(false);
        // …until the heartbeat is old (the worker died).
        await q(
          h,
          sql`UPDATE analyses SET heartbeat_at = now() - interval '10 minutes' WHERE id = ${job.analysisId}`,
        );
        const [still] = await q(h, sql`SELECT analysis_id FROM datasets WHERE id = ${datasetId}`);
        expect(Number(still!['analysis_id'])).toBe(served);

        expect(await runAnalysis(h.database, job, { worker: 'test-b' })).toBe(true);
        const [after] = await q(h, sql`SELECT * FROM datasets WHERE id = ${datasetId}`);
        expect(Number(after!['analysis_id'])).toBe(job.analysisId);
        expect(after!['refresh_status']).toBe('LOF');
        // Same data, same seed: the resumed rerun reproduces the first run's figures; old rows are gone.
        const [same] = await q(
          h,
          sql`SELECT count(*)::int AS n FROM pipe_results WHERE analysis_id = ${job.analysisId}`,
        );
        expect(same!['n']).toBeGreaterThan(0);
        const [old] = await q(
          h,
          sql`SELECT count(*)::int AS n FROM pipe_results WHERE analysis_id = ${served}`,
        );
        expect(old!['n']).toBe(0);
        const timings = (await latestRun(h, datasetId))['timings'] as Record<string, number>;
        expect(Object.keys(timings).sort()).toEqual(['cof', 'lof', 'preprocess', 'tiling']);
      }, 240_000);

      // Bulk rows go in short transactions (one per batch), so a worker can die with a stage half written: the
      // stage is not stored, and its resume must write it whole, over what the dead worker left.
      it('writes a stage that a dead worker left half written whole again on the resume', async () => {
        const { datasetId, clientId } = await demoDataset(h);
        const job = await queued(h, datasetId, clientId);
        await runAnalysis(h.database, job, { worker: 'test-half', stopAfter: 'lof' });
        expect(await latestRun(h, datasetId)).toMatchObject({ stage: 'cof' });
        // What the dead worker's COF batches had written: some pipes' COF, and some areas (marked -1).
        await q(
          h,
          sql`UPDATE pipe_results SET cof_total = -1
              WHERE analysis_id = ${job.analysisId} AND pipe_id IN (
                SELECT pipe_id FROM pipe_results WHERE analysis_id = ${job.analysisId} ORDER BY pipe_id LIMIT 50)`,
        );
        await q(
          h,
          sql`INSERT INTO area_results (analysis_id, client_id, dataset_id, area_id, pipes, length_m, total_cof)
              SELECT ${job.analysisId}, client_id, dataset_id, id, 0, 0, -1
              FROM areas WHERE dataset_id = ${datasetId} ORDER BY id LIMIT 5`,
        );
        await q(
          h,
          sql`UPDATE analyses SET heartbeat_at = now() - interval '10 minutes' WHERE id = ${job.analysisId}`,
        );
        expect(await runAnalysis(h.database, job, { worker: 'test-resume' })).toBe(true);
        expect(await latestRun(h, datasetId)).toMatchObject({ stage: 'complete' });
        const [left] = await q(
          h,
          sql`SELECT (SELECT count(*) FROM pipe_results WHERE analysis_id = ${job.analysisId} AND cof_total < 0)::int AS pipes,
                (SELECT count(*) FROM area_results WHERE analysis_id = ${job.analysisId} AND total_cof < 0)::int AS areas,
                (SELECT count(*) FROM area_results WHERE analysis_id = ${job.analysisId})::int AS area_rows`,
        );
        expect(left).toMatchObject({ pipes: 0, areas: 0 });
        expect(left!['area_rows']).toBeGreaterThan(5);
      }, 240_000);

      it('stops a run that a newer request superseded', async () => {
        const { datasetId, clientId } = await demoDataset(h);
        const older = await queued(h, datasetId, clientId);
        await runAnalysis(h.database, older, { worker: 'test-c', stopAfter: 'preprocess' });
        const newer = await queued(h, datasetId, clientId);
        const [o] = await q(h, sql`SELECT stage FROM analyses WHERE id = ${older.analysisId}`);
        expect(o!['stage']).toBe('cancelled');
        expect(await runAnalysis(h.database, older, { worker: 'test-c' })).toBe(false);
        await recordFailure(h.database, newer, new Error('engine exploded'), true);
        const run = await latestRun(h, datasetId);
        expect(run).toMatchObject({ stage: 'failed', error: 'engine exploded' });
        // A dataset that has results keeps them (and COMPLETE) when a rerun fails for good.
        const [d] = await q(h, sql`SELECT status FROM datasets WHERE id = ${datasetId}`);
        expect(d).toMatchObject({ status: DATASET_STATUS.COMPLETE });
      }, 240_000);
    });

    it("reads the network's enabled COF scenario: hydraulic with the dataset's EPANET model", async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const base = defaultCofScenario('US');
      const scenario = {
        ...base,
        name: 'Hydraulic test',
        costMaster: switchCalculation(base.costMaster, 'hydraulic'),
      };
      await q(
        h,
        sql`INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario)
            SELECT d.client_id, s.group_id, 'Hydraulic test', true, 'US', ${JSON.stringify(scenario)}::jsonb
            FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id WHERE d.id = ${datasetId}`,
      );
      const job = await queued(h, datasetId, clientId);
      expect(await runAnalysis(h.database, job, { worker: 'test-h' })).toBe(true);
      const run = await latestRun(h, datasetId);
      expect(run['cof_summary']).toMatchObject({ scenarioName: 'Hydraulic test', calculation: 'hydraulic' });
      const [costed] = await q(
        h,
        sql`SELECT count(*)::int AS n FROM pipe_results WHERE analysis_id = ${job.analysisId} AND cof_total > 0`,
      );
      expect(costed!['n']).toBeGreaterThan(300);
    }, 240_000);

    it('re-prices the served analysis when the enabled COF scenario changes, leaving imputation and LOF as they were', async () => {
      const { datasetId } = await demoDataset(h);
      const admin = await h.token(ADMIN);
      const [{ id: scenarioId }] = (await q(
        h,
        sql`SELECT c.id FROM cof_scenarios c JOIN snapshots s ON s.group_id = c.snapshot_group_id
            JOIN datasets d ON d.snapshot_id = s.id WHERE d.id = ${datasetId} AND c.enabled`,
      )) as [{ id: number }];
      const patch = (body: unknown) =>
        h.request({ method: 'PATCH', url: `/api/cof-scenarios/${scenarioId}`, token: admin, body });
      const runQueued = async () => {
        const run = await latestRun(h, datasetId);
        expect(run).toMatchObject({ stage: 'queued', reason: 'cof_scenario' });
        const job = { analysisId: Number(run['id']), clientId: Number(run['client_id']), datasetId };
        expect(await runAnalysis(h.database, job, { worker: 'test-cof' })).toBe(true);
        return job.analysisId;
      };
      const results = (analysisId: number) =>
        q(
          h,
          sql`SELECT pipe_id, install_year, material_type_code, diameter_mm, segment_id, lof_12, lof_60, rul,
                cof_total, bre, (cof->>'noWater')::float8 AS no_water
              FROM pipe_results WHERE analysis_id = ${analysisId} ORDER BY pipe_id`,
        );

      // Standard calculation: customers without water are priced per person-hour by tier.
      const got = await h.request({ url: `/api/cof-scenarios/${scenarioId}`, token: admin });
      const master = got.json().cost_master;
      const standard = (noWater: Record<string, unknown>) => ({
        ...master,
        indirect_cost: {
          customer_no_water: {
            standard_calculation: { ...noWater, enabled: true },
            hydraulic_calculation: {
              ...master.indirect_cost.customer_no_water.hydraulic_calculation,
              enabled: false,
            },
            valve_calculation: {
              ...master.indirect_cost.customer_no_water.valve_calculation,
              enabled: false,
            },
          },
          critical_facilities: {
            ...master.indirect_cost.critical_facilities,
            hydraulic_calculation: {
              ...master.indirect_cost.critical_facilities.hydraulic_calculation,
              enabled: false,
            },
            standard_calculation: {
              ...master.indirect_cost.critical_facilities.standard_calculation,
              enabled: true,
            },
          },
        },
      });
      const rates = master.indirect_cost.customer_no_water.standard_calculation;
      const first = await patch({ cost_master: standard(rates) });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ type: 0, runs: [{ dataset_id: datasetId, state: 'running' }] });
      const firstRun = await runQueued();
      const before = await results(firstRun);
      // A 24-month LOF page read of the served run stores that answer (the run itself stored 12 months').
      const read24 = await h.request({
        url: `/api/datasets/${datasetId}/reports/query?categories=lof_length_by_decade&horizon=24`,
        token: admin,
      });
      expect(read24.statusCode, read24.body).toBe(200);

      const doubled = Object.fromEntries(
        Object.entries(rates).map(([k, v]) => [k, typeof v === 'number' ? v * 2 : v]),
      );
      expect((await patch({ cost_master: standard(doubled) })).statusCode).toBe(200);
      const analysisId = await runQueued();
      const after = await results(analysisId);
      // Money is stored to 9 significant figures (write-results.ts): compare relatively.
      const near = (x: unknown, y: number, relative = 1e-8) =>
        expect(Math.abs(Number(x) - y)).toBeLessThanOrEqual(relative * Math.max(1, Math.abs(y)));

      expect(after.length).toBe(before.length);
      let priced = 0;
      after.forEach((a, i) => {
        const b = before[i]!;
        // Imputation, segments, LOF and RUL are the served run's, copied, not recomputed.
        for (const k of [
          'pipe_id',
          'install_year',
          'material_type_code',
          'diameter_mm',
          'segment_id',
          'lof_12',
          'lof_60',
          'rul',
        ])
          expect(a[k]).toEqual(b[k]);
        const noWaterBefore = Number(b['no_water'] ?? 0);
        near(a['no_water'] ?? 0, 2 * noWaterBefore);
        if (b['cof_total'] === null) return;
        near(a['cof_total'], Number(b['cof_total']) + noWaterBefore);
        if (a['bre'] !== null)
          // lof_12 is stored as a real (6 figures), BRE from the unrounded LOF.
          near(a['bre'], Number(a['lof_12']) * Number(a['cof_total']), 1e-5);
        if (noWaterBefore > 0) priced++;
      });
      expect(priced).toBeGreaterThan(50);

      // Its reports: the price-free answers are the re-priced run's own copies, the money ones priced anew.
      const summary = async (id: number, category: string, horizon = 12) =>
        (
          await q(
            h,
            sql`SELECT rows FROM report_summaries
                WHERE analysis_id = ${id} AND category = ${category} AND horizon IN (0, ${horizon})`,
          )
        )[0]?.['rows'];
      // Copied, not recomputed: the run itself stores 12 months only.
      expect(await summary(analysisId, 'lof_length_by_decade', 24)).toEqual(
        await summary(firstRun, 'lof_length_by_decade', 24),
      );
      expect(await summary(analysisId, 'lof_length_by_decade', 24)).toBeDefined();
      for (const category of ['length_by_material', 'lof_length_by_decade', 'lof_highest'])
        expect(await summary(analysisId, category)).toEqual(await summary(firstRun, category));
      const total = async (id: number) => (await summary(id, 'cof_total_average')) as { total: number };
      expect((await total(analysisId)).total).toBeGreaterThan((await total(firstRun)).total);

      const run = await latestRun(h, datasetId);
      expect(run).toMatchObject({ stage: 'complete', cof_scenario_id: scenarioId });
      expect(Object.keys(run['timings'] as object).sort()).toEqual(['cof', 'tiling']);
      expect(run['lof_card']).not.toBeNull();
      const [d] = await q(h, sql`SELECT analysis_id, refresh_status FROM datasets WHERE id = ${datasetId}`);
      expect(d).toMatchObject({ analysis_id: analysisId, refresh_status: 'LOF' });
      const state = await h.request({ url: `/api/cof-scenarios/${scenarioId}`, token: admin });
      expect(state.json().runs).toEqual([
        { dataset_id: datasetId, state: 'current', analysis_id: analysisId, progress: null, stage: null },
      ]);
    }, 240_000);

    it('POST analyses/all/execute queues a run for administrators only', async () => {
      const { datasetId } = await demoDataset(h);
      const admin = await h.token(ADMIN);
      const res = await h.request({
        method: 'POST',
        url: `/api/datasets/${datasetId}/analyses/all/execute`,
        token: admin,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: DATASET_STATUS.COMPLETE });
      const run = await latestRun(h, datasetId);
      expect(run).toMatchObject({ id: res.json().analysis_id, stage: 'queued', reason: 'execute' });
      const viewer = await h.token('viewer@demo.pipewise.local');
      const denied = await h.request({
        method: 'POST',
        url: `/api/datasets/${datasetId}/analyses/all/execute`,
        token: viewer,
      });
      expect(denied.statusCode).toBe(403);
      const missing = await h.request({
        method: 'POST',
        url: '/api/datasets/999999/analyses/all/execute',
        token: admin,
      });
      expect(missing.statusCode).toBe(404);
    });
  },
  { demoCityPipes: 400 },
);
