// The import job (step 5): ONE tenant transaction creates the group if asked, a PENDING version without the
// replaced layers, writes the file's rows, re-links breaks and valves, refreshes the summary and promotes the
// version. Any error rolls all of it back and the import is marked failed with the reason.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import {
  importOptionsSchema,
  validationReportSchema,
  type ImportOptions,
  type ValidationReport,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import {
  createGroup,
  createVersion,
  linkValves,
  matchBreaks,
  promoteVersion,
  refreshSummary,
} from '../network/versions.ts';
import { queueAnalysis, sendAnalysis, type AnalysisJobData } from '../analysis/analysis-queue.ts';
import { IMPORT_QUEUE, type ImportJobData } from './import-queue.ts';
import { toImportItem } from './import-view.ts';
import { writeLayer } from './import-writer.ts';
import { findImport, updateImport, updateProgress } from './imports.repository.ts';
import { writeInpNetwork } from './inp-network.ts';
import { layerOf, replacedBy } from './layer-target.ts';
import { lofFeaturesOf } from './lof-features.ts';
import { ImportFileError, detectFormat } from './parse/index.ts';
import { endProgress, setProgress, startProgress } from './progress.ts';
import { readUpload } from './upload-files.ts';
import { validateImport } from './validate-import.ts';

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
    const found = await findImport(tx, importId);
    if (found?.status === 'queued') await updateImport(tx, importId, { status: 'running', progress: 0 });
    return found;
  });
  if (!row || row.status !== 'queued') return null;
  startProgress(clientId, toImportItem(row));
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
        message: null,
        finishedAt: new Date(),
      }),
    );
    return outcome.analysis;
  } catch (error) {
    await withTenant(database.db, clientId, (tx) =>
      updateImport(tx, importId, {
        status: 'failed',
        message: failureMessage(row.fileName, error),
        finishedAt: new Date(),
      }),
    );
    return null;
  } finally {
    endProgress(importId);
  }
}

function failureMessage(fileName: string, error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `${fileName}: the import failed and nothing was changed: ${text}`.slice(0, 2000);
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
  return withTenant(database.db, job.clientId, async (tx) => {
    // Re-validating here read the whole file once more inside the transaction (7 s at 100k pipes, holding PGlite's
    // only connection); the report of the commit is enough, since writeLayer checks every row again.
    const report = committed ?? (await validateImport(tx, file, o, currentYear));
    if (!report.can_import) throw new Error(`validation blocks the import: ${report.blocking.join('; ')}`);
    const groupId =
      'snapshot_group_id' in o.target
        ? o.target.snapshot_group_id
        : await createGroup(tx, { clientId: job.clientId, name: o.target.new_group_name, userId });
    const layer = layerOf(o);
    const isInp = detectFormat(file.name, file.bytes.subarray(0, 4096)) === 'inp';
    const version = await createVersion(tx, {
      clientId: job.clientId,
      groupId,
      replaced: replacedBy(layer, isInp),
    });
    const target = { clientId: job.clientId, datasetId: version.datasetId };
    const summary = await writeLayer({
      tx,
      target,
      file,
      options: o,
      layer,
      currentYear,
      onRows: (n) => throttle(Math.min(0.9, (0.9 * n) / Math.max(report.rows, 1))),
    });
    if (isInp && layer.table === 'pipes') await writeInpNetwork(tx, target, file, o, currentYear);
    const matching = await matchBreaks(tx, version.datasetId, o.snap_tolerance_m);
    await linkValves(tx, version.datasetId, o.snap_tolerance_m);
    await refreshSummary(tx, version.datasetId);
    await noteSource(tx, version.datasetId, file.name, o, layer.table === 'pipes');
    await promoteVersion(tx, version.snapshotId);
    const analysis = await queueAnalysis(tx, {
      clientId: job.clientId,
      datasetId: version.datasetId,
      reason: 'import',
      userId,
    });
    return {
      analysis,
      groupId,
      datasetId: version.datasetId,
      report: { ...report, ...summary, matching: layer.table === 'breaks' ? matching : report.matching },
    };
  });
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
    ...(pipes ? { lof_features: lofFeaturesOf(o) } : {}),
  });
  await tx.execute(sql`UPDATE datasets SET metadata = metadata || ${note}::jsonb WHERE id = ${datasetId}`);
}

/**
 * Progress to memory at once; on PostgreSQL also to the row through another pool connection (the import's own
 * transaction is invisible to pollers) at most once a second.
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

export async function registerImportJob(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<void> {
  await boss.createQueue(IMPORT_QUEUE);
  await boss.work<ImportJobData>(IMPORT_QUEUE, async ([job]) => {
    if (!job) return;
    const analysis = await runImport(database, job.data);
    log.info({ importId: job.data.importId }, 'import finished');
    if (analysis) await sendAnalysis(boss, analysis);
  });
}
