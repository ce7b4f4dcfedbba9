// Steps 4–6 of the wizard and the imports list: rules and permissions; SQL in imports.repository, work in the job.
import type { ImportItem, ImportOptions, ValidationReport } from '@pipewise/domain';
import { can } from '@pipewise/domain';
import { tenantSteps, withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { importRank, type ImportQueue } from './import-queue.ts';
import { toImportItem } from './import-view.ts';
import { findImport, insertImport, listImports, setArchive } from './imports.repository.ts';
import { assertLofFeatures } from './lof-features.ts';
import { progressOf } from './progress.ts';
import { completeStagedRows, stagedRowsPath } from './staged-rows.ts';
import { asFileProblem, openUpload, uploadLayer } from './uploads.service.ts';
import { validateImport } from './validate-import.ts';

const currentYear = () => new Date().getUTCFullYear();

/**
 * The latest reports by upload and options. The wizard commits right after validating with the same options, and
 * reading a 100k-pipe file again took 6 s (bench/results/import.json): a commit reuses the report. The job checks
 * every row again as it writes, so a report that went stale in between cannot let bad rows in.
 */
const recentReports = new Map<string, ValidationReport>();
const RECENT_REPORTS = 50;
const reportKey = (clientId: number, id: string, o: ImportOptions) =>
  `${clientId}:${id}:${JSON.stringify(o)}`;

function remember(key: string, report: ValidationReport): void {
  recentReports.delete(key);
  recentReports.set(key, report);
  if (recentReports.size > RECENT_REPORTS) recentReports.delete(recentReports.keys().next().value!);
}

export async function validateUpload(
  deps: Deps,
  me: AuthUser,
  id: string,
  o: ImportOptions,
): Promise<ValidationReport> {
  const { row, file, path } = await openUpload(deps, me, id);
  assertLofFeatures(o, () => uploadLayer(row, o.layer).columns);
  const key = reportKey(me.clientId, id, o);
  const report = await asFileProblem(() =>
    validateImport(
      tenantSteps(deps.database, me.clientId),
      file,
      o,
      currentYear(),
      stagedRowsPath(path, `${key}:${currentYear()}`),
    ),
  );
  remember(key, report);
  return report;
}

export async function commitUpload(
  deps: Deps,
  queue: ImportQueue,
  me: AuthUser,
  id: string,
  o: ImportOptions,
): Promise<ImportItem> {
  const { row, file, path } = await openUpload(deps, me, id);
  assertLofFeatures(o, () => uploadLayer(row, o.layer).columns);
  const key = reportKey(me.clientId, id, o);
  // The rows the validation staged, under the same options and year (staged-rows.ts); the job reads the file
  // itself when they are not there.
  const rows = stagedRowsPath(path, `${key}:${currentYear()}`);
  const report =
    recentReports.get(key) ??
    (await asFileProblem(() =>
      validateImport(tenantSteps(deps.database, me.clientId), file, o, currentYear(), rows),
    ));
  recentReports.delete(key);
  if (!report.can_import)
    throw new AppError(409, 'IMPORT_BLOCKED', `This file cannot be imported: ${report.blocking.join('; ')}.`);
  const staged = await completeStagedRows(rows);
  return queueImport(
    deps.database,
    queue,
    { clientId: me.clientId, userId: me.id },
    row,
    path,
    o,
    report,
    staged ?? undefined,
  );
}

/**
 * The commit proper, once a report allows it: the import row and its job (sent after the row commits). The wizard's
 * commit and a scheduled import's run (modules/import-definitions) both end here, so there is one importer.
 */
export async function queueImport(
  database: Deps['database'],
  queue: ImportQueue,
  actor: { clientId: number; userId: number | null },
  upload: { id: string; fileName: string; format: string },
  path: string,
  o: ImportOptions,
  report: ValidationReport,
  /** Rows the validation staged for this import (staged-rows.ts). */
  stagedRows?: string,
): Promise<ImportItem> {
  const { item, rank } = await withTenant(database.db, actor.clientId, async (tx) => {
    const importId = await insertImport(tx, {
      clientId: actor.clientId,
      userId: actor.userId,
      type: o.type,
      assetLayer: o.type === 'assets' ? (o.asset_layer ?? 'pipes') : null,
      uploadId: upload.id,
      fileName: upload.fileName,
      format: upload.format,
      options: o,
      report,
      rows: report.rows,
      snapshotGroupId: 'snapshot_group_id' in o.target ? o.target.snapshot_group_id : null,
    });
    return {
      item: toImportItem((await findImport(tx, importId))!),
      rank: await importRank(tx, actor.clientId, importId),
    };
  });
  await queue.send(
    { importId: item.id, clientId: actor.clientId, path, ...(stagedRows ? { stagedRows } : {}) },
    rank,
  );
  return item;
}

export async function getImport(deps: Deps, me: AuthUser, id: number): Promise<ImportItem> {
  const live = progressOf(id, me.clientId);
  if (live) return live;
  const row = await withTenant(deps.database.db, me.clientId, (tx) => findImport(tx, id));
  if (!row) throw notFound('Import not found.');
  return toImportItem(row);
}

export async function listImportItems(
  deps: Deps,
  me: AuthUser,
  archived: 'true' | 'false' | 'all',
): Promise<ImportItem[]> {
  const flag = archived === 'all' ? 'all' : archived === 'true';
  const rows = await withTenant(deps.database.db, me.clientId, (tx) => listImports(tx, flag));
  return rows.map((r) => progressOf(r.id, me.clientId) ?? toImportItem(r));
}

export async function archiveImport(
  deps: Deps,
  me: AuthUser,
  id: number,
  archive: boolean,
): Promise<ImportItem> {
  if (!can(me, 'importData')) throw forbidden();
  assertNotDemo(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    if (!(await setArchive(tx, id, archive))) throw notFound('Import not found.');
    return toImportItem((await findImport(tx, id))!);
  });
}
