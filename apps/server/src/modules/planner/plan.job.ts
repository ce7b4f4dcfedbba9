// The 'plan' job (docs/api-planner.md 'Plans'): reads a queued plan's inputs in one short transaction, runs the
// engine's auto planner in a worker thread, and stores the result and its proposals in another. Nothing is held
// open while the planner runs, so the embedded database's one connection stays free (ARCHITECTURE.md). A retry
// after a crash starts over; storing replaces any proposals of an earlier attempt.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { projectWideLof } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant, type Database } from '../../db/database.ts';
import { settleDeadJobs } from '../../jobs/dead-jobs.ts';
import { loadPlanInputs, type PlanInputPipe } from './plan-inputs.repository.ts';
import { planInThread } from './plan-thread.ts';
import * as repo from './plans.repository.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const PLAN_QUEUE = 'plan';

export interface PlanJobData {
  planId: number;
  clientId: number;
}

/** What can send a job: the API's JobSender or a test's pg-boss. */
export interface PlanJobSend {
  send(queue: string, data: object, options: PgBoss.SendOptions): Promise<unknown>;
}

export async function sendPlan(jobs: PlanJobSend, job: PlanJobData): Promise<void> {
  await jobs.send(PLAN_QUEUE, job, {
    retryLimit: 2,
    retryDelay: 5,
    singletonKey: `plan-${job.planId}`,
    expireInSeconds: 30 * 60,
  });
}

type Plan = repo.PlanRecord;

/** Claims the plan and reads its inputs; null when it is gone or already finished. */
async function start(database: Database, job: PlanJobData) {
  return withTenant(database.db, job.clientId, async (tx) => {
    const plan = (await repo.find(tx, job.planId)) as Plan | undefined;
    if (!plan || plan.state === 'done' || plan.state === 'failed') return null;
    const inputs = await loadPlanInputs(tx, {
      datasetId: plan.datasetId,
      criterion: plan.riskCriteria,
      areaWkt: plan.wholeSnapshot ? null : plan.areaWkt,
      includeBooked: plan.includeBooked,
    });
    await repo.setState(tx, plan.id, { state: 'running', analysisId: inputs.analysisId ?? plan.analysisId });
    return { plan, pipes: inputs.pipes, booked: inputs.booked };
  });
}

/** Runs one plan; false when there was nothing to do (deleted, or done by an earlier attempt). */
export async function runPlan(database: Database, job: PlanJobData): Promise<boolean> {
  const started = await start(database, job);
  if (!started) return false;
  const { plan, pipes, booked } = started;
  const result = await planInThread({
    pipes,
    rates: plan.standardRepairCost,
    perLengthUnit: plan.repairCostPerLength,
    budget: plan.budget,
    minLengthM: plan.minLengthM,
    maxLengthM: plan.maxLengthM,
  });
  const byId = new Map<number, PlanInputPipe>(pipes.map((p) => [p.id, p]));
  const proposals = result.proposals.map((p, i) => ({
    rank: i + 1,
    pipeIds: p.pipeIds,
    lengthM: p.lengthM,
    cost: p.cost,
    risk: p.risk,
    projectLof: projectWideLof(p.pipeIds.map((id) => byId.get(id)?.lof12)),
  }));
  const e = result.explanation;
  return withTenant(database.db, job.clientId, (tx) =>
    repo.storeResult(
      tx,
      plan,
      {
        state: 'done',
        result: result.result,
        error: null,
        explanation: {
          cheapest_project_cost: e.cheapestProjectCost,
          longest_run_m: e.longestRunM,
          pipes_considered: e.pipesConsidered,
          pipes_uncosted: e.pipesUncosted,
          candidates: e.candidates,
          pipes_booked: booked,
          stopped_at_time_limit: result.stoppedAtTimeLimit,
          time_limit_s: result.timeLimitS,
        },
        totalCost: result.totalCost,
        riskRemoved: result.riskRemoved,
        greedyRiskRemoved: result.greedyRiskRemoved,
        optimalityGap: result.optimalityGap,
        solveMs: result.timings.solveMs,
      },
      proposals,
    ),
  );
}

/** A failure that retries cannot fix shows on the plan (state failed, the message); earlier ones stay running. */
export async function recordPlanFailure(database: Database, job: PlanJobData, err: unknown, final: boolean) {
  if (!final) return;
  const message = err instanceof Error ? err.message : String(err);
  await withTenant(database.db, job.clientId, (tx) =>
    repo.setState(tx, job.planId, { state: 'failed', error: message.slice(0, 1000), finishedAt: new Date() }),
  );
}

/**
 * Sends a job for every plan still queued after minAgeSeconds: the API stores a plan, then sends its job, and a
 * process that died between the two would leave the plan queued for ever. A duplicate is harmless: the job's
 * singletonKey keeps one per plan while it is waiting or running, and runPlan does nothing for a finished plan.
 */
export async function resumeQueuedPlans(
  database: Database,
  jobs: PlanJobSend,
  minAgeSeconds = 30,
): Promise<number> {
  const rows = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(
          sql`SELECT id, client_id FROM plans
            WHERE state = 'queued' AND created_at <= now() - make_interval(secs => ${minAgeSeconds})
            ORDER BY id`,
        )
      ).rows as Record<string, unknown>[],
  );
  for (const r of rows) await sendPlan(jobs, { planId: Number(r['id']), clientId: Number(r['client_id']) });
  return rows.length;
}

/** No plan runs this long (the solver stops at its work limit, at worst at 120 s; grouping takes seconds): one active longer lost its worker. */
export const PLAN_DEAD_AFTER_S = 10 * 60;

/**
 * The plans whose worker stopped mid-run (jobs/dead-jobs.ts) go back to 'queued', their old jobs cancelled, and
 * resumeQueuedPlans sends them again: a plan starts over cleanly (storing replaces an attempt's proposals).
 */
export async function requeueDeadPlans(database: Database, atStart: boolean): Promise<number[]> {
  const dead = await settleDeadJobs<PlanJobData>(database, PLAN_QUEUE, PLAN_DEAD_AFTER_S, atStart);
  for (const { data } of dead)
    await withTenant(database.db, data.clientId, (tx) =>
      tx.execute(sql`UPDATE plans SET state = 'queued' WHERE id = ${data.planId} AND state = 'running'`),
    );
  return dead.map((d) => d.data.planId);
}

export async function registerPlanJob(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => void> {
  await ensureQueue(boss, PLAN_QUEUE);
  // Before this worker takes any plan job: an active one now is a stopped process's (on the embedded database).
  const settle = async (atStart: boolean) => {
    const plans = await requeueDeadPlans(database, atStart);
    if (plans.length > 0) log.warn({ plans }, 'plans a stopped worker was running are queued again');
  };
  await settle(true);
  await boss.work<PlanJobData>(PLAN_QUEUE, { includeMetadata: true }, async ([job]) => {
    if (!job) return;
    log.info({ ...job.data }, 'plan started');
    try {
      const ran = await runPlan(database, job.data);
      log.info({ ...job.data, ran }, ran ? 'plan done' : 'plan had nothing to do');
    } catch (err) {
      const final = job.retryCount >= job.retryLimit;
      log.error({ err, ...job.data, final }, 'plan failed');
      await recordPlanFailure(database, job.data, err, final);
      if (!final) throw err;
    }
  });
  const sweep = (minAgeSeconds?: number) =>
    resumeQueuedPlans(database, boss, minAgeSeconds).catch((err: unknown) =>
      log.error({ err }, 'plan resume sweep failed'),
    );
  await sweep(0);
  const timer = setInterval(
    () =>
      void settle(false)
        .catch((err: unknown) => log.error({ err }, 'plan settle sweep failed'))
        .then(() => sweep(0)),
    60_000,
  );
  return () => clearInterval(timer);
}
