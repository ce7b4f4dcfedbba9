// One run of a definition: the wizard driven by the server. Fetch the file (or take the one a script uploaded), read
// its layers, validate it with the definition's options (validate-import.ts, the wizard's step 4), measure how much
// it changes the network, then either commit it through the wizard's own commit (queueImport: an import row and
// the import job) or hold it for review. Holds and failures are mailed to the client's administrators.
import { can, type ImportOptions } from '@pipewise/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { tenantSteps, withTenant } from '../../db/database.ts';
import type { ImportDefinitionRow } from '../../db/schema-import-definitions.ts';
import type { ImportQueue } from '../imports/import-queue.ts';
import { findUpload, insertUpload } from '../imports/imports.repository.ts';
import { queueImport } from '../imports/imports.service.ts';
import { ImportFileError, detectFormat } from '../imports/parse/index.ts';
import { headOf, layersInThread } from '../imports/parse-thread.ts';
import { deleteUpload, readUpload, uploadPath } from '../imports/upload-files.ts';
import { toWireLayer } from '../imports/upload-view.ts';
import { validateImport } from '../imports/validate-import.ts';
import { findUserById } from '../users/users.repository.ts';
import { holdReason, measureChange } from './change-check.ts';
import { findDefinition, updateRun } from './definitions.repository.ts';
import { mailAdministrators, type RunMailContext } from './run-mail.ts';
import { FETCH_LIMITS, SourceError, fetchSource, type FetchLimits } from './source-fetch.ts';

export interface RunContext extends RunMailContext {
  dataDir: string;
  queue: ImportQueue;
  log?: FastifyBaseLogger | undefined;
  fetchLimits?: FetchLimits;
}

/** A reason the run cannot go on, in words for the runs list and the mail. */
class RunFailure extends Error {}

/** The file name a fetched service's GeoJSON gets: the definition's name, as a safe file stem. */
const stemOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'scheduled-import';

interface Acquired {
  upload: { id: string; fileName: string; format: string };
  path: string;
  layers: string[];
}

/** The user whose rights the run uses: whoever saved the definition last, while they may still import. */
async function actorOf(ctx: RunContext, clientId: number, def: ImportDefinitionRow): Promise<number> {
  const user = def.createdBy
    ? await withTenant(ctx.database.db, clientId, (tx) => findUserById(tx, def.createdBy!))
    : undefined;
  if (!user || !user.user.isActive || !can(user.user, 'importData'))
    throw new RunFailure(
      'the administrator who saved this definition can no longer import; an administrator should save it again',
    );
  return user.user.id;
}

async function acquire(
  ctx: RunContext,
  clientId: number,
  def: ImportDefinitionRow,
  userId: number,
): Promise<Acquired> {
  if (def.source.type === 'upload') {
    if (!def.fileUploadId) throw new RunFailure('no file has been uploaded to this definition yet');
    const row = await withTenant(ctx.database.db, clientId, (tx) => findUpload(tx, def.fileUploadId!));
    const path = uploadPath(ctx.dataDir, def.fileUploadId);
    const kept =
      row &&
      (await readUpload(path, row.fileName).then(
        () => true,
        () => false,
      ));
    if (!row || !kept)
      throw new RunFailure('the uploaded file is gone (uploads are kept 7 days); upload it again');
    const layers = (row.layers as { name: string }[]).map((l) => l.name);
    return { upload: { id: row.id, fileName: row.fileName, format: row.format }, path, layers };
  }
  const fetched = await fetchSource(
    ctx.dataDir,
    def.source,
    stemOf(def.name),
    ctx.fetchLimits ?? FETCH_LIMITS,
  );
  const path = uploadPath(ctx.dataDir, fetched.id);
  try {
    const file = await readUpload(path, fetched.fileName);
    const layers = await layersInThread(file);
    if (layers.length === 0)
      throw new ImportFileError({ file: fetched.fileName, message: 'holds no features' });
    const format = detectFormat(fetched.fileName, headOf(file));
    if (!format)
      throw new ImportFileError({
        file: fetched.fileName,
        message: 'is no GeoJSON, GeoPackage or zipped Shapefile',
      });
    const wire = layers.map(toWireLayer);
    // A regular upload row: housekeeping deletes it with the wizard's, and a held run can be opened in the wizard.
    await withTenant(ctx.database.db, clientId, (tx) =>
      insertUpload(tx, {
        id: fetched.id,
        clientId,
        userId,
        fileName: fetched.fileName,
        size: fetched.size,
        format,
        layers: wire,
      }),
    );
    return {
      upload: { id: fetched.id, fileName: fetched.fileName, format },
      path,
      layers: wire.map((l) => l.name),
    };
  } catch (error) {
    await deleteUpload(path);
    throw error;
  }
}

/**
 * The wizard's options for this file. A GeoJSON's layer is named after its file, which a script may name anew each
 * night: when the remembered layer is not in the file and the file has one layer, that layer is meant.
 */
function optionsFor(def: ImportDefinitionRow, layers: string[]): ImportOptions {
  let layer = def.options.layer;
  if (!layers.includes(layer)) {
    if (layers.length !== 1)
      throw new RunFailure(`the file has no layer '${layer}' (it has ${layers.join(', ')})`);
    layer = layers[0]!;
  }
  return { ...def.options, layer, target: { snapshot_group_id: def.snapshotGroupId } };
}

/** Runs a queued run to its outcome; never throws for a bad source or file (the run records it). */
export async function executeRun(
  ctx: RunContext,
  runId: number,
  clientId: number,
  now = new Date(),
): Promise<void> {
  const claimed = await withTenant(ctx.database.db, clientId, async (tx) => {
    const r = await tx.execute(
      sql`UPDATE import_runs SET status = 'running', started_at = now() WHERE id = ${runId} AND status = 'queued'
          RETURNING definition_id`,
    );
    if (r.rows.length === 0) return null;
    const definitionId = Number(r.rows[0]!['definition_id']);
    // A newer file supersedes a held one: committing the older file after it would import stale data.
    await tx.execute(sql`
      UPDATE import_runs SET status = 'discarded', reason = ${`superseded by run ${runId}`}
      WHERE definition_id = ${definitionId} AND status = 'held' AND id < ${runId}`);
    return findDefinition(tx, definitionId);
  });
  if (!claimed) return;
  const def = claimed.definition;
  const about = { definition: def.name, network: claimed.groupName };
  const finish = (patch: Parameters<typeof updateRun>[2]) =>
    withTenant(ctx.database.db, clientId, (tx) => updateRun(tx, runId, { ...patch, finishedAt: new Date() }));
  let acquired: Acquired | undefined;
  try {
    const userId = await actorOf(ctx, clientId, def);
    acquired = await acquire(ctx, clientId, def, userId);
    const o = optionsFor(def, acquired.layers);
    const file = await readUpload(acquired.path, acquired.upload.fileName);
    const tenant = tenantSteps(ctx.database, clientId);
    const report = await validateImport(tenant, file, o, now.getUTCFullYear());
    const change = report.can_import ? await measureChange(tenant, file, o, report) : null;
    const reason = holdReason(report, change, def.limits);
    const recorded = {
      uploadId: acquired.upload.id,
      fileName: acquired.upload.fileName,
      options: o,
      report,
      change,
    };
    if (reason) {
      await finish({ ...recorded, status: 'held', reason });
      await mailAdministrators(ctx, clientId, runId, 'held', { ...about, reason }).catch((err: unknown) =>
        ctx.log?.error({ err, runId }, 'scheduled import hold mail not sent'),
      );
      return;
    }
    const item = await queueImport(
      ctx.database,
      ctx.queue,
      { clientId, userId },
      acquired.upload,
      acquired.path,
      o,
      report,
    );
    await withTenant(ctx.database.db, clientId, (tx) =>
      updateRun(tx, runId, { ...recorded, status: 'importing', importId: item.id }),
    );
  } catch (error) {
    const known =
      error instanceof RunFailure || error instanceof SourceError || error instanceof ImportFileError;
    if (!known) ctx.log?.error({ err: error, runId }, 'scheduled import run failed');
    const reason = known ? (error as Error).message : 'the run failed on the server; see the server log';
    await finish({
      status: 'failed',
      reason,
      ...(acquired && { uploadId: acquired.upload.id, fileName: acquired.upload.fileName }),
    });
    await mailAdministrators(ctx, clientId, runId, 'failed', { ...about, reason }).catch((err: unknown) =>
      ctx.log?.error({ err, runId }, 'scheduled import failure mail not sent'),
    );
  }
}
