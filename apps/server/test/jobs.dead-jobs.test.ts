// Issue 37: after kill -9 a plan stayed 'running' 30 minutes and an export 14, until pg-boss's expiry retried them.
// A worker now settles the jobs a stopped process held: cancelled (never retried beside their resumption) and run
// again from the start — at its start on the embedded database, and past each queue's bound on PostgreSQL.
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { createBoss } from '../src/jobs/boss.ts';
import {
  ANALYSIS_QUEUE,
  queueAnalysis,
  sendAnalysis,
  type AnalysisJobData,
} from '../src/modules/analysis/analysis-queue.ts';
import { resumeOrphans } from '../src/modules/analysis/analysis-worker.ts';
import {
  EXPORT_FILE_QUEUE,
  requeueDeadExports,
  runExportFile,
  type ExportFileJobData,
} from '../src/modules/exports/export-file.job.ts';
import {
  PLAN_QUEUE,
  requeueDeadPlans,
  resumeQueuedPlans,
  runPlan,
  type PlanJobData,
} from '../src/modules/planner/plan.job.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, VIEWER, WORKER } from './helpers/harness.ts';
import { plannerCall, setSubscriptions } from './helpers/planner.ts';

forEachBackend('jobs a stopped worker held', (h) => {
  let us: AnalysisFixture;
  let boss: PgBoss;
  const call = plannerCall(h);
  const exec = (q: ReturnType<typeof sql>) => withSystem(h.database.db, (tx) => tx.execute(q));
  const jobState = async (id: string) =>
    (await exec(sql`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`)).rows[0]?.['state'];
  /** What a process killed mid-run leaves: its job active since `ago` seconds. */
  const ageJob = (id: string, ago: number) =>
    exec(
      sql`UPDATE pgboss.job SET started_on = now() - make_interval(secs => ${ago}) WHERE id = ${id}::uuid`,
    );

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    await setSubscriptions(h, 1, ['LOF', 'COF', 'BRE', 'JOB_PLANNER', 'RUL', 'VIS', 'VP', 'POPULATION']);
    boss = createBoss(h.database, { supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(PLAN_QUEUE);
    await boss.createQueue(EXPORT_FILE_QUEUE);
    await boss.createQueue(ANALYSIS_QUEUE);
  });
  afterAll(async () => boss?.stop({ graceful: false, close: false, wait: true }));

  it('queues a plan again whose worker stopped mid-run, and it finishes', async () => {
    const res = await call('POST', '/api/plans/generate', WORKER, {
      dataset_id: us.datasetId,
      budget: 50_000,
      risk_criteria: 'lof',
      whole_snapshot: true,
      min_length_m: 150,
      max_length_m: 200,
    });
    expect(res.statusCode, res.body).toBe(202);
    const planId = res.json().id as number;
    const [dying] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    await exec(sql`UPDATE plans SET state = 'running' WHERE id = ${planId}`);

    // A young active job may be another worker's: left alone past the start.
    expect(await requeueDeadPlans(h.database, false)).toEqual([]);
    await ageJob(dying!.id, 3600);
    expect(await requeueDeadPlans(h.database, false)).toEqual([planId]);
    expect(await jobState(dying!.id)).toBe('cancelled');
    expect((await call('GET', `/api/plans/${planId}`, VIEWER)).json().state).toBe('queued');

    expect(await resumeQueuedPlans(h.database, boss, 0)).toBe(1);
    const [again] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    expect(again!.id).not.toBe(dying!.id);
    expect(again!.data).toEqual({ planId, clientId: 1 });
    expect(await runPlan(h.database, again!.data)).toBe(true);
    await boss.complete(PLAN_QUEUE, again!.id);
    expect((await call('GET', `/api/plans/${planId}`, VIEWER)).json().state).toBe('done');
    // A second sweep finds nothing: the cancelled job is not taken twice.
    expect(await requeueDeadPlans(h.database, false)).toEqual([]);
  });

  it('sends an export file again whose worker stopped mid-build, and it is made', async () => {
    const res = await h.request({
      method: 'POST',
      url: `/api/datasets/${us.datasetId}/exports`,
      token: await h.token(VIEWER),
      body: { kind: 'lof', format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const exportId = res.json().id as number;
    const [dying] = await boss.fetch<ExportFileJobData>(EXPORT_FILE_QUEUE, { ignoreStartAfter: true });
    await exec(sql`UPDATE export_files SET status = 'running' WHERE id = ${exportId}`);
    await ageJob(dying!.id, 3 * 3600);
    expect(await requeueDeadExports(boss, h.database, false)).toEqual([exportId]);
    expect(await jobState(dying!.id)).toBe('cancelled');
    const item = await h.request({ url: `/api/exports/${exportId}`, token: await h.token(VIEWER) });
    expect(item.json().status).toBe('queued');
    const [again] = await boss.fetch<ExportFileJobData>(EXPORT_FILE_QUEUE, { ignoreStartAfter: true });
    expect(again!.data).toEqual(dying!.data);
    expect(await runExportFile(h.database, h.config.dataDir, again!.data)).toBe('ready');
  });

  it('at a worker start takes every active job on the embedded database (one process), only old ones on PostgreSQL', async () => {
    const res = await call('POST', '/api/plans/generate', WORKER, {
      dataset_id: us.datasetId,
      budget: 60_000,
      risk_criteria: 'lof',
      whole_snapshot: true,
      min_length_m: 150,
      max_length_m: 200,
    });
    const planId = res.json().id as number;
    const [young] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    await exec(sql`UPDATE plans SET state = 'running' WHERE id = ${planId}`);
    const pglite = h.database.kind === 'pglite';
    expect(await requeueDeadPlans(h.database, true)).toEqual(pglite ? [planId] : []);
    expect(await jobState(young!.id)).toBe(pglite ? 'cancelled' : 'active');
    if (!pglite) await boss.complete(PLAN_QUEUE, young!.id);
  });

  it('cancels the job of an analysis whose worker died, so the resumed run is the only one left to run', async () => {
    const job = await withSystem(h.database.db, (tx) =>
      queueAnalysis(tx, { clientId: 1, datasetId: us.datasetId, reason: 'execute' }),
    );
    await sendAnalysis(boss, job);
    const [dying] = await boss.fetch<AnalysisJobData>(ANALYSIS_QUEUE, { ignoreStartAfter: true });
    expect(dying!.data.analysisId).toBe(job.analysisId);
    await ageJob(dying!.id, 600);
    // A worker still renewing the run's lease holds it: its job is left alone, however old.
    await exec(
      sql`UPDATE analyses SET stage = 'lof', worker = 'w', heartbeat_at = now() WHERE id = ${job.analysisId}`,
    );
    expect(await resumeOrphans(h.database, boss, 0)).toBe(0);
    expect(await jobState(dying!.id)).toBe('active');

    // Killed: the lease runs out. The dead job is cancelled and the run sent again under a new job.
    await exec(
      sql`UPDATE analyses SET heartbeat_at = now() - interval '10 minutes' WHERE id = ${job.analysisId}`,
    );
    expect(await resumeOrphans(h.database, boss, 0)).toBe(1);
    expect(await jobState(dying!.id)).toBe('cancelled');
    const [again] = await boss.fetch<AnalysisJobData>(ANALYSIS_QUEUE, { ignoreStartAfter: true });
    expect(again!.id).not.toBe(dying!.id);
    expect(again!.data.analysisId).toBe(job.analysisId);
    await exec(sql`UPDATE analyses SET stage = 'cancelled' WHERE id = ${job.analysisId}`);
    await boss.complete(ANALYSIS_QUEUE, again!.id);
  });
});
