// Issue 41: a run started from the web is taken by the worker of the same process at once, not at its next poll of
// the queue (pg-boss polls every 2 s). The worker here polls every 10 minutes, so only the wake can start the run.
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createBoss } from '../src/jobs/boss.ts';
import { announceJob, onJobSent } from '../src/jobs/job-signal.ts';
import { ANALYSIS_QUEUE } from '../src/modules/analysis/analysis-queue.ts';
import { registerAnalysisJob } from '../src/modules/analysis/analysis-worker.ts';
import { demoDataset, latestRun } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

it('wakes the workers of a queue when this process sends a job to it, until they stop listening', () => {
  const analysis = vi.fn();
  const imports = vi.fn();
  const stop = onJobSent(ANALYSIS_QUEUE, analysis);
  const stopImports = onJobSent('import', imports);
  announceJob(ANALYSIS_QUEUE);
  expect(analysis).toHaveBeenCalledTimes(1);
  expect(imports).not.toHaveBeenCalled();
  stop();
  stopImports();
  announceJob(ANALYSIS_QUEUE);
  expect(analysis).toHaveBeenCalledTimes(1);
});

forEachBackend(
  'analysis job pickup',
  (h) => {
    let boss: PgBoss;
    let stopSweep: () => void;
    beforeAll(async () => {
      boss = createBoss(h.database, { supervise: false, schedule: false, pollingIntervalSeconds: 600 });
      await boss.start();
      stopSweep = await registerAnalysisJob(boss, h.database, h.app.log);
    });
    afterAll(async () => {
      stopSweep?.();
      await boss?.stop({ graceful: false, close: false, wait: true });
    });

    it('takes a run started over HTTP at once, though its next poll of the queue is minutes away', async () => {
      const wake = vi.spyOn(boss, 'notifyWorker');
      const { datasetId } = await demoDataset(h);
      const res = await h.request({
        method: 'POST',
        url: `/api/datasets/${datasetId}/analyses/all/execute`,
        token: await h.token(ADMIN),
      });
      expect(res.statusCode).toBe(202);
      const id = res.json<{ analysis_id: number }>().analysis_id;
      expect(wake).toHaveBeenCalled();
      await expect
        .poll(async () => (await latestRun(h, datasetId))['stage'], { timeout: 120_000, interval: 200 })
        .toBe('complete');
      expect(Number((await latestRun(h, datasetId))['id'])).toBe(id);
    }, 150_000);
  },
  { demoCityPipes: 100 },
);
