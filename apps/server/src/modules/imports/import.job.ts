// The import job (step 5): a staged PENDING version (the group too if asked) takes the current version's other
// layers and the file's rows in short transactions; breaks and valves are re-linked, and the last transaction
// refreshes the summary, promotes the version and queues its analysis (staged-version.ts says why). Any error
// discards the staged version and the import is marked failed with the reason: nothing half-written is seen.
import { rm } from 'node:fs/promises';
import type PgBoss from 'pg-boss';
import { runForTenant } from '../../lib/tenant-context.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  importOptionsSchema,
  validationReportSchema,
  type ImportOptions,
  type ValidationReport,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { analyzeTables } from '../../db/analyze-tables.ts';
import { tenantSteps, withTenant, type Database, type Db, type TenantStep } from '../../db/database.ts';
import {
  linkValvesInSteps,
  matchBreaksInSteps,
  promoteVersion,
  refreshSummary,
} from '../network/versions.ts';
import { queueAnalysis, sendAnalysis, type AnalysisJobData } from '../analysis/analysis-queue.ts';
import { cancelArchivedRuns } from '../analysis/superseded.ts';
import { IMPORT_QUEUE, type ImportJobData } from './import-queue.ts';
import { toImportItem } from './import-view.ts';
import { writeLayer, writeStagedLayer } from './import-writer.ts';
import { completeStagedRows } from './staged-rows.ts';
import { findImport, updateImport, updateProgress } from './imports.repository.ts';
import { writeInpNetwork } from './inp-network.ts';
import { layerOf, replacedBy } from './layer-target.ts';
import { lofFeaturesOf } from './lof-features.ts';
import { ImportFileError, detectFormat } from './parse/index.ts';
import { endProgress, setProgress, startProgress } from './progress.ts';
import {
  copyPrevious,
  discardStaged,
  failStaleImports,
  IMPORT_HEARTBEAT_MS,
  IMPORT_STALE_MS,
  stageVersion,
  type Staged,
} from './staged-version.ts';
import { LOST_IMPORT_GRACE_S, resendLostImports } from './lost-imports.ts';
import { headOf } from './parse-thread.ts';
import { readUpload } from './upload-files.ts';
import { validateImport } from './validate-import.ts';
import { importFailureMessage } from './write-failure.ts';
import { ensureQueue } from '../../jobs/boss.ts';
import { onJobSent } from '../../jobs/job-signal.ts';

interface Outcome {
  groupId: number;
  datasetId: number;
  report: ValidationReport;
  /** The analysis the import queued in its transaction; its job is sent once the import has committed. */
  analysis: AnalysisJobData;
}

/**
 * Runs one queued import to the end (the worker's handler; tests call it directly). Never throws for bad data.
 * Returns the analysis it queued for the new version (null when it failed), for the caller to send.
 */
export async function runImport(
  database: Database,
  job: ImportJobData,
  now = new Date(),
): Promise<AnalysisJobData | null> {
  const { importId, clientId } = job;
  const row = await withTenant(database.db, clientId, async (tx) => {
    // The lock makes the claim once-only: a job sent again (lost-imports.ts) waits here and then sees `running`.
    await tx.execute(sql`SELECT 1 FROM imports WHERE id = ${importId} FOR UPDATE`);
    const found = await findImport(tx, importId);
    if (found?.status === 'queued')
      await updateImport(tx, importId, { status: 'running', progress: 0, heartbeatAt: new Date() });
    return found;
  });
  if (!row || row.status !== 'queued') return null;
  startProgress(clientId, toImportItem(row));
  const beat = setInterval(() => {
    void withTenant(database.db, clientId, (tx) =>
      tx.execute(sql`UPDATE imports SET heartbeat_at = now() WHERE id = ${importId} AND status = 'running'`),
    ).catch(() => undefined);
  }, IMPORT_HEARTBEAT_MS);
  try {
    const options = importOptionsSchema.parse(row.options);
    const stored = validationReportSchema.safeParse(row.report);
    const outcome = await importFile(database, job, row.fileName, row.userId, options, now, stored.data);
    await withTenant(database.db, clientId, (tx) =>
      updateImport(tx, importId, {
        status: 'succeeded',
        progress: 1,
        rows: outcome.report.rows,
        imported: outcome.report.imported,
        skipped: outcome.report.skipped,
        report: outcome.report,
        snapshotGroupId: outcome.groupId,
        datasetId: outcome.datasetId,
        staged: null,
        message: null,
        finishedAt: new Date(),
      }),
    );
    return outcome.analysis;
  } catch (error) {
    await withTenant(database.db, clientId, (tx) =>
      updateImport(tx, importId, {
        status: 'failed',
        staged: null,
        message: importFailureMessage(row.fileName, error),
        finishedAt: new Date(),
      }),
    );
    return null;
  } finally {
    clearInterval(beat);
    endProgress(importId);
  }
}

async function importFile(
  database: Database,
  job: ImportJobData,
  fileName: string,
  userId: number | null,
  o: ImportOptions,
  now: Date,
  /** The report made at commit; the rows are checked again as they are written, so it need not be redone. */
  committed?: ValidationReport,
): Promise<Outcome> {
  const file = await readUpload(job.path, fileName).catch(() => {
    throw new ImportFileError({
      file: fileName,
      message: 'the uploaded file is gone; please upload it again',
    });
  });
  const currentYear = now.getUTCFullYear();
  const throttle = progressReporter(database, job);
  const tenant = tenantSteps(database, job.clientId);
  // Re-validating here read the whole file once more (7 s at 100k pipes); the report of the commit is enough,
  // since writeLayer checks every row again.
  const report = committed ?? (await validateImport(tenant, file, o, currentYear));
  if (!report.can_import) throw new Error(`validation blocks the import: ${report.blocking.join('; ')}`);
  const layer = layerOf(o);
  const isInp = detectFormat(file.name, headOf(file)) === 'inp';
  const replaced = replacedBy(layer, isInp);
  const staged = await tenant((tx) =>
    stageVersion(tx, { importId: job.importId, clientId: job.clientId, userId, target: o.target }),
  );
  try {
    return await fillStaged(
      { database, tenant, staged, file, o, layer, currentYear, throttle, report },
      { job, userId, isInp, replaced },
    );
  } catch (error) {
    await tenant((tx) => discardStaged(tx, staged));
    throw error;
  } finally {
    // Staged rows serve one import; a retry reads the kept upload.
    if (job.stagedRows) await rm(job.stagedRows, { force: true });
  }
}

interface Filling {
  database: Database;
  tenant: TenantStep;
  staged: Staged;
  file: Awaited<ReturnType<typeof readUpload>>;
  o: ImportOptions;
  layer: ReturnType<typeof layerOf>;
  currentYear: number;
  throttle: (progress: number) => Promise<void>;
  report: ValidationReport;
}

async function fillStaged(
  f: Filling,
  x: { job: ImportJobData; userId: number | null; isInp: boolean; replaced: ReturnType<typeof replacedBy> },
): Promise<Outcome> {
  const { tenant, staged, o, layer, report } = f;
  const datasetId = staged.datasetId;
  const target = { clientId: x.job.clientId, datasetId };
  await copyPrevious(tenant, staged, x.replaced);
  const write = {
    tenant,
    target,
    file: f.file,
    options: o,
    layer,
    currentYear: f.currentYear,
    onRows: (n: number) => f.throttle(Math.min(0.9, (0.9 * n) / Math.max(report.rows, 1))),
  };
  // The rows validation staged were checked and mapped by the pass that made the report, which counts them; only
  // without them is the file read again (issue 41: the file read once between upload and commit).
  const stagedRows = await completeStagedRows(x.job.stagedRows);
  const summary = stagedRows ? {} : await writeLayer(write);
  // Two batches at once on PostgreSQL, a core each (its pool has connections to spare); PGlite has one connection.
  if (stagedRows) await writeStagedLayer(write, stagedRows, f.database.kind === 'postgres' ? 2 : 1);
  if (x.isInp && layer.table === 'pipes') await writeInpNetwork(tenant, target, f.file, o, f.currentYear);
  // Links by native id join the rows just written: with the statistics of an empty table the planner chose a
  // nested loop (34.8 s for 3,569 valves on 16k pipes, 0.75 s analysed).
  await analyzeTables(f.database, await tablesToLink(tenant, datasetId));
  const matching = await matchBreaksInSteps(tenant, datasetId, o.snap_tolerance_m);
  await linkValvesInSteps(tenant, datasetId, o.snap_tolerance_m);
  return tenant(async (tx) => {
    await refreshSummary(tx, datasetId);
    await noteSource(tx, datasetId, f.file.name, o, layer.table === 'pipes');
    await promoteVersion(tx, staged.snapshotId);
    // The replaced version's runs would only keep the worker from other clients (issue 18).
    await cancelArchivedRuns(tx, staged.snapshotId);
    const analysis = await queueAnalysis(tx, {
      clientId: x.job.clientId,
      datasetId,
      reason: 'import',
      userId: x.userId,
    });
    return {
      analysis,
      groupId: staged.groupId,
      datasetId,
      report: { ...report, ...summary, matching: layer.table === 'breaks' ? matching : report.matching },
    };
  });
}

/**
 * The tables the links after the write join, when the version has breaks or valves to link; none when it has
 * neither (a first pipes import), whose ANALYZE of the pipes (0.3 s of PostgreSQL's CPU for 100k) served nothing:
 * the analysis the import queues analyses its inputs before it reads them (analysis.job.ts).
 */
async function tablesToLink(tenant: TenantStep, datasetId: number): Promise<string[]> {
  const found = await tenant(async (tx) => {
    const r = await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM breaks WHERE dataset_id = ${datasetId}) AS breaks,
             EXISTS (SELECT 1 FROM valves WHERE dataset_id = ${datasetId}) AS valves`);
    return r.rows[0] as { breaks: boolean; valves: boolean };
  });
  return [
    ...(found.breaks || found.valves ? ['pipes'] : []),
    ...(found.breaks ? ['breaks'] : []),
    ...(found.valves ? ['valves'] : []),
  ];
}

/**
 * What the dataset remembers of its source. A pipes import also sets the columns the LOF model may use as risk
 * factors (replacing the previous list, [] when none was chosen); other imports keep the list createVersion
 * copied from the previous version.
 */
async function noteSource(
  tx: Db,
  datasetId: number,
  fileName: string,
  o: ImportOptions,
  pipes: boolean,
): Promise<void> {
  const note = JSON.stringify({
    source_file: fileName,
    source_crs: o.crs ?? null,
    // The node tolerance the network check used: the analysis snaps pipe ends (without node ids) the same way.
    ...(pipes ? { lof_features: lofFeaturesOf(o), node_tolerance_m: o.node_tolerance_m } : {}),
  });
  await tx.execute(sql`UPDATE datasets SET metadata = metadata || ${note}::jsonb WHERE id = ${datasetId}`);
}

/**
 * Progress to memory at once; on PostgreSQL also to the row at most once a second, for a poller served by another
 * process.
 */
function progressReporter(database: Database, job: ImportJobData) {
  let last = 0;
  return async (progress: number) => {
    setProgress(job.importId, progress);
    if (database.kind !== 'postgres' || Date.now() - last < 1000) return;
    last = Date.now();
    await withTenant(database.db, job.clientId, (tx) => updateProgress(tx, job.importId, progress));
  };
}

/**
 * Registers the import worker and, first, fails the imports a dead worker left running (every one on the embedded
 * database, which no other process can hold; on PostgreSQL those whose heartbeat stopped) and sends again the jobs
 * of imports left queued without one (given `dataDir`, where their uploads are), then checks again every few
 * minutes. Returns the stop of that check.
 */
export async function registerImportJob(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
  dataDir?: string,
): Promise<() => void> {
  const sweep = async (staleMs: number) => {
    const failed = await failStaleImports(database, staleMs);
    if (failed > 0) log.warn({ failed }, 'imports left running by a stopped worker were failed');
    if (!dataDir) return;
    // A minute's grace: the API sends an import's job just after committing its row.
    const lost = await resendLostImports(database, boss, dataDir, LOST_IMPORT_GRACE_S);
    if (lost.resent + lost.failed > 0) log.warn(lost, 'imports left queued without a job were sent again');
  };
  await ensureQueue(boss, IMPORT_QUEUE);
  await sweep(database.kind === 'pglite' ? 0 : IMPORT_STALE_MS);
  const timer = setInterval(() => void sweep(IMPORT_STALE_MS).catch(() => undefined), IMPORT_STALE_MS);
  let workerId = '';
  workerId = await boss.work<ImportJobData>(IMPORT_QUEUE, async ([job]) => {
    if (!job) return;
    try {
      // The parse threads are shared between clients by the client whose import this is (parse-pool.ts).
      const analysis = await runForTenant(job.data.clientId, () => runImport(database, job.data));
      log.info({ importId: job.data.importId }, 'import finished');
      if (analysis) await sendAnalysis(boss, analysis);
    } finally {
      // The next import queued meanwhile is taken at once, not a poll later.
      boss.notifyWorker(workerId);
    }
  });
  // An import this process's API committed is taken at once, not at the next poll (jobs/job-signal.ts): pg-boss
  // polls every 2 s, and a 100k-pipe wizard import waited for it 0–2 s after the commit.
  const stopWaking = onJobSent(IMPORT_QUEUE, () => boss.notifyWorker(workerId));
  return () => {
    clearInterval(timer);
    stopWaking();
  };
}
