// Import definitions (issue 42; docs/api-scheduled-imports.md): rules, permissions and the audit log. Only those who
// may import (administrators; with a token, scope import) see or change them; every change, run by hand and
// decision on a held run is in the client's audit log, in the same transaction.
import type { Readable } from 'node:stream';
import {
  can,
  importOptionsSchema,
  validationReportSchema,
  type DefinitionOptions,
  type ImportDefinition,
  type ImportItem,
  type ImportRun,
  type ImportSource,
  type Upload,
  type importDefinitionCreateSchema,
  type importDefinitionPatchSchema,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withTenant, type Db } from '../../db/database.ts';
import type { ImportDefinitionRow } from '../../db/schema-import-definitions.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { importKindOf, targetFields } from '../imports/import-options.ts';
import { ImportQueue } from '../imports/import-queue.ts';
import { lastImportOptions } from '../imports/imports.repository.ts';
import { queueImport } from '../imports/imports.service.ts';
import { groupExists } from '../imports/network-context.ts';
import { assertCanImport, openUpload, storeUpload } from '../imports/uploads.service.ts';
import { findUserById } from '../users/users.repository.ts';
import * as repo from './definitions.repository.ts';
import { toImportDefinition, toImportRun } from './definitions-view.ts';
import { sendRun } from './scheduler.ts';
import { assertSchedule, assertTimeZone } from './schedule.ts';

type Create = z.output<typeof importDefinitionCreateSchema>;
type Patch = z.output<typeof importDefinitionPatchSchema>;

const definitionNotFound = () => notFound('Import definition not found.');

function assertCanSee(me: AuthUser): void {
  if (!can(me, 'importData')) throw forbidden();
}

/** A URL's query may carry the GIS's access key: the audit log keeps the address without it. */
const auditedSource = (source: ImportSource | undefined) =>
  source?.type === 'url' ? { ...source, url: source.url.split('?')[0] } : source;

/** 400 naming the mapping's field when a field the import requires is not mapped. */
function assertMapping(o: DefinitionOptions): void {
  for (const f of targetFields(importKindOf(o.type, o.asset_layer), []))
    if (f.required && !o.mapping[f.field])
      throw fieldError(
        'BAD_REQUEST',
        `The mapping lacks the required field ${f.field}.`,
        `options.mapping.${f.field}`,
        'required',
      );
}

/** The next run of a schedule, null without one or while disabled; 400 naming the field that does not read. */
function nextRunOf(schedule: string | null, timeZone: string, enabled: boolean): Date | null {
  assertTimeZone(timeZone);
  if (schedule === null) return null;
  const next = assertSchedule(schedule, timeZone);
  return enabled ? next : null;
}

/** The wizard's remembered options for this network and kind (issue 15), without the target. */
async function rememberedOptions(tx: Db, body: Create): Promise<DefinitionOptions> {
  const assetLayer = body.type === 'assets' ? (body.asset_layer ?? 'pipes') : null;
  const last = await lastImportOptions(tx, { groupId: body.snapshot_group_id, type: body.type, assetLayer });
  const parsed = last && importOptionsSchema.safeParse(last.options);
  if (!parsed?.success)
    throw fieldError(
      'BAD_REQUEST',
      'This network has no earlier import of this kind whose mapping could be remembered: give the options.',
      'options',
      'required',
    );
  const { target: _target, ...options } = parsed.data;
  return options;
}

async function definitionOf(tx: Db, id: number): Promise<ImportDefinition> {
  const found = await repo.findDefinition(tx, id);
  if (!found) throw definitionNotFound();
  const last = await repo.lastRuns(tx, [id]);
  return toImportDefinition(found, last.get(id));
}

export async function listDefinitions(deps: Deps, me: AuthUser): Promise<ImportDefinition[]> {
  assertCanSee(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const rows = await repo.listDefinitions(tx);
    const last = await repo.lastRuns(
      tx,
      rows.map((r) => r.definition.id),
    );
    return rows.map((r) => toImportDefinition(r, last.get(r.definition.id)));
  });
}

export async function getDefinition(deps: Deps, me: AuthUser, id: number): Promise<ImportDefinition> {
  assertCanSee(me);
  return withTenant(deps.database.db, me.clientId, (tx) => definitionOf(tx, id));
}

export async function createDefinition(deps: Deps, me: AuthUser, body: Create): Promise<ImportDefinition> {
  assertCanImport(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    // Another client's network is hidden by row-level security: 404 as if unknown.
    if (!(await groupExists(tx, body.snapshot_group_id))) throw notFound('Network not found.');
    const timeZone = body.time_zone ?? (await findUserById(tx, me.id))?.user.timeZone ?? 'UTC';
    const options = body.options ?? (await rememberedOptions(tx, body));
    assertMapping(options);
    const id = await repo.insertDefinition(tx, {
      clientId: me.clientId,
      name: body.name,
      snapshotGroupId: body.snapshot_group_id,
      source: body.source,
      schedule: body.schedule,
      timeZone,
      options,
      limits: body.limits,
      enabled: body.enabled,
      nextRunAt: nextRunOf(body.schedule, timeZone, body.enabled),
      createdBy: me.id,
    });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.create',
      targetId: id,
      changes: {
        ...body,
        source: auditedSource(body.source),
        options: body.options ? 'given' : 'remembered',
      },
    });
    return definitionOf(tx, id);
  });
}

export async function patchDefinition(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: Patch,
): Promise<ImportDefinition> {
  assertCanImport(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await repo.findDefinition(tx, id);
    if (!found) throw definitionNotFound();
    const d: ImportDefinitionRow = found.definition;
    const schedule = body.schedule === undefined ? d.schedule : body.schedule;
    const timeZone = body.time_zone ?? d.timeZone;
    const enabled = body.enabled ?? d.enabled;
    if (body.options) assertMapping(body.options);
    await repo.updateDefinition(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.source !== undefined && { source: body.source }),
      ...(body.options !== undefined && { options: body.options }),
      ...(body.limits !== undefined && { limits: body.limits }),
      schedule,
      timeZone,
      enabled,
      nextRunAt: nextRunOf(schedule, timeZone, enabled),
      // Runs use the rights of whoever saved the definition last (run.ts actorOf).
      createdBy: me.id,
    });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.update',
      targetId: id,
      changes: { ...body, ...(body.source && { source: auditedSource(body.source) }) },
    });
    return definitionOf(tx, id);
  });
}

export async function deleteDefinition(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertCanImport(me);
  await withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await repo.findDefinition(tx, id);
    if (!found || !(await repo.deleteDefinition(tx, id))) throw definitionNotFound();
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.delete',
      targetId: id,
      changes: { name: found.definition.name },
    });
  });
}

/** Queues a run now (by hand, or on an upload): one at a time per definition. */
async function queueRun(
  deps: Deps,
  me: AuthUser,
  id: number,
  trigger: 'manual' | 'upload',
  prepare?: (tx: Db) => Promise<void>,
): Promise<ImportRun> {
  const run = await withTenant(deps.database.db, me.clientId, async (tx) => {
    if (!(await repo.findDefinition(tx, id))) throw definitionNotFound();
    await prepare?.(tx);
    if (await repo.hasActiveRun(tx, id))
      throw new AppError(409, 'CONFLICT', 'A run of this definition is under way; wait for it to end.');
    const row = await repo.insertRun(tx, {
      clientId: me.clientId,
      definitionId: id,
      trigger,
      status: 'queued',
    });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.run',
      targetId: id,
      changes: { run_id: row.id, trigger },
    });
    return (await repo.findRun(tx, row.id))!;
  });
  await sendRun(deps.jobs, { runId: run.run.id, clientId: me.clientId });
  return toImportRun(run);
}

export async function runNow(deps: Deps, me: AuthUser, id: number): Promise<ImportRun> {
  assertCanImport(me);
  return queueRun(deps, me, id, 'manual');
}

/**
 * A script's file for an upload-source definition: kept as a wizard upload, then run at once when the definition
 * has no schedule (the script is the schedule), else at its next scheduled time.
 */
export async function uploadFile(
  deps: Deps,
  me: AuthUser,
  id: number,
  part: { filename: string; file: Readable },
): Promise<{ upload: Upload; run: ImportRun | null }> {
  assertCanImport(me);
  const def = await withTenant(deps.database.db, me.clientId, (tx) => repo.findDefinition(tx, id));
  if (!def) throw definitionNotFound();
  if (def.definition.source.type !== 'upload')
    throw new AppError(
      409,
      'CONFLICT',
      'This definition reads a URL; files are uploaded only to upload sources.',
    );
  const upload = await storeUpload(deps, me, part);
  const keep = (tx: Db) =>
    repo.updateDefinition(tx, id, {
      fileUploadId: upload.id,
      fileName: upload.file_name,
      fileUploadedAt: new Date(),
    });
  if (def.definition.schedule !== null || !def.definition.enabled) {
    await withTenant(deps.database.db, me.clientId, keep);
    return { upload, run: null };
  }
  return { upload, run: await queueRun(deps, me, id, 'upload', keep) };
}

export async function listRuns(deps: Deps, me: AuthUser, id: number): Promise<ImportRun[]> {
  assertCanSee(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    if (!(await repo.findDefinition(tx, id))) throw definitionNotFound();
    return (await repo.listRuns(tx, id)).map(toImportRun);
  });
}

export async function getRun(deps: Deps, me: AuthUser, id: number, runId: number): Promise<ImportRun> {
  assertCanSee(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await repo.findRun(tx, runId);
    if (!found || found.run.definitionId !== id) throw notFound('Run not found.');
    return toImportRun(found);
  });
}

async function heldRun(tx: Db, id: number, runId: number) {
  const found = await repo.findRun(tx, runId);
  if (!found || found.run.definitionId !== id) throw notFound('Run not found.');
  if (found.run.status !== 'held')
    throw new AppError(409, 'CONFLICT', `This run is ${found.run.status}, not held for review.`);
  return found.run;
}

/**
 * An administrator commits a held run as it was validated: the wizard's commit with the run's file and options. The
 * run is claimed first (held → importing, one conditional UPDATE), so two administrators cannot both commit it.
 */
export async function commitHeld(deps: Deps, me: AuthUser, id: number, runId: number): Promise<ImportRun> {
  assertCanImport(me);
  const run = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const held = await heldRun(tx, id, runId);
    const claimed = await tx.execute(
      sql`UPDATE import_runs SET status = 'importing' WHERE id = ${runId} AND status = 'held' RETURNING id`,
    );
    if (claimed.rows.length === 0) throw new AppError(409, 'CONFLICT', 'This run was decided meanwhile.');
    return held;
  });
  const release = () =>
    withTenant(deps.database.db, me.clientId, (tx) => repo.updateRun(tx, runId, { status: 'held' }));
  let item: ImportItem;
  try {
    const options = importOptionsSchema.safeParse(run.options);
    const report = validationReportSchema.safeParse(run.report);
    if (!run.uploadId || !options.success || !report.success)
      throw new AppError(409, 'CONFLICT', 'This run has no validated file to commit.');
    if (!report.data.can_import)
      throw new AppError(
        409,
        'IMPORT_BLOCKED',
        `This file cannot be imported: ${report.data.blocking.join('; ')}.`,
      );
    const { row, path } = await openUpload(deps, me, run.uploadId);
    const actor = { clientId: me.clientId, userId: me.id };
    item = await queueImport(
      deps.database,
      new ImportQueue(deps.jobs),
      actor,
      row,
      path,
      options.data,
      report.data,
    );
  } catch (error) {
    await release();
    throw error;
  }
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    await repo.updateRun(tx, runId, { importId: item.id, reason: null, finishedAt: null });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.commit',
      targetId: id,
      changes: { run_id: runId, import_id: item.id },
    });
    return toImportRun((await repo.findRun(tx, runId))!);
  });
}

export async function discardHeld(deps: Deps, me: AuthUser, id: number, runId: number): Promise<ImportRun> {
  assertCanImport(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    await heldRun(tx, id, runId);
    await repo.updateRun(tx, runId, { status: 'discarded' });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'import_definition.discard',
      targetId: id,
      changes: { run_id: runId },
    });
    return toImportRun((await repo.findRun(tx, runId))!);
  });
}
