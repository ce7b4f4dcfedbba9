// Issue 15: "The analysis progress sat at 25 % for about 8 minutes." The run's progress moves within its stages
// (written by the job in short transactions of their own) and the status calls give the time left once the pace
// says enough; a run taken up again counts from its stage's start and not the time it lay idle.
import type { AnalysisRun, DatasetStatusEntry } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { STAGE_START } from '../src/modules/analysis/run-progress.ts';
import { demoDataset, latestRun, q, queued } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

forEachBackend(
  'analysis progress',
  (h) => {
    describe('within a run', () => {
      it('moves within the LOF stage, each figure stored as it is written', async () => {
        const { datasetId, clientId } = await demoDataset(h);
        const job = await queued(h, datasetId, clientId);
        const written: number[] = [];
        // What the database holds right after each write, read meanwhile (the LOF stage computes in a thread).
        const stored: Promise<number>[] = [];
        const readProgress = async () =>
          Number(
            (await q(h, sql`SELECT progress FROM analyses WHERE id = ${job.analysisId}`))[0]!['progress'],
          );
        await runAnalysis(h.database, job, {
          worker: 'test-progress',
          stopAfter: 'lof',
          progress: {
            intervalMs: 0,
            written: (percent) => {
              written.push(percent);
              stored.push(readProgress());
            },
          },
        });
        const inLof = written.filter((p) => p > STAGE_START.lof && p < STAGE_START.cof);
        expect(inLof.length).toBeGreaterThan(10);
        expect(written.every((p, i) => i === 0 || p >= written[i - 1]!)).toBe(true);
        const storedInLof = (await Promise.all(stored)).filter(
          (p) => p > STAGE_START.lof && p < STAGE_START.cof,
        );
        expect(new Set(storedInLof).size).toBeGreaterThan(3);
        // The stage stored: the run stands at the COF stage's start.
        expect(await latestRun(h, datasetId)).toMatchObject({ stage: 'cof', progress: STAGE_START.cof });

        // Its worker died an hour ago: the run taken up again counts the stored stages' time, not the hour.
        await q(
          h,
          sql`UPDATE analyses SET heartbeat_at = now() - interval '10 minutes',
                started_at = now() - interval '1 hour', progress = 90
              WHERE id = ${job.analysisId}`,
        );
        const resumed: number[] = [];
        await runAnalysis(h.database, job, {
          worker: 'test-resumed',
          stopAfter: 'cof',
          progress: { intervalMs: 0, written: (p) => resumed.push(p) },
        });
        // The COF stage was redone from its start, so its progress was too.
        expect(resumed[0]).toBeLessThan(90);
        expect(resumed.some((p) => p > STAGE_START.cof && p < STAGE_START.tiling)).toBe(true);
        const [run] = await q(
          h,
          sql`SELECT EXTRACT(EPOCH FROM now() - started_at)::float8 AS elapsed,
                (SELECT sum(value::float8) FROM jsonb_each_text(timings)) AS stored
              FROM analyses WHERE id = ${job.analysisId}`,
        );
        expect(Number(run!['elapsed'])).toBeLessThan(600);
        expect(Number(run!['elapsed'])).toBeGreaterThanOrEqual(Number(run!['stored']) - 1);
      }, 240_000);
    });

    describe('the time left in the status calls', () => {
      const statusOf = async (datasetId: number) => {
        const token = await h.token(ADMIN);
        const status = (await h.request({ url: '/api/datasets/status', token })).json<DatasetStatusEntry[]>();
        const runs = (await h.request({ url: `/api/datasets/${datasetId}/analyses`, token })).json<
          AnalysisRun[]
        >();
        return { entry: status.find((s) => s.id === datasetId)!, run: runs[0]! };
      };

      it('is given once the pace says enough, from the progress over the time run', async () => {
        const { datasetId, clientId } = await demoDataset(h);
        const job = await queued(h, datasetId, clientId);
        const set = (progress: number, seconds: number) =>
          q(
            h,
            sql`UPDATE analyses SET stage = 'lof', progress = ${progress},
                  started_at = now() - make_interval(secs => ${seconds})
                WHERE id = ${job.analysisId}`,
          );

        const queuedRun = await statusOf(datasetId);
        expect(queuedRun.entry.analysis_eta_seconds).toBeNull();
        expect(queuedRun.run.eta_seconds).toBeNull();

        // Half done in two minutes: about two minutes left.
        await set(50, 120);
        const half = await statusOf(datasetId);
        expect(half.entry.analysis_progress).toBe(50);
        expect(half.entry.analysis_eta_seconds).toBeGreaterThanOrEqual(119);
        expect(half.entry.analysis_eta_seconds).toBeLessThanOrEqual(125);
        expect(half.run.eta_seconds).toBe(half.entry.analysis_eta_seconds);

        // Too little progress, or too little time, to tell.
        await set(4, 120);
        expect((await statusOf(datasetId)).entry.analysis_eta_seconds).toBeNull();
        await set(50, 3);
        expect((await statusOf(datasetId)).run.eta_seconds).toBeNull();
      });
    });
  },
  { demoCityPipes: 400 },
);
