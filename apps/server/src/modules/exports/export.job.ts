// The 'export-email' job: builds the CSV of an export by e-mail and mails it to the user who asked (spec 000 §7;
// docs/api-assets.md). A job, not inline in the request: a large network's file takes seconds to build and an
// SMTP server may be slow or down, while the web only needs to know the request was taken (202 with the
// recipient, the success toast). pg-boss retries a failed send; the file is built again from the data served then.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ExportType } from '@pipewise/domain';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { gatesOf } from '../assets/viewer.ts';
import { findServedDataset, loadViewer } from '../assets/viewer.repository.ts';
import { TILE_LAYERS } from '../tiles/tile-layers.ts';
import { layerPropertyPage } from '../tiles/tiles.repository.ts';
import { CsvWriter, pipeColumns, visColumns, type PipeExportRow, type VisExportRow } from './export-csv.ts';
import { exportMail } from './export-mail.ts';
import * as repo from './exports.repository.ts';
import { compileVisibleFilter } from './visible-filter.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const EXPORT_QUEUE = 'export-email';

export interface ExportJobData {
  clientId: number;
  userId: number;
  datasetId: number;
  type: ExportType;
  extension: 'csv';
  hiddenIds: number[];
  /** The map's filter of the layer (visible-filter.ts); null or absent (jobs queued before it existed): none. */
  filter?: unknown[] | null;
}

const FILTER_PAGE = 5_000;

/**
 * The ids to leave out: those the web sent, and every feature of the layer the map's filter rejects, read page
 * by page with the tiles' own properties.
 */
async function hiddenIdsOf(tx: Db, job: ExportJobData, analysisId: number | null): Promise<number[]> {
  if (!job.filter) return job.hiddenIds;
  const visible = compileVisibleFilter(job.filter);
  const layer = TILE_LAYERS[job.type === 'lof' ? 'pipes' : 'vis']!;
  const hidden = new Set(job.hiddenIds);
  for (let afterId = -1; ;) {
    const page = await layerPropertyPage(tx, layer, {
      datasetId: job.datasetId,
      analysisId,
      afterId,
      limit: FILTER_PAGE,
    });
    for (const f of page) if (!visible(f.id, f.properties)) hidden.add(f.id);
    if (page.length < FILTER_PAGE) break;
    afterId = page.at(-1)!.id;
  }
  return [...hidden];
}

/** Pages of rows into the writer, each page asked for after the last row of the one before (keyset paging). */
async function collect<R>(columns: CsvWriter<R>, next: (last: R | undefined) => Promise<R[]>) {
  for (let page = await next(undefined); page.length; page = await next(page.at(-1))) columns.add(page);
  return columns;
}

/** Everything the mail needs, read in one tenant transaction (the caller's own client only). */
async function buildExport(database: Database, job: ExportJobData) {
  return withTenant(database.db, job.clientId, async (tx) => {
    const dataset = await findServedDataset(tx, job.datasetId);
    const user = await repo.userContact(tx, job.userId);
    // Deleted since the request (or the served analysis since a vis request): nothing a retry could fix.
    const analysisId = dataset?.analysis?.id;
    if (!dataset || !user || (job.type === 'vis' && analysisId === undefined)) return null;
    const gates = gatesOf(await loadViewer(tx, job.userId, job.clientId));
    const units = await repo.exportUnitsOf(tx, job.userId, job.clientId);
    const { datasetId } = job;
    const hiddenIds = await hiddenIdsOf(tx, job, analysisId ?? null);
    const csv =
      job.type === 'lof'
        ? await collect(new CsvWriter<PipeExportRow>(pipeColumns(gates, units)), (last) =>
            repo.pipePage(tx, { datasetId, hiddenIds, afterId: last?.id ?? 0 }),
          )
        : await collect(new CsvWriter<VisExportRow>(visColumns(gates, units)), (last) =>
            repo.visPage(tx, { analysisId: analysisId!, hiddenIds, afterId: last?.segmentId ?? -1 }),
          );
    return { user, csv, datasetName: (await repo.datasetName(tx, datasetId)) ?? `#${datasetId}` };
  });
}

/** Returns false when there was nothing to send (dataset, user or served analysis gone). */
export async function runEmailExport(
  database: Database,
  mailer: Mailer,
  job: ExportJobData,
): Promise<boolean> {
  const built = await buildExport(database, job);
  if (!built) return false;
  const day = new Date().toISOString().slice(0, 10);
  await mailer.send(
    exportMail({
      to: built.user.email,
      name: built.user.fullName,
      language: built.user.language,
      type: job.type,
      datasetName: built.datasetName,
      rows: built.csv.rows,
      attachment: {
        filename: `pipewise-${job.type}-${job.datasetId}-${day}.csv`,
        contentType: 'text/csv; charset=utf-8',
        // A byte-order mark: spreadsheet programs then read the UTF-8 of addresses (Japanese, accents) right.
        content: '\uFEFF' + built.csv.text(),
      },
    }),
  );
  return true;
}

export async function registerExportJob(
  boss: PgBoss,
  database: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
): Promise<void> {
  await ensureQueue(boss, EXPORT_QUEUE);
  await boss.work<ExportJobData>(EXPORT_QUEUE, async ([job]) => {
    if (!job) return;
    const { datasetId, type, userId } = job.data;
    const sent = await runEmailExport(database, mailer, job.data);
    log.info({ datasetId, type, userId, sent }, sent ? 'export mailed' : 'export had nothing to send');
  });
}
