// The 'programme' job (issue 39; docs/api-programmes.md): reads a queued programme's inputs in one short
// transaction, runs the engine in a worker thread (progress written as it goes, at most once a second), and stores
// the result and its renewals in another. Nothing is held open while it runs, so the embedded database's one
// connection stays free. A retry after a crash starts over; storing replaces any renewals of an earlier attempt.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant, type Database } from '../../db/database.ts';
import { settleDeadJobs } from '../../jobs/dead-jobs.ts';
import { loadProgrammeInputs } from './programme-inputs.repository.ts';
import { programmeInThread, type ProgrammeThreadOutput } from './programme-thread.ts';
import * as repo from './programmes.repository.ts';
import type { ProgrammeRow } from '../../db/schema-programmes.ts';
import { programmeCosts } from './programme-costs.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const PROGRAMME_QUEUE = 'programme';
/** The MILP time limit of each scenario's first year: three scenarios on 100k mains within a minute. */
export const PROGRAMME_MILP_TIME_LIMIT_S = 10;
/** No programme runs this long: one active longer lost its worker. */
export const PROGRAMME_DEAD_AFTER_S = 20 * 60;

export interface ProgrammeJobData {
  programmeId: number;
  clientId: number;
}

export interface ProgrammeJobSend {
  send(queue: string, data: object, options: PgBoss.SendOptions): Promise<unknown>;
}

export async function sendProgramme(jobs: ProgrammeJobSend, job: ProgrammeJobData): Promise<void> {
  await jobs.send(PROGRAMME_QUEUE, job, {
    retryLimit: 1,
    retryDelay: 5,
    singletonKey: `programme-${job.programmeId}`,
    expireInSeconds: PROGRAMME_DEAD_AFTER_S,
  });
}

async function start(database: Database, job: ProgrammeJobData) {
  return withTenant(database.db, job.clientId, async (tx) => {
    const programme = await repo.find(tx, job.programmeId);
    if (!programme || programme.state === 'done' || programme.state === 'failed') return null;
    const inputs = await loadProgrammeInputs(tx, programme.datasetId);
    if (!inputs) throw new Error('the dataset has no served likelihood of failure to age');
    const costs = await programmeCosts(tx, programme);
    await repo.setState(tx, programme.id, {
      state: 'running',
      progress: 0,
      analysisId: inputs.analysisId,
      startedAt: new Date(),
    });
    return { programme, inputs, costs };
  });
}

/** Runs one programme; false when there was nothing to do (deleted, or finished by an earlier attempt). */
export async function runProgrammeJob(database: Database, job: ProgrammeJobData): Promise<boolean> {
  const started = await start(database, job);
  if (!started) return false;
  const { programme, inputs, costs } = started;
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  const output = await programmeInThread(
    {
      pipes: inputs.pipes,
      asOfYear: inputs.asOfYear,
      startYear: programme.startYear,
      yearlyBreaks: inputs.yearlyBreaks,
      horizonYears: programme.horizonYears,
      ageing: inputs.ageing,
      strategy: programme.strategy,
      criterion: costs.criterion,
      scenarios: programme.scenarios.map((s) => ({ name: s.name, budgets: s.yearly_budget })),
      rates: costs.rates,
      perLengthUnit: costs.perLengthUnit,
      minLengthM: costs.minLengthM,
      maxLengthM: costs.maxLengthM,
      timeLimitS: PROGRAMME_MILP_TIME_LIMIT_S,
    },
    (fraction) => {
      const now = Date.now();
      if (now - lastWrite < 1000) return;
      lastWrite = now;
      pending = pending
        .then(() =>
          withTenant(database.db, job.clientId, (tx) =>
            repo.setProgress(tx, programme.id, Math.min(0.99, fraction)),
          ),
        )
        .catch(() => undefined);
    },
  );
  await pending;
  await withTenant(database.db, job.clientId, (tx) =>
    repo.storeResult(
      tx,
      {
        id: programme.id,
        clientId: job.clientId,
        result: stored(programme, inputs, costs, output),
        holdFlatBudget: output.result.holdFlat.budget,
      },
      output.result.scenarios.map((s, k) => renewalsOf(inputs.pipes, s, k)),
    ),
  );
  return true;
}

function renewalsOf(
  pipes: readonly { id: number }[],
  s: ProgrammeThreadOutput['result']['scenarios'][number],
  scenario: number,
) {
  const pipeIds: number[] = [];
  const years: number[] = [];
  const projects: number[] = [];
  s.renewedIn.forEach((year, i) => {
    if (year < 0) return;
    pipeIds.push(pipes[i]!.id);
    years.push(year);
    projects.push(s.projectOf[i]!);
  });
  return { scenario, pipeIds, years, projects };
}

function stored(
  programme: ProgrammeRow,
  inputs: NonNullable<Awaited<ReturnType<typeof loadProgrammeInputs>>>,
  costs: Awaited<ReturnType<typeof programmeCosts>>,
  { result, built, dispersion }: ProgrammeThreadOutput,
): Record<string, unknown> {
  return {
    scenarios: result.scenarios.map((s, k) => ({
      name: s.name,
      yearly_budget: programme.scenarios[k]!.yearly_budget,
      years: s.years.map((y) => ({
        year: programme.startYear + y.index,
        budget: y.budget,
        carried_in: y.carriedIn,
        spend: y.spend,
        expected_breaks: y.expectedBreaks,
        expected_breaks_low: y.expectedBreaksLow,
        expected_breaks_high: y.expectedBreaksHigh,
        bre: y.bre,
        length_renewed_m: y.lengthRenewedM,
        pipes_renewed: y.pipesRenewed,
        projects: y.projects,
        mean_age: y.meanAge,
        p90_age: y.p90Age,
        share_past_rul: y.sharePastRul,
      })),
    })),
    todays_breaks: result.holdFlat.todaysBreaks,
    assumptions: {
      scored_as_of_year: inputs.asOfYear,
      lof_source: inputs.lofSource,
      ageing_exponents: inputs.ageing.exponentByMaterial,
      pooled_ageing_exponent: inputs.ageing.pooledExponent,
      min_age_years: inputs.ageing.minAgeYears,
      replacement: {
        small_material: built.replacement.smallMaterial,
        large_material: built.replacement.largeMaterial,
        large_from_mm: built.replacement.largeFromMm,
      },
      new_pipe_rates: built.newPipeRates.map((r) => ({
        material: r.material,
        rate_per_km: r.ratePerKm,
        source: r.source,
        young_km: r.youngKm,
      })),
      breaks_per_year_on_record: inputs.yearlyBreaks,
      dispersion,
      pipes_uncosted: built.uncosted,
      pipes_booked: built.booked,
      pipes: inputs.pipes.length,
      per_length_unit: costs.perLengthUnit,
      min_length_m: costs.minLengthM,
      max_length_m: costs.maxLengthM,
    },
  };
}

export async function recordProgrammeFailure(
  database: Database,
  job: ProgrammeJobData,
  err: unknown,
  final: boolean,
) {
  if (!final) return;
  const message = err instanceof Error ? err.message : String(err);
  await withTenant(database.db, job.clientId, (tx) =>
    repo.setState(tx, job.programmeId, {
      state: 'failed',
      error: message.slice(0, 1000),
      finishedAt: new Date(),
    }),
  );
}

/** Sends a job for every programme still queued (the API stores the row, then sends; a crash between leaves it). */
export async function resumeQueuedProgrammes(database: Database, jobs: ProgrammeJobSend, minAgeSeconds = 30) {
  const rows = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(
          sql`SELECT id, client_id FROM programmes
            WHERE state = 'queued' AND created_at <= now() - make_interval(secs => ${minAgeSeconds}) ORDER BY id`,
        )
      ).rows as Record<string, unknown>[],
  );
  for (const r of rows)
    await sendProgramme(jobs, { programmeId: Number(r['id']), clientId: Number(r['client_id']) });
  return rows.length;
}

/** Programmes whose worker stopped mid-run go back to 'queued' and start over (jobs/dead-jobs.ts). */
export async function requeueDeadProgrammes(database: Database, atStart: boolean): Promise<number[]> {
  const dead = await settleDeadJobs<ProgrammeJobData>(
    database,
    PROGRAMME_QUEUE,
    PROGRAMME_DEAD_AFTER_S,
    atStart,
  );
  for (const { data } of dead)
    await withTenant(database.db, data.clientId, (tx) =>
      tx.execute(sql`UPDATE programmes SET state = 'queued', progress = 0 WHERE id = ${data.programmeId}
        AND state = 'running'`),
    );
  return dead.map((d) => d.data.programmeId);
}

export async function registerProgrammeJob(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => void> {
  await ensureQueue(boss, PROGRAMME_QUEUE);
  const settle = async (atStart: boolean) => {
    const ids = await requeueDeadProgrammes(database, atStart);
    if (ids.length > 0)
      log.warn({ programmes: ids }, 'programmes a stopped worker was running are queued again');
  };
  await settle(true);
  await boss.work<ProgrammeJobData>(PROGRAMME_QUEUE, { includeMetadata: true }, async ([job]) => {
    if (!job) return;
    log.info({ ...job.data }, 'programme started');
    try {
      const ran = await runProgrammeJob(database, job.data);
      log.info({ ...job.data, ran }, ran ? 'programme done' : 'programme had nothing to do');
    } catch (err) {
      const final = job.retryCount >= job.retryLimit;
      log.error({ err, ...job.data, final }, 'programme failed');
      await recordProgrammeFailure(database, job.data, err, final);
      if (!final) throw err;
    }
  });
  const sweep = () =>
    resumeQueuedProgrammes(database, boss, 0).catch((err: unknown) =>
      log.error({ err }, 'programme resume sweep failed'),
    );
  await sweep();
  const timer = setInterval(
    () =>
      void settle(false)
        .catch((err: unknown) => log.error({ err }, 'programme settle sweep failed'))
        .then(sweep),
    60_000,
  );
  return () => clearInterval(timer);
}
