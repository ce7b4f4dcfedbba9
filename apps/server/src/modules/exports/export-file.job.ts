// The 'export-file' job: builds one export file (kind × format) of a dataset and keeps it under
// DATA_DIR/exports/<client>/<id>.<ext> for download and for the link an export mail carries. A job, not in the
// request: a 100k-pipe town's GeoPackage takes seconds. The row says queued → running → ready | failed; a failed
// file keeps its reason for the list.
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ExportFormat, ExportKind } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Database } from '../../db/database.ts';
import { settleDeadJobs } from '../../jobs/dead-jobs.ts';
import { gatesOf } from '../assets/viewer.ts';
import { findServedDataset, loadViewer } from '../assets/viewer.repository.ts';
import type { PipeExportRow, VisExportRow } from './export-csv.ts';
import {
  breakPoints,
  findExportFile,
  pipeLines,
  segmentLines,
  updateExportFile,
} from './export-files.repository.ts';
import * as repo from './exports.repository.ts';
import { builderFor } from './formats/builders.ts';
import { FILE_OF, type Lines } from './formats/layer.ts';
import type { ExportBuilder, ExportLayer } from './formats/layer.ts';
import { cofBreLayer, type CofBreRow } from './formats/cof-bre-layer.ts';
import { lofLayer } from './formats/lof-layer.ts';
import { normalizedBreakLayer, type NormalizedBreakRow } from './formats/normalized-break-layer.ts';
import { normalizedPipeLayer, type NormalizedPipeRow } from './formats/normalized-pipe-layer.ts';
import { visLayer } from './formats/vis-layer.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const EXPORT_FILE_QUEUE = 'export-file';

export interface ExportFileJobData {
  clientId: number;
  userId: number;
  exportId: number;
}

/** Where a file lives, relative to DATA_DIR/exports (the row keeps this, never an absolute path). */
export const exportFilePath = (clientId: number, id: number, format: ExportFormat) =>
  path.join(String(clientId), `${id}.${FILE_OF[format].extension}`);
export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

const PART = '.part';

/** How an export file's job is sent (the API, and the resumption of one a stopped worker held). */
export const EXPORT_FILE_JOB_OPTIONS = { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 } as const;

/** No file takes this long to build (a 100,000-pipe GeoPackage takes about a minute): one active longer lost its worker. */
export const EXPORT_DEAD_AFTER_S = 20 * 60;

/**
 * The files whose worker stopped mid-build (jobs/dead-jobs.ts) go back to 'queued' and are sent again, their old
 * jobs cancelled (issue 37: an export stayed 'running' 14 minutes after kill -9).
 */
export async function requeueDeadExports(
  boss: Pick<PgBoss, 'send'>,
  database: Database,
  atStart: boolean,
): Promise<number[]> {
  const dead = await settleDeadJobs<ExportFileJobData>(
    database,
    EXPORT_FILE_QUEUE,
    EXPORT_DEAD_AFTER_S,
    atStart,
  );
  for (const { data } of dead) {
    await withTenant(database.db, data.clientId, (tx) =>
      tx.execute(
        sql`UPDATE export_files SET status = 'queued' WHERE id = ${data.exportId} AND status = 'running'`,
      ),
    );
    await boss.send(EXPORT_FILE_QUEUE, data, EXPORT_FILE_JOB_OPTIONS);
  }
  return dead.map((d) => d.data.exportId);
}

/**
 * Removes the .part files of builds a stopped process left, older than `minAgeMs` (another worker of a shared
 * database may be writing a young one); answers how many went.
 */
export async function removePartialExports(dataDir: string, minAgeMs: number): Promise<number> {
  const root = exportsDir(dataDir);
  let removed = 0;
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  for (const entry of entries) {
    if (!entry.endsWith(PART)) continue;
    const file = path.join(root, entry);
    const info = await stat(file).catch(() => null);
    if (!info || Date.now() - info.mtimeMs < minAgeMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** The kinds the server builds today; the others are listed as unavailable (export-files.service.ts). */
export const BUILT_KINDS: readonly ExportKind[] = [
  'lof',
  'cofBre',
  'normalizedPipe',
  'normalizedBreak',
  'vis',
];

/** Pages into the builder, each asked for after the last key of the one before (keyset paging), lines joined. */
async function fill<R>(
  builder: ExportBuilder<R>,
  next: (after: R | undefined) => Promise<R[]>,
  lines: (page: R[]) => Promise<Map<number, Lines>>,
  key: (row: R) => number,
): Promise<number> {
  let rows = 0;
  for (let page = await next(undefined); page.length; page = await next(page.at(-1))) {
    const found = await lines(page);
    builder.add(page.map((row) => ({ row, lines: found.get(key(row)) ?? null })));
    rows += page.length;
  }
  return rows;
}

/** One kind's file: its layer filled a page at a time (keyset paging), each page joined to its geometry. */
async function build<R>(
  format: ExportFormat,
  layer: ExportLayer<R>,
  next: (after: R | undefined) => Promise<R[]>,
  lines: (page: R[]) => Promise<Map<number, Lines>>,
  key: (row: R) => number,
) {
  const builder = await builderFor<R>(format, layer);
  const rows = await fill(builder, next, lines, key);
  return { bytes: await builder.finish(), rows };
}

/**
 * The file's bytes: every pipe of the dataset (lof, cofBre, normalizedPipe), every break (normalizedBreak) or every
 * segment of its served analysis (vis).
 */
async function buildFile(
  database: Database,
  job: ExportFileJobData,
  kind: ExportKind,
  datasetId: number,
  format: ExportFormat,
) {
  return withTenant(database.db, job.clientId, async (tx) => {
    const dataset = await findServedDataset(tx, datasetId);
    if (!dataset) throw new Error('The dataset no longer exists.');
    const gates = gatesOf(await loadViewer(tx, job.userId, job.clientId));
    const units = await repo.exportUnitsOf(tx, job.userId, job.clientId);
    const served = (what: string) => {
      const analysisId = dataset.analysis?.id;
      if (analysisId === undefined) throw new Error(`The dataset has no served analysis, so no ${what}.`);
      return analysisId;
    };
    const byId = (r: { id: number }) => r.id;
    const pipesOf = (page: { id: number }[]) => pipeLines(tx, datasetId, page.map(byId));
    switch (kind) {
      case 'vis': {
        const analysisId = served('segments');
        return build<VisExportRow>(
          format,
          visLayer(gates, units),
          (last) => repo.visPage(tx, { analysisId, hiddenIds: [], afterId: last?.segmentId ?? -1 }),
          (page) =>
            segmentLines(
              tx,
              analysisId,
              page.map((r) => r.segmentId),
            ),
          (r) => r.segmentId,
        );
      }
      case 'cofBre': {
        const analysisId = served('COF');
        return build<CofBreRow>(
          format,
          cofBreLayer(gates, units),
          (last) => repo.cofBrePage(tx, { datasetId, analysisId, afterId: last?.id ?? 0 }),
          pipesOf,
          byId,
        );
      }
      case 'normalizedBreak':
        return build<NormalizedBreakRow>(
          format,
          normalizedBreakLayer(units),
          (last) => repo.normalizedBreakPage(tx, { datasetId, afterId: last?.id ?? 0 }),
          (page) => breakPoints(tx, datasetId, page.map(byId)),
          byId,
        );
      case 'normalizedPipe':
        return build<NormalizedPipeRow>(
          format,
          normalizedPipeLayer(units),
          (last) => repo.normalizedPipePage(tx, { datasetId, afterId: last?.id ?? 0 }),
          pipesOf,
          byId,
        );
      case 'lof':
        return build<PipeExportRow>(
          format,
          lofLayer(gates, units),
          (last) => repo.pipePage(tx, { datasetId, hiddenIds: [], afterId: last?.id ?? 0 }),
          pipesOf,
          byId,
        );
    }
  });
}

/** Builds and stores the file; returns its status. Never throws for a file that cannot be made: it is 'failed'. */
export async function runExportFile(
  database: Database,
  dataDir: string,
  job: ExportFileJobData,
): Promise<'ready' | 'failed' | 'gone'> {
  const found = await withTenant(database.db, job.clientId, (tx) => findExportFile(tx, job.exportId));
  if (!found) return 'gone';
  const { row } = found;
  const update = (set: Parameters<typeof updateExportFile>[2]) =>
    withTenant(database.db, job.clientId, (tx) => updateExportFile(tx, row.id, set));
  await update({ status: 'running' });
  try {
    const kind = row.kind as ExportKind;
    if (!BUILT_KINDS.includes(kind) || row.datasetId === null)
      throw new Error(`Export kind ${row.kind} cannot be built.`);
    const format = row.format as ExportFormat;
    const { bytes, rows } = await buildFile(database, job, kind, row.datasetId, format);
    const file = exportFilePath(job.clientId, row.id, format);
    const absolute = path.join(exportsDir(dataDir), file);
    await mkdir(path.dirname(absolute), { recursive: true });
    // Written beside, then renamed: a process killed mid-write leaves a .part file (removed at the next start), never
    // a truncated file under the export's own name (issue 37: a 0-byte .gpkg was left after kill -9).
    await writeFile(`${absolute}${PART}`, bytes);
    await rename(`${absolute}${PART}`, absolute);
    if (!(await update({ status: 'ready', rows, sizeBytes: bytes.length, file, finishedAt: new Date() }))) {
      // Deleted while it was being built: no row may be left without its file, nor a file without its row.
      await rm(absolute, { force: true });
      return 'gone';
    }
    return 'ready';
  } catch (error) {
    await update({ status: 'failed', message: (error as Error).message, finishedAt: new Date() });
    return 'failed';
  }
}

export async function registerExportFileJob(
  boss: PgBoss,
  database: Database,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<() => void> {
  await ensureQueue(boss, EXPORT_FILE_QUEUE);
  // The embedded database has one process: every .part file is a dead build's. On PostgreSQL an hour is past any build.
  const removed = await removePartialExports(dataDir, database.kind === 'pglite' ? 0 : 60 * 60_000);
  if (removed > 0) log.warn({ removed }, 'partial export files of a stopped process were removed');
  const settle = async (atStart: boolean) => {
    const exports = await requeueDeadExports(boss, database, atStart);
    if (exports.length > 0)
      log.warn({ exports }, 'export files a stopped worker was building are queued again');
  };
  await settle(true);
  const timer = setInterval(
    () => void settle(false).catch((err: unknown) => log.error({ err }, 'export settle sweep failed')),
    60_000,
  );
  await boss.work<ExportFileJobData>(EXPORT_FILE_QUEUE, async ([job]) => {
    if (!job) return;
    log.info({ exportId: job.data.exportId }, 'export file started');
    const status = await runExportFile(database, dataDir, job.data);
    log.info({ exportId: job.data.exportId, status }, 'export file built');
  });
  return () => clearInterval(timer);
}
