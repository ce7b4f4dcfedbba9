// What the analysis makes of a network's data (issue 14): a network imported without valves, and the source
// columns chosen as risk factors at import.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { columnLabel, DATASET_STATUS } from '@pipewise/domain';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { demoDataset, latestRun, q, queued } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'analysis of the network data',
  (h) => {
    it('names a risk factor chosen at import by its column in the details (issue 14)', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      expect(await runAnalysis(h.database, await queued(h, datasetId, clientId), { worker: 'test-r' })).toBe(
        true,
      );
      const run = await latestRun(h, datasetId);
      const card = run['lof_card'] as {
        columnDrivers: { code: number; column: string }[];
        notes: string[];
      };
      // The demo seed records the town's physical columns as chosen (engine DEMO_LOF_FEATURES): each is a driver
      // of its own or the card says why not (a 400-pipe town may hold one value only); no other column is used.
      const chosen = ['static_pressure_kpa', 'soil_corrosivity', 'pipe_class'];
      for (const column of chosen) {
        const used = card.columnDrivers.some((d) => d.column === column);
        expect(used || card.notes.some((n) => n.includes(`'${column}' was chosen`)), column).toBe(true);
      }
      expect(card.columnDrivers.every((d) => chosen.includes(d.column) && d.code >= 100)).toBe(true);
      expect(card.columnDrivers.length).toBeGreaterThan(1);
      const [hit] = await q(
        h,
        sql`SELECT pipe_id, risk_drivers FROM pipe_results
              WHERE analysis_id = ${run['id']} AND risk_drivers && ARRAY[100, 101, 102, 103]::smallint[] LIMIT 1`,
      );
      expect(hit).toBeDefined();
      const codes = (hit!['risk_drivers'] as number[] | string).toString().replace(/[{}]/g, '').split(',');
      const code = Number(codes.find((c) => Number(c) >= 100));
      const column = card.columnDrivers.find((d) => d.code === code)!.column;
      const res = await h.request({
        url: `/api/datasets/${datasetId}/assets/${hit!['pipe_id']}`,
        token: await h.token(ADMIN),
      });
      expect(res.statusCode).toBe(200);
      const names = [0, 1, 2, 3, 4].map((i) => res.json()[`lof_risk_driver_name${i}`]);
      // By the factor it names, in the user's language (issue 38: the raw key, in kPa, reached a US user).
      expect(names).toContain(columnLabel(column, 'en'));
      expect(names.join(' ')).not.toMatch(/Other attribute|_/);
    });

    // Issue 14: a network imported without its valves layer (pipes first, valves later) is one isolation segment
    // per connected component; it ran out of memory at 16k pipes when each pipe copied its segment's pipes.
    it('analyses a network without valves to COMPLETE, one valveless segment per connected component', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const withValves = await queued(h, datasetId, clientId);
      expect(await runAnalysis(h.database, withValves, { worker: 'test-v' })).toBe(true);
      const [valved] = await q(
        h,
        sql`SELECT count(*)::int AS n FROM vis_segments WHERE analysis_id = ${withValves.analysisId}`,
      );
      await q(h, sql`DELETE FROM valves WHERE dataset_id = ${datasetId}`);
      const job = await queued(h, datasetId, clientId);
      expect(await runAnalysis(h.database, job, { worker: 'test-v' })).toBe(true);
      expect(await latestRun(h, datasetId)).toMatchObject({ stage: 'complete' });
      const [d] = await q(h, sql`SELECT status, analysis_id FROM datasets WHERE id = ${datasetId}`);
      expect(d).toMatchObject({ status: DATASET_STATUS.COMPLETE });
      expect(Number(d!['analysis_id'])).toBe(job.analysisId);
      const [segments] = await q(
        h,
        sql`SELECT count(*)::int AS n, max(pipes)::int AS largest, sum(pipes)::int AS pipes,
              max(valves)::int AS valves
            FROM vis_segments WHERE analysis_id = ${job.analysisId}`,
      );
      const [pipes] = await q(
        h,
        sql`SELECT count(*)::int AS n,
              count(DISTINCT r.segment_id)::int AS segments,
              count(*) FILTER (WHERE r.cof_total > 0)::int AS costed
            FROM pipes p JOIN pipe_results r ON r.pipe_id = p.id AND r.analysis_id = ${job.analysisId}
            WHERE p.dataset_id = ${datasetId}`,
      );
      expect(segments).toMatchObject({ valves: 0, pipes: pipes!['n'], n: pipes!['segments'] });
      expect(segments!['n']).toBeLessThan(valved!['n'] as number);
      expect(segments!['largest']).toBeGreaterThan((pipes!['n'] as number) / 2);
      expect(pipes!['costed']).toBeGreaterThan((pipes!['n'] as number) / 2);
    }, 240_000);

    it('analyses the input tables again only once they change, on the embedded database', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const analysedAt = async () =>
        (await q(h, sql`SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'pipes'`))[0]?.[
          'last_analyze'
        ];
      expect(await runAnalysis(h.database, await queued(h, datasetId, clientId), { worker: 'test-a' })).toBe(
        true,
      );
      const first = await analysedAt();
      expect(first).not.toBeNull();
      expect(await runAnalysis(h.database, await queued(h, datasetId, clientId), { worker: 'test-b' })).toBe(
        true,
      );
      // PostgreSQL analyses every time (another backend's changes reach the counters late).
      if (h.database.kind === 'pglite') expect(await analysedAt()).toEqual(first);
      await q(h, sql`UPDATE pipes SET address = address WHERE dataset_id = ${datasetId}`);
      expect(await runAnalysis(h.database, await queued(h, datasetId, clientId), { worker: 'test-c' })).toBe(
        true,
      );
      expect(await analysedAt()).not.toEqual(first);
    }, 240_000);
  },
  { demoCityPipes: 400 },
);
