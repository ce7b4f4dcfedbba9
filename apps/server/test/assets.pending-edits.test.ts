// Pipe edits while an analysis is under way (issue 38: two edits a minute apart during a COF re-run left three
// "Cancelled · After a pipe edit" runs on the model card; assets/pending-edits.ts). An edit never cancels a run: the
// run re-scores the edits made after it read its inputs when it is swapped in, so the results it serves carry them;
// where one cannot be re-scored in place, ONE follow-up analysis is queued then; an edit while that run is queued
// does not queue another; a run that fails for good leaves its edits re-scored in the served run.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { queueCofRerun, type AnalysisJobData } from '../src/modules/analysis/analysis-queue.ts';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { recordFailure } from '../src/modules/analysis/record-failure.ts';
import { demoDataset, q, queued, type Row } from './helpers/analysis-runs.ts';
import { forEachBackend, WORKER } from './helpers/harness.ts';

forEachBackend(
  'pipe edits during an analysis',
  (h) => {
    let datasetId: number;
    let clientId: number;
    let pipeId: number;
    let otherId: number;
    let send: ReturnType<typeof vi.fn<(queue: string, data: object) => Promise<string>>>;
    const runs = async () =>
      q(h, sql`SELECT id, stage, reason FROM analyses WHERE dataset_id = ${datasetId} ORDER BY id`);
    // The demo seed's queued run is superseded by the first analysis below; no other run is ever cancelled.
    const cancelled = async () =>
      (await runs()).filter((r: Row) => r['stage'] === 'cancelled' && r['reason'] !== 'seed');
    const served = async () =>
      Number((await q(h, sql`SELECT analysis_id FROM datasets WHERE id = ${datasetId}`))[0]!['analysis_id']);
    const result = async (id = pipeId) =>
      (
        await q(
          h,
          sql`SELECT r.analysis_id, r.diameter_mm, r.diameter_status, r.install_year, r.install_year_status,
                r.lof_12, r.cof_total
              FROM pipe_results r JOIN datasets d ON d.analysis_id = r.analysis_id
              WHERE d.id = ${datasetId} AND r.pipe_id = ${id}`,
        )
      )[0]!;
    const patch = async (body: unknown, id = pipeId) => {
      const res = await h.request({
        method: 'PATCH',
        url: `/api/datasets/${datasetId}/assets/${id}`,
        token: await h.token(WORKER),
        body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Row & { edit: { analysis: string; reason: string | null } };
    };
    const run = (job: AnalysisJobData, worker: string, stopAfter?: 'preprocess' | 'lof' | 'cof') =>
      runAnalysis(h.database, job, { worker, ...(stopAfter ? { stopAfter } : {}) });

    beforeAll(async () => {
      ({ datasetId, clientId } = await demoDataset(h));
      const job = await queued(h, datasetId, clientId);
      expect(await run(job, 'test-first')).toBe(true);
      const picks = await q(
        h,
        sql`SELECT r.pipe_id FROM pipe_results r
            WHERE r.analysis_id = ${job.analysisId} AND r.lof_12 IS NOT NULL AND r.segment_id IS NOT NULL
              AND r.diameter_status = 0 AND r.install_year_status = 0
            ORDER BY r.pipe_id LIMIT 2`,
      );
      [pipeId, otherId] = picks.map((r) => Number(r['pipe_id'])) as [number, number];
      send = vi.fn(async (_queue: string, _data: object) => 'job-id');
      h.deps.jobs.send = send as unknown as typeof h.deps.jobs.send;
    }, 240_000);

    it('two edits during a COF re-run leave it running, and the run it swaps in carries both', async () => {
      const original = await result();
      const job = (await withSystem(h.database.db, (tx) => queueCofRerun(tx, { clientId, datasetId })))!;
      // Past reading its figures: its COF is stored, the swap is next.
      expect(await run(job, 'test-cof', 'cof')).toBe(true);
      const wider = Number(original['diameter_mm']) * 4;

      const first = await patch({ diameter: wider });
      expect(first.edit).toEqual({ analysis: 'pending_run', reason: null });
      // The answer is the pipe as served until the run is swapped in, with the override shown.
      expect(first).toMatchObject({ diameter: wider, diameter_status: 2 });
      const second = await patch({ install_year: 1931 });
      expect(second.edit).toEqual({ analysis: 'pending_run', reason: null });
      expect(await cancelled()).toEqual([]);
      expect((await runs()).at(-1)).toMatchObject({ id: job.analysisId, stage: 'tiling' });
      expect(send).not.toHaveBeenCalled();

      expect(await run(job, 'test-cof')).toBe(true);
      expect(await served()).toBe(job.analysisId);
      const after = await result();
      expect(after).toMatchObject({
        analysis_id: job.analysisId,
        diameter_mm: wider,
        diameter_status: 2,
        install_year: 1931,
        install_year_status: 2,
      });
      expect(after['cof_total']).not.toBe(original['cof_total']);
      expect(after['lof_12']).not.toBe(original['lof_12']);
      expect(await cancelled()).toEqual([]);
      expect((await runs()).filter((r) => r['stage'] === 'queued')).toEqual([]);
      // Both edits are the served run's: the next edit is re-scored in place alone.
      const [seq] = await q(
        h,
        sql`SELECT a.edit_seq AS run, d.edit_seq AS dataset FROM analyses a JOIN datasets d ON d.analysis_id = a.id
            WHERE d.id = ${datasetId}`,
      );
      expect(seq!['run']).toBe(seq!['dataset']);
      expect((await patch({ diameter: null })).edit).toEqual({ analysis: 'rescored', reason: null });
      expect(await result()).toMatchObject({ diameter_mm: original['diameter_mm'], diameter_status: 0 });
    }, 240_000);

    it('an edit a run read with its inputs needs nothing more; one it cannot re-score queues one follow-up', async () => {
      const job = await queued(h, datasetId, clientId);
      // Queued: the run reads this edit with its inputs.
      expect((await patch({ install_year: 1944 })).edit).toEqual({ analysis: 'pending_run', reason: null });
      expect(await run(job, 'test-full', 'preprocess')).toBe(true);
      // Past its inputs: an abandoned pipe and an attribute wait for the swap; neither cancels the run.
      expect((await patch({ abandoned: true }, otherId)).edit.analysis).toBe('pending_run');
      expect((await patch({ install_year: 1952 })).edit.analysis).toBe('pending_run');
      expect(await cancelled()).toEqual([]);

      expect(await run(job, 'test-full')).toBe(true);
      expect(await served()).toBe(job.analysisId);
      expect(await result()).toMatchObject({ install_year: 1952, install_year_status: 2 });
      // The abandoned pipe changes the network: one whole analysis follows, not one per edit.
      const waiting = (await runs()).filter((r) => r['stage'] === 'queued');
      expect(waiting).toMatchObject([{ reason: 'override' }]);
      // An edit while it is queued neither cancels nor queues again: the queued run reads it.
      expect((await patch({ install_year: 1960 })).edit.analysis).toBe('pending_run');
      expect((await patch({ install_year: 1961 })).edit.analysis).toBe('pending_run');
      expect((await runs()).filter((r) => r['stage'] === 'queued')).toEqual(waiting);
      expect(await cancelled()).toEqual([]);

      const followUp: AnalysisJobData = { analysisId: Number(waiting[0]!['id']), clientId, datasetId };
      expect(await run(followUp, 'test-follow')).toBe(true);
      expect(await served()).toBe(followUp.analysisId);
      expect(await result()).toMatchObject({ install_year: 1961, install_year_status: 2 });
      expect((await runs()).filter((r) => r['stage'] === 'queued')).toEqual([]);
    }, 480_000);

    it('with no run under way an edit re-scoring cannot answer queues a run, and a second edit does not replace it', async () => {
      const back = await patch({ abandoned: false }, otherId);
      expect(back.edit).toEqual({ analysis: 'queued', reason: 'back_in_service' });
      const waiting = (await runs()).filter((r) => r['stage'] === 'queued');
      expect(waiting).toHaveLength(1);
      expect(send).toHaveBeenCalledTimes(1);
      expect((await patch({ install_year: 1970 })).edit.analysis).toBe('pending_run');
      expect((await runs()).filter((r) => r['stage'] === 'queued')).toEqual(waiting);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await cancelled()).toEqual([]);
      const job: AnalysisJobData = { analysisId: Number(waiting[0]!['id']), clientId, datasetId };
      expect(await run(job, 'test-back')).toBe(true);
      expect(await result(otherId)).toMatchObject({ analysis_id: job.analysisId });
      expect((await result(otherId))['lof_12']).not.toBeNull();
    }, 240_000);

    it('a run that fails for good leaves the edits made meanwhile re-scored in the served run', async () => {
      const before = await served();
      const job = await queued(h, datasetId, clientId);
      expect(await run(job, 'test-fails', 'preprocess')).toBe(true);
      expect((await patch({ install_year: 1938 })).edit.analysis).toBe('pending_run');
      expect(await result()).toMatchObject({ analysis_id: before, install_year: 1970 });
      await recordFailure(h.database, job, new Error('engine exploded'), true);
      expect(await served()).toBe(before);
      expect(await result()).toMatchObject({ install_year: 1938, install_year_status: 2 });
      expect((await patch({ install_year: 1939 })).edit.analysis).toBe('rescored');
      expect(await cancelled()).toEqual([]);
    }, 240_000);
  },
  { demoCityPipes: 400 },
);
