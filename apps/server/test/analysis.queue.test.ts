// The job queues between clients (issue 18): one client's backlog does not hold another client's import or run
// (pg-boss hands them out round robin between clients), a queued run shows its place and the time until it starts, and
// the runs of a version replaced by a newer import end cancelled — queued ones at the promotion, and one that starts
// for an archived version by itself.
import type { AnalysisRun, DatasetStatusEntry, ImportItem } from '@pipewise/domain';
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBoss } from '../src/jobs/boss.ts';
import {
  ANALYSIS_QUEUE,
  sendAnalysis,
  type AnalysisJobData,
} from '../src/modules/analysis/analysis-queue.ts';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { DEFAULT_SECONDS_PER_PIPE, expectedSeconds } from '../src/modules/analysis/queue-position.ts';
import { ARCHIVED_MESSAGE } from '../src/modules/analysis/superseded.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { IMPORT_QUEUE } from '../src/modules/imports/import-queue.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { q, queued } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend, JP_ADMIN, type Harness } from './helpers/harness.ts';
import { clientOfImport, mainsCsv, mainsOptions, step, uploadOk } from './fixtures/imports-api.ts';

const PIPES = 5;

/** A network of PIPES mains imported (a new group, or a new version of `groupId`); the analysis it queued. */
async function imported(h: Harness, email: string, target: Parameters<typeof mainsOptions>[0]) {
  const token = await h.token(email);
  const up = await uploadOk(h, token, 'mains.csv', mainsCsv(PIPES));
  const commit = await step(h, token, up.id, 'commit', mainsOptions(target));
  expect(commit.statusCode).toBe(202);
  const item = commit.json<ImportItem>();
  const clientId = await clientOfImport(h, item.id);
  const job = await runImport(h.database, {
    importId: item.id,
    clientId,
    path: uploadPath(h.config.dataDir, up.id),
  });
  const done = (await h.request({ url: `/api/imports/${item.id}`, token })).json<ImportItem>();
  return { job: job!, groupId: done.snapshot_group_id! };
}

const runOf = async (h: Harness, email: string, job: AnalysisJobData) =>
  (await h.request({ url: `/api/datasets/${job.datasetId}/analyses`, token: await h.token(email) })).json<
    AnalysisRun[]
  >()[0]!;

forEachBackend('analysis queue between clients', (h) => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = createBoss(h.database, { supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(ANALYSIS_QUEUE);
    await boss.createQueue(IMPORT_QUEUE);
  });
  afterAll(async () => boss?.stop({ graceful: false, close: false, wait: true }));

  it("hands another client's import out before the rest of one client's imports", async () => {
    const commits: number[] = [];
    for (const [email, name] of [
      [ADMIN, 'I1'],
      [ADMIN, 'I2'],
      [ADMIN, 'I3'],
      [JP_ADMIN, 'J1'],
    ] as const) {
      const token = await h.token(email);
      const up = await uploadOk(h, token, 'mains.csv', mainsCsv(PIPES));
      const commit = await step(h, token, up.id, 'commit', mainsOptions({ new_group_name: name }));
      commits.push(commit.json<ImportItem>().id);
    }
    const order: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [job] = await boss.fetch<{ importId: number }>(IMPORT_QUEUE);
      order.push(job!.data.importId);
      await boss.complete(IMPORT_QUEUE, job!.id);
    }
    expect(order).toEqual([commits[0], commits[3], commits[1], commits[2]]);
    await q(h, sql`UPDATE imports SET status = 'failed' WHERE status = 'queued'`);
  });

  it("hands another client's run out before the rest of one client's backlog, and shows each its place", async () => {
    const backlog: AnalysisJobData[] = [];
    for (const name of ['A1', 'A2', 'A3'])
      backlog.push((await imported(h, ADMIN, { new_group_name: name })).job);
    const other = (await imported(h, JP_ADMIN, { new_group_name: 'B1' })).job;
    expect(backlog.map((j) => j.rank)).toEqual([0, 1, 2]);
    expect(other.rank).toBe(0);
    for (const job of [...backlog, other]) await sendAnalysis(boss, job);

    // Nothing runs yet: the other client's run is second, after the first of the backlog.
    const run = await runOf(h, JP_ADMIN, other);
    expect(run).toMatchObject({ stage: 'queued', queue_position: 2 });
    expect(run.queue_wait_seconds).toBe(Math.round(expectedSeconds(PIPES, DEFAULT_SECONDS_PER_PIPE)));
    expect((await runOf(h, ADMIN, backlog[2]!)).queue_position).toBe(4);
    const status = await h.request({ url: '/api/datasets/status', token: await h.token(ADMIN) });
    const entry = status.json<DatasetStatusEntry[]>().find((e) => e.id === backlog[1]!.datasetId);
    expect(entry).toMatchObject({ analysis_stage: 'queued', analysis_queue_position: 3 });

    // pg-boss's own fetch order: round robin between the clients, first come first served within one.
    const order: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [job] = await boss.fetch<AnalysisJobData>(ANALYSIS_QUEUE);
      order.push(job!.data.analysisId);
      await boss.complete(ANALYSIS_QUEUE, job!.id);
    }
    expect(order).toEqual([backlog[0]!, other, backlog[1]!, backlog[2]!].map((j) => j.analysisId));
  });

  it("cancels the runs of the version a new import replaced, and a replaced version's run that starts", async () => {
    const first = await imported(h, ADMIN, { new_group_name: 'Replaced' });
    const second = await imported(h, ADMIN, { snapshot_group_id: first.groupId });
    const [old] = await q(h, sql`SELECT stage, error FROM analyses WHERE id = ${first.job.analysisId}`);
    expect(old).toMatchObject({ stage: 'cancelled', error: ARCHIVED_MESSAGE });
    const [current] = await q(h, sql`SELECT stage FROM analyses WHERE id = ${second.job.analysisId}`);
    expect(current).toMatchObject({ stage: 'queued' });
    expect(await runAnalysis(h.database, first.job, { worker: 'test-q' })).toBe(false);

    // A run asked for the archived version after the promotion (its job was on its way) cancels itself.
    const late = await queued(h, first.job.datasetId, first.job.clientId);
    expect(await runAnalysis(h.database, late, { worker: 'test-q' })).toBe(false);
    const [run] = await q(h, sql`SELECT stage, error FROM analyses WHERE id = ${late.analysisId}`);
    expect(run).toMatchObject({ stage: 'cancelled', error: ARCHIVED_MESSAGE });
    const [rows] = await q(
      h,
      sql`SELECT count(*)::int AS n FROM pipe_results WHERE analysis_id = ${late.analysisId}`,
    );
    expect(rows).toMatchObject({ n: 0 });

    // Asked for through the API, a replaced version's run is refused with why.
    const refused = await h.request({
      method: 'POST',
      url: `/api/datasets/${first.job.datasetId}/analyses/all/execute`,
      token: await h.token(ADMIN),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'This version was replaced by a newer one; open the current version to run its analysis.',
    );
    const current2 = await h.request({
      method: 'POST',
      url: `/api/datasets/${second.job.datasetId}/analyses/all/execute`,
      token: await h.token(ADMIN),
    });
    expect(current2.statusCode).toBe(202);
  });
});
