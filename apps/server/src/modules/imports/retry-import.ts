// Trying a failed import again (issue 18: an import killed mid-write stayed `running` forever; now the worker fails
// it, and the wizard offers to run it again). Safe because a failed import leaves nothing behind (its staged version
// is discarded: import.job.ts, staged-version.ts failStaleImports): the retry is a new import of the same upload with
// the same options and the report made at its commit, so the wizard need not be walked through again.
import type { ImportItem, ImportOptions } from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, notFound } from '../../lib/errors.ts';
import { importRank, type ImportQueue } from './import-queue.ts';
import { toImportItem } from './import-view.ts';
import { findImport, insertImport } from './imports.repository.ts';
import { assertCanImport } from './uploads.service.ts';
import { keptUpload } from './upload-files.ts';

/** 202 with the new import; 409 unless the import failed; 410 when its upload is gone (housekeeping, 7 days). */
export async function retryImport(
  deps: Deps,
  queue: ImportQueue,
  me: AuthUser,
  id: number,
): Promise<ImportItem> {
  assertCanImport(me);
  assertNotDemo(me);
  const failed = await withTenant(deps.database.db, me.clientId, (tx) => findImport(tx, id));
  if (!failed) throw notFound('Import not found.');
  if (failed.status !== 'failed')
    throw new AppError(409, 'CONFLICT', 'Only a failed import can be tried again.');
  const path = await keptUpload(deps.config.dataDir, failed.uploadId);
  if (!path) throw new AppError(410, 'NOT_FOUND', 'The uploaded file is gone; please upload it again.');
  const { item, rank } = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const importId = await insertImport(tx, {
      clientId: me.clientId,
      userId: me.id,
      type: failed.type,
      assetLayer: failed.assetLayer,
      uploadId: failed.uploadId,
      fileName: failed.fileName,
      format: failed.format,
      options: failed.options as ImportOptions,
      report: failed.report,
      rows: failed.rows,
      snapshotGroupId: failed.snapshotGroupId,
    });
    return {
      item: toImportItem((await findImport(tx, importId))!),
      rank: await importRank(tx, me.clientId, importId),
    };
  });
  await queue.send({ importId: item.id, clientId: me.clientId, path }, rank);
  return item;
}
