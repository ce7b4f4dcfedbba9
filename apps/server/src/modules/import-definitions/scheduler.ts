// The scheduler of scheduled imports: a tick every 30 s in each worker process. A tick (1) records the outcome of
// runs whose import job ended, mailing failures; (2) fails runs a stopped worker left queued or running; (3) claims
// the definitions that are due, moves each one's next_run_at on and queues one run job per claim.
//
// Several workers share PostgreSQL: the claim runs in one transaction under a transaction-scoped advisory lock
// (pg_try_advisory_xact_lock: a second server's tick skips at once rather than wait), and its rows are also locked
// FOR UPDATE SKIP LOCKED, so a definition is claimed once whatever the number of processes. The runs themselves are
// jobs on the `scheduled-import` queue, so any worker may take them, and pg-boss hands each job to one. A pg-boss
// cron schedule could not do this: its schedules are per queue and at most one a minute, and definitions are data.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../../db/database.ts';
import { runForTenant } from '../../lib/tenant-context.ts';
import type { JobSend } from '../analysis/analysis-queue.ts';
import { ImportQueue } from '../imports/import-queue.ts';
import { mailAdministrators } from './run-mail.ts';
import { executeRun, type RunContext } from './run.ts';
import { nextRunAfter } from './schedule.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const SCHEDULED_IMPORT_QUEUE = 'scheduled-import';
export const TICK_MS = 30_000;
/** A run queued or running this long lost its worker (a fetch is bounded by 10 min, a parse by 5). */
export const STALE_RUN_MS = 60 * 60_000;
/** pg_advisory lock key of the claim ('PWSI'). */
const CLAIM_LOCK = 0x50575349;

export interface ScheduledImportJob {
  runId: number;
  clientId: number;
}

export async function sendRun(jobs: JobSend, job: ScheduledImportJob): Promise<void> {
  // One attempt: a run records its own failure and is not retried behind the administrators' backs.
  await jobs.send(SCHEDULED_IMPORT_QUEUE, job, { retryLimit: 0, expireInSeconds: STALE_RUN_MS / 1000 });
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Claims the due definitions at `now`: their next run moves on, and each gets a queued run. */
export async function claimDueRuns(database: Database, now: Date): Promise<ScheduledImportJob[]> {
  return withSystem(database.db, async (tx) => {
    const lock = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${CLAIM_LOCK}) AS got`);
    if (lock.rows[0]?.['got'] !== true) return [];
    const due = await tx.execute(sql`
      SELECT d.id, d.client_id, d.schedule, d.time_zone, d.source->>'type' AS source_type, d.file_uploaded_at,
        (SELECT max(r.created_at) FROM import_runs r WHERE r.definition_id = d.id) AS last_run_at,
        EXISTS (SELECT 1 FROM import_runs r WHERE r.definition_id = d.id
          AND r.status IN ('queued', 'running', 'importing')) AS active
      FROM import_definitions d
      WHERE d.enabled AND d.schedule IS NOT NULL AND d.next_run_at <= ${at(now)}
      ORDER BY d.next_run_at FOR UPDATE OF d SKIP LOCKED`);
    const jobs: ScheduledImportJob[] = [];
    for (const row of due.rows) {
      const [id, clientId] = [Number(row['id']), Number(row['client_id'])];
      let next: Date | null;
      try {
        next = nextRunAfter(String(row['schedule']), String(row['time_zone']), now);
      } catch {
        next = null; // Checked when saved; a zone the server no longer knows stops the schedule, not the tick.
      }
      await tx.execute(sql`UPDATE import_definitions SET next_run_at = ${next && at(next)} WHERE id = ${id}`);
      // Runs never overlap; a run still going when the next is due skips that one.
      if (row['active'] === true) continue;
      // An upload source runs on a schedule only when a script sent a file since the last run.
      const uploaded = row['file_uploaded_at'] ? new Date(String(row['file_uploaded_at'])) : null;
      const last = row['last_run_at'] ? new Date(String(row['last_run_at'])) : null;
      if (row['source_type'] === 'upload' && (!uploaded || (last && uploaded <= last))) continue;
      const run = await tx.execute(sql`
        INSERT INTO import_runs (client_id, definition_id, trigger, status)
        VALUES (${clientId}, ${id}, 'schedule', 'queued') RETURNING id`);
      jobs.push({ runId: Number(run.rows[0]!['id']), clientId });
    }
    return jobs;
  });
}

interface Ended {
  id: number;
  clientId: number;
  failed: boolean;
  reason: string | null;
  definition: string;
  network: string;
}

/**
 * Records the runs whose import job ended (committed or failed) and those a stopped worker left; mails failures.
 * `runningStaleMs` is how long a run that started may go on before it is taken as lost: the hour by default, 0 at
 * the start of an embedded server, whose one process was the only worker that could have started it.
 */
export async function settleRuns(
  ctx: RunContext,
  now: Date,
  staleMs = STALE_RUN_MS,
  runningStaleMs = staleMs,
): Promise<Ended[]> {
  const ended = await withSystem(ctx.database.db, async (tx) => {
    const r = await tx.execute(sql`
      WITH ended AS (
        SELECT r.id,
          CASE WHEN r.status = 'importing' AND i.status = 'succeeded' THEN 'committed' ELSE 'failed' END AS status,
          CASE
            WHEN r.status <> 'importing' THEN 'the server stopped during the run; it will run again when next due'
            WHEN i.id IS NULL THEN 'the import was deleted before it ended'
            WHEN i.status = 'failed' THEN coalesce(i.message, 'the import failed')
          END AS reason
        FROM import_runs r LEFT JOIN imports i ON i.id = r.import_id
        WHERE (r.status = 'importing' AND i.status IN ('succeeded', 'failed'))
          OR ((r.status = 'queued' OR (r.status = 'importing' AND i.id IS NULL))
            AND coalesce(r.started_at, r.created_at) < ${at(new Date(now.getTime() - staleMs))})
          OR (r.status = 'running' AND coalesce(r.started_at, r.created_at) <= ${at(new Date(now.getTime() - runningStaleMs))})
      )
      UPDATE import_runs u SET status = e.status, reason = e.reason, finished_at = ${at(now)}
      FROM ended e, import_definitions d, snapshot_groups g
      WHERE u.id = e.id AND d.id = u.definition_id AND g.id = d.snapshot_group_id
      RETURNING u.id, u.client_id, u.status, u.reason, d.name AS definition, g.name AS network`);
    return r.rows.map((row) => ({
      id: Number(row['id']),
      clientId: Number(row['client_id']),
      failed: row['status'] === 'failed',
      reason: row['reason'] === null ? null : String(row['reason']),
      definition: String(row['definition']),
      network: String(row['network']),
    }));
  });
  for (const run of ended.filter((e) => e.failed)) {
    await mailAdministrators(ctx, run.clientId, run.id, 'failed', {
      definition: run.definition,
      network: run.network,
      reason: run.reason ?? 'the import failed',
    }).catch((err: unknown) =>
      ctx.log?.error({ err, runId: run.id }, 'scheduled import failure mail not sent'),
    );
  }
  return ended;
}

/** Settled runs are kept this long (a nightly definition's half year of outcomes), then deleted. */
export const RUN_RETENTION_DAYS = 180;

/** Deletes settled runs past the retention; held runs wait for their decision however old. */
export async function pruneRuns(database: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RUN_RETENTION_DAYS * 24 * 3600_000);
  const r = await withSystem(database.db, (tx) =>
    tx.execute(sql`
      DELETE FROM import_runs WHERE created_at < ${at(cutoff)} AND status IN ('committed', 'failed', 'discarded')
      RETURNING id`),
  );
  return r.rows.length;
}

/** One tick: settle what ended, then claim and queue what is due. Returns the runs it queued. */
export async function tick(ctx: RunContext, jobs: JobSend, now = new Date()): Promise<ScheduledImportJob[]> {
  await settleRuns(ctx, now);
  await pruneRuns(ctx.database, now);
  const claimed = await claimDueRuns(ctx.database, now);
  // Sent after the claim commits, so a run job never starts before its row is visible.
  for (const job of claimed) await sendRun(jobs, job);
  return claimed;
}

/**
 * At a worker's start. The embedded database has one process: a run it left running died with it, so it is failed
 * (and mailed) now rather than an hour on. On PostgreSQL another server may be running it: the hour stands. Queued
 * runs keep their jobs either way.
 */
export async function settleAtStart(ctx: RunContext, now = new Date()): Promise<Ended[]> {
  return settleRuns(ctx, now, STALE_RUN_MS, ctx.database.kind === 'pglite' ? 0 : STALE_RUN_MS);
}

/** Registers the run worker and starts this process's tick; returns its stop. */
export async function registerScheduledImports(
  boss: PgBoss,
  ctx: Omit<RunContext, 'queue'>,
  log: FastifyBaseLogger,
): Promise<() => void> {
  const context: RunContext = { ...ctx, queue: new ImportQueue(boss), log };
  // Before this process takes a queued run and marks it running.
  await settleAtStart(context);
  await ensureQueue(boss, SCHEDULED_IMPORT_QUEUE);
  await boss.work<ScheduledImportJob>(SCHEDULED_IMPORT_QUEUE, async ([job]) => {
    if (!job) return;
    // The parse threads are shared between clients by the client whose run this is (parse-pool.ts).
    await runForTenant(job.data.clientId, () => executeRun(context, job.data.runId, job.data.clientId));
  });
  let ticking = false;
  const run = async () => {
    if (ticking) return;
    ticking = true;
    try {
      const queued = await tick(context, boss);
      if (queued.length > 0) log.info({ queued: queued.length }, 'scheduled imports queued');
    } catch (err) {
      log.error({ err }, 'scheduled imports tick failed');
    } finally {
      ticking = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), TICK_MS);
  return () => clearInterval(timer);
}
