// Export files (spec 001 §2, §3, §7; docs/api-exports.md): ask for a file (a job builds it), list them 25 a page
// with what the caller may make, download one. Any role may export what it can see, as with the e-mail export;
// demo accounts may not (CHECKLIST TBD-05). Row-level security keeps each client to its own files: another
// client's id is a 404, like a missing one.
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type CreateExportBody,
  type ExportAvailability,
  type ExportFormat,
  type ExportKind,
  type ExportItem,
  type ExportList,
  type ExportListQuery,
  hasRole,
  PERMISSION_GROUP,
} from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { inDataset } from '../assets/scope.ts';
import { gatesOf, type Gates } from '../assets/viewer.ts';
import { loadViewer, type ServedAnalysis } from '../assets/viewer.repository.ts';
import {
  BUILT_KINDS,
  EXPORT_FILE_JOB_OPTIONS,
  EXPORT_FILE_QUEUE,
  exportsDir,
  type ExportFileJobData,
} from './export-file.job.ts';
import {
  deleteExportFile,
  findExportFile,
  insertExportFile,
  listExportFiles,
} from './export-files.repository.ts';
import { exportFileMail, MAX_ATTACHMENT_BYTES } from './export-file-mail.ts';
import { datasetName, userContact } from './exports.repository.ts';
import { FILE_OF } from './formats/layer.ts';

/**
 * Whether the subscriptions open a kind: VIS segments need VIS, COF and BRE need COF (BRE columns need BRE too:
 * cof-bre-layer.ts); the lof file's columns are gated one by one, and the normalised network is the utility's own.
 */
const kindOpen = (kind: ExportKind, gates: Gates) =>
  kind === 'vis' ? gates.vis : kind === 'cofBre' ? gates.cof : true;

const CLOSED: Partial<Record<ExportKind, string>> = {
  vis: 'Valve isolation segments need the VIS subscription.',
  cofBre: 'COF and BRE need the COF subscription.',
};

/** The COF scenario the served analysis ran under (null: the country default) and its name from the COF summary. */
function scenarioOf(analysis: ServedAnalysis): { id: number | null; name: string | null } {
  const name = analysis.cofSummary?.['scenarioName'];
  return { id: analysis.cofScenarioId, name: typeof name === 'string' ? name : null };
}

/** What the caller may make: the kinds the server builds and the subscriptions open, in every format. */
function availabilityFor(me: AuthUser, gates: Gates): ExportAvailability {
  const formats = (on: boolean) =>
    Object.fromEntries(EXPORT_FORMATS.map((f) => [f, on])) as Record<ExportFormat, boolean>;
  return Object.fromEntries(
    EXPORT_KINDS.map((k) => [k, formats(!me.isDemo && BUILT_KINDS.includes(k) && kindOpen(k, gates))]),
  ) as ExportAvailability;
}

export async function createExport(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  body: CreateExportBody,
): Promise<ExportItem> {
  assertNotDemo(me);
  if (!BUILT_KINDS.includes(body.kind))
    throw new AppError(400, 'EXPORT_UNAVAILABLE', `Exports of kind ${body.kind} are not available yet.`);
  const item = await inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }) => {
    if (!kindOpen(body.kind, gatesOf(viewer))) throw forbidden(CLOSED[body.kind] ?? 'Export not allowed.');
    // As the e-mail export: segments come from the served analysis, their own code.
    if (body.kind === 'vis' && !dataset.analysis)
      throw new AppError(404, 'NO_VIS_SEGMENTS', 'This dataset has no served analysis, so no segments.');
    if (body.kind === 'cofBre' && !dataset.analysis?.cofSummary)
      throw new AppError(404, 'NO_COF_ASSESSMENT', 'This dataset has no served COF results.');
    let title = (await datasetName(tx, datasetId)) ?? `#${datasetId}`;
    let scenarioId: number | null = null;
    if (body.kind === 'cofBre') {
      // The file holds the served results, so it names the scenario they were computed under.
      const scenario = scenarioOf(dataset.analysis!);
      scenarioId = scenario.id;
      if (scenario.name) title = `${title} — ${scenario.name}`;
    }
    const row = await insertExportFile(tx, {
      clientId: me.clientId,
      userId: me.id,
      datasetId,
      title,
      scenarioId,
      ...body,
    });
    return (await findExportFile(tx, row.id))!.item;
  });
  const job: ExportFileJobData = { clientId: me.clientId, userId: me.id, exportId: item.id };
  await deps.jobs.send(EXPORT_FILE_QUEUE, job, EXPORT_FILE_JOB_OPTIONS);
  return item;
}

export async function listExports(deps: Deps, me: AuthUser, query: ExportListQuery): Promise<ExportList> {
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    // Another client's dataset answers 404 as on every other route (issue 37), not an empty list.
    if (query.datasetId !== undefined && (await datasetName(tx, query.datasetId)) === undefined)
      throw notFound('Dataset not found.');
    const page = await listExportFiles(tx, query);
    const gates = gatesOf(await loadViewer(tx, me.id, me.clientId));
    return { ...page, availability: availabilityFor(me, gates) };
  });
}

export async function getExport(deps: Deps, me: AuthUser, id: number): Promise<ExportItem> {
  const found = await withTenant(deps.database.db, me.clientId, (tx) => findExportFile(tx, id));
  if (!found) throw notFound('Export not found.');
  return found.item;
}

/**
 * Deletes a file and its row: the user who asked for it, or an administrator of the client. A file still being built
 * goes too (its job finds the row gone and removes what it wrote). The demo account deletes nothing.
 */
export async function deleteExport(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertNotDemo(me);
  const file = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await findExportFile(tx, id);
    if (!found) throw notFound('Export not found.');
    const admin = hasRole(me.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR);
    if (found.row.userId !== me.id && !admin)
      throw forbidden('Only the user who made this file, or an administrator, may delete it.');
    return (await deleteExportFile(tx, id))?.file ?? null;
  });
  // After the commit: a crash in between leaves a stray file, never a row without its file.
  if (file) await rm(path.join(exportsDir(deps.config.dataDir), file), { force: true });
}

/** A ready file of the caller's client: its row, where it lies, and the name a download folder should get. */
async function readyFile(deps: Deps, me: AuthUser, id: number) {
  const found = await withTenant(deps.database.db, me.clientId, (tx) => findExportFile(tx, id));
  if (!found) throw notFound('Export not found.');
  const { row, item } = found;
  if (item.status !== 'ready' || !row.file)
    throw new AppError(
      409,
      'EXPORT_NOT_READY',
      `The export is ${item.status}, there is no file to download.`,
    );
  const { extension, contentType } = FILE_OF[item.format];
  const day = item.createdAt.slice(0, 10);
  return {
    item,
    absolute: path.join(exportsDir(deps.config.dataDir), row.file),
    contentType,
    filename: `pipewise-${item.kind}-${item.datasetId ?? 'x'}-${day}.${extension}`,
  };
}

/** The stored file as a stream. */
export async function exportFile(deps: Deps, me: AuthUser, id: number) {
  const file = await readyFile(deps, me, id);
  return { ...file, stream: createReadStream(file.absolute), size: file.item.sizeBytes };
}

/**
 * Mails the caller a link to the file — the export page, which downloads it once logged in — and the file itself
 * when small enough (export-file-mail.ts). Sent in the request, not by a job: the web's toast then says whether
 * it went (spec 001 §8 'exports.sendSuccess' naming the recipient, 'exports.sendFailure').
 */
export async function emailExport(deps: Deps, me: AuthUser, id: number): Promise<{ email: string }> {
  assertNotDemo(me);
  const file = await readyFile(deps, me, id);
  const user = await withTenant(deps.database.db, me.clientId, (tx) => userContact(tx, me.id));
  if (!user) throw notFound('User not found.');
  const size = file.item.sizeBytes ?? 0;
  const attach = size <= MAX_ATTACHMENT_BYTES;
  await deps.mailer.send(
    exportFileMail({
      to: user.email,
      name: user.fullName,
      language: user.language,
      what: `${file.item.title} (${file.item.kind}, ${file.item.format})`,
      link: `${deps.config.publicUrl}/data/export?file=${file.item.id}`,
      sizeBytes: size,
      attachment: attach
        ? { filename: file.filename, contentType: file.contentType, content: await readFile(file.absolute) }
        : null,
    }),
  );
  return { email: user.email };
}
