// Steps 1–3 of the wizard: keep the file, describe a layer for the mapping screen, list its material values.
import type { Readable } from 'node:stream';
import {
  MATERIAL,
  can,
  importOptionsSchema,
  type InspectRequest,
  type InspectResponse,
  type MaterialsResponse,
  type Upload,
} from '@pipewise/domain';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { importKindOf, readOptionsOf, targetFields } from './import-options.ts';
import { offeredColumns } from './lof-features.ts';
import { findUpload, insertUpload, lastImportOptions, type UploadRow } from './imports.repository.ts';
import { ImportFileError, detectFormat, suggestMapping } from './parse/index.ts';
import { featuresInThread, layersInThread, warmParseThread, type ParseSource } from './parse-thread.ts';
import { populationYear } from './parse/column-synonyms.ts';
import { readMaterial } from './parse/suggest-material-mapping.ts';
import { deleteUpload, readUpload, saveStream, uploadPath } from './upload-files.ts';
import { uploadFileName } from './file-name.ts';
import { toWireLayer } from './upload-view.ts';
import { keepColumnValues, keptColumnValues } from './staged-rows.ts';

const SAMPLE_ROWS = 20;
/** Attributes only, each cell cut to what the sample table can show. */
const SAMPLE_FIELDS = { geometry: false, maxText: 200 } as const;

export function assertCanImport(me: AuthUser): void {
  if (!can(me, 'importData')) throw forbidden();
  assertNotDemo(me);
}

export const invalidFile = (error: ImportFileError) =>
  new AppError(400, 'IMPORT_FILE_INVALID', error.message);

/** Runs a parser step, answering a file's defect as 400 IMPORT_FILE_INVALID with the parser's message. */
export async function asFileProblem<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ImportFileError) throw invalidFile(error);
    throw error;
  }
}

export async function storeUpload(
  deps: Deps,
  me: AuthUser,
  part: { filename: string; file: Readable },
): Promise<Upload> {
  assertCanImport(me);
  const { dataDir } = deps.config;
  // The thread that lists the file starts while its bytes arrive.
  warmParseThread();
  const { id, size } = await saveStream(dataDir, part.file);
  const fileName = uploadFileName(part.filename);
  try {
    const file = await readUpload(uploadPath(dataDir, id), fileName);
    const layers = await asFileProblem(() => layersInThread(file));
    if (layers.length === 0)
      throw invalidFile(new ImportFileError({ file: fileName, message: 'holds no features' }));
    const format = detectFormat(fileName, file.head)!;
    const wire = layers.map(toWireLayer);
    await keepColumnValues(uploadPath(dataDir, id), layers);
    await withTenant(deps.database.db, me.clientId, (tx) =>
      insertUpload(tx, { id, clientId: me.clientId, userId: me.id, fileName, size, format, layers: wire }),
    );
    return { id, file_name: fileName, size, format, layers: wire };
  } catch (error) {
    await deleteUpload(uploadPath(dataDir, id));
    throw error;
  }
}

const storedLayers = z.array(
  z.object({
    name: z.string(),
    geometry_type: z.string(),
    feature_count: z.number(),
    columns: z.array(z.string()),
    crs: z.string().nullable(),
  }),
);

export interface OpenUpload {
  row: UploadRow;
  file: ParseSource;
  path: string;
}

export async function openUpload(deps: Deps, me: AuthUser, id: string): Promise<OpenUpload> {
  assertCanImport(me);
  const row = await withTenant(deps.database.db, me.clientId, (tx) => findUpload(tx, id));
  if (!row) throw notFound('Upload not found.');
  const path = uploadPath(deps.config.dataDir, id);
  const file = await readUpload(path, row.fileName).catch(() => {
    throw notFound('The uploaded file is gone; please upload it again.');
  });
  return { row, file, path };
}

/** A layer of the upload as listed at upload time (name, columns…); 400 when the file has no such layer. */
export function uploadLayer(row: UploadRow, name: string) {
  const layer = storedLayers.parse(row.layers).find((l) => l.name === name);
  if (!layer) throw new AppError(400, 'VALIDATION', `The file has no layer '${name}'.`);
  return layer;
}

export async function inspectUpload(
  deps: Deps,
  me: AuthUser,
  id: string,
  req: InspectRequest,
): Promise<InspectResponse> {
  const { row, file } = await openUpload(deps, me, id);
  const stored = uploadLayer(row, req.layer);
  const layer = { ...stored, crs: req.crs ?? stored.crs };
  const records = await asFileProblem(async () => {
    const rows: Readonly<Record<string, unknown>>[] = [];
    for await (const f of featuresInThread(file, readOptionsOf(req), SAMPLE_ROWS, SAMPLE_FIELDS)) {
      rows.push(f.properties);
      if (rows.length >= SAMPLE_ROWS) break;
    }
    return rows;
  });
  const sample = records.map((r) => layer.columns.map((c) => r[c] ?? null));
  const kind = importKindOf(req.type, req.asset_layer);
  const idLayer = req.type === 'assets' ? (req.asset_layer ?? 'pipes') : req.type;
  const suggested = Object.fromEntries(
    suggestMapping(kind, layer.columns, records, idLayer).map((s) => [s.field, s.column]),
  );
  // A column feeds one field at most (issue 16), the year columns included.
  const used = new Set(Object.values(suggested));
  for (const column of layer.columns) {
    const year = populationYear(column);
    if (kind === 'population' && year !== null && !used.has(column)) suggested[`population_${year}`] = column;
  }
  const remembered =
    req.snapshot_group_id === undefined
      ? null
      : await withTenant(deps.database.db, me.clientId, (tx) =>
          rememberedOptions(tx, req.snapshot_group_id!, req, layer.columns),
        );
  return {
    layer,
    target_fields: targetFields(kind, layer.columns),
    suggested_mapping: suggested,
    sample,
    remembered,
  };
}

/** The last import of this kind into the network, its mapping kept to the columns this file has. */
async function rememberedOptions(
  tx: Db,
  groupId: number,
  req: InspectRequest,
  columns: readonly string[],
): Promise<InspectResponse['remembered']> {
  const last = await lastImportOptions(tx, {
    groupId,
    type: req.type,
    assetLayer: req.type === 'assets' ? (req.asset_layer ?? 'pipes') : null,
  });
  const options = last && importOptionsSchema.safeParse(last.options);
  if (!last || !options?.success) return null;
  const o = options.data;
  const present = new Set(columns);
  const mapping = Object.fromEntries(Object.entries(o.mapping).filter(([, column]) => present.has(column)));
  // The material cohort stays a risk factor while the material column does.
  const offered = new Set(offeredColumns(mapping, columns));
  return {
    import_id: last.id,
    file_name: last.fileName,
    finished_at: last.finishedAt?.toISOString() ?? null,
    mapping,
    answers: o.answers,
    materials: Object.entries(o.materials),
    lof_features: o.lof_features.filter((c) => offered.has(c)),
  };
}

export async function materialValues(
  deps: Deps,
  me: AuthUser,
  id: string,
  req: { layer: string; crs?: string | undefined; encoding?: string | undefined; column: string },
): Promise<MaterialsResponse> {
  const { row, file, path } = await openUpload(deps, me, id);
  if (!uploadLayer(row, req.layer).columns.includes(req.column))
    throw new AppError(400, 'VALIDATION', `The layer has no column '${req.column}'.`);
  // Counted when the upload was listed, unless a text encoding other than the file's own is asked for.
  const kept = req.encoding === undefined ? await keptColumnValues(path, req.layer, req.column) : null;
  const counts = new Map<string, number>(kept ?? []);
  if (!kept)
    await asFileProblem(async () => {
      const only = { geometry: false, columns: [req.column] };
      for await (const f of featuresInThread(file, readOptionsOf(req), 1000, only)) {
        const v = f.properties[req.column];
        const raw = v === null || v === undefined ? '' : String(v).trim();
        if (raw !== '') counts.set(raw, (counts.get(raw) ?? 0) + 1);
      }
    });
  const values = [...counts].map(([value, count]) => {
    const reading = readMaterial(value);
    return {
      value,
      count,
      suggested: reading === null ? null : MATERIAL[reading.name],
      cohort: reading?.cohort ?? null,
    };
  });
  values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { values };
}
