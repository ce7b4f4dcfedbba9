// SQL of the export files (db/schema-exports.ts): the rows of the list and of the job, and the pipes' geometry
// for the files that carry it. Runs under withTenant (row-level security keeps a client to its own files).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ExportFormat, ExportItem, ExportKind } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { exportFiles, type ExportFileRow } from '../../db/schema-exports.ts';
import { visSegments } from '../../db/schema-analysis.ts';
import { breaks, pipes } from '../../db/schema-network.ts';
import { users } from '../../db/schema.ts';
import { pointOf, type Lines } from './formats/layer.ts';

export async function insertExportFile(
  tx: Db,
  row: {
    clientId: number;
    userId: number;
    datasetId: number;
    kind: ExportKind;
    format: ExportFormat;
    title: string;
    scenarioId?: number | null;
  },
): Promise<ExportFileRow> {
  const [created] = await tx.insert(exportFiles).values(row).returning();
  return created!;
}

const ITEM = {
  row: exportFiles,
  userName: users.fullName,
};

function itemOf({ row, userName }: { row: ExportFileRow; userName: string | null }): ExportItem {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind as ExportKind,
    format: row.format as ExportFormat,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    user: row.userId !== null && userName !== null ? { id: row.userId, name: userName } : null,
    datasetId: row.datasetId,
    scenarioId: row.scenarioId,
    rows: row.rows,
    sizeBytes: row.sizeBytes,
    message: row.message,
  };
}

/** Newest first, one page; the count is of every file the filter matches. */
export async function listExportFiles(
  tx: Db,
  q: { page: number; pageSize: number; datasetId?: number | undefined },
): Promise<{ items: ExportItem[]; totalCount: number }> {
  const where = q.datasetId === undefined ? undefined : eq(exportFiles.datasetId, q.datasetId);
  const rows = await tx
    .select(ITEM)
    .from(exportFiles)
    .leftJoin(users, eq(users.id, exportFiles.userId))
    .where(where)
    .orderBy(desc(exportFiles.createdAt), desc(exportFiles.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await tx.select({ n: count() }).from(exportFiles).where(where);
  return { items: rows.map(itemOf), totalCount: Number(total?.n ?? 0) };
}

export async function findExportFile(
  tx: Db,
  id: number,
): Promise<{ row: ExportFileRow; item: ExportItem } | undefined> {
  const [found] = await tx
    .select(ITEM)
    .from(exportFiles)
    .leftJoin(users, eq(users.id, exportFiles.userId))
    .where(eq(exportFiles.id, id));
  return found && { row: found.row, item: itemOf(found) };
}

/** False when the row is gone (deleted while its job ran). */
export async function updateExportFile(
  tx: Db,
  id: number,
  set: Partial<Pick<ExportFileRow, 'status' | 'rows' | 'sizeBytes' | 'file' | 'message' | 'finishedAt'>>,
): Promise<boolean> {
  const updated = await tx
    .update(exportFiles)
    .set(set)
    .where(eq(exportFiles.id, id))
    .returning({ id: exportFiles.id });
  return updated.length > 0;
}

/** Deletes the row; returns its stored file (relative to the exports folder), null when it had none. */
export async function deleteExportFile(tx: Db, id: number): Promise<{ file: string | null } | undefined> {
  const [deleted] = await tx
    .delete(exportFiles)
    .where(eq(exportFiles.id, id))
    .returning({ file: exportFiles.file });
  return deleted;
}

/**
 * Every client's files older than `days` (system context): rows deleted, their stored files returned for the caller
 * to remove after the commit.
 */
export async function purgeOldExportFiles(tx: Db, days: number): Promise<string[]> {
  const deleted = await tx
    .delete(exportFiles)
    .where(sql`${exportFiles.createdAt} < now() - make_interval(days => ${days})`)
    .returning({ file: exportFiles.file });
  return deleted.flatMap((d) => (d.file ? [d.file] : []));
}

/** A PostgreSQL array literal of integer ids, for `= ANY(…::int[])`: one bound parameter however many ids. */
const idArray = (ids: readonly number[]) => `{${ids.map(Math.trunc).join(',')}}`;

/** The lines of the given pipes, EPSG:4326 (as stored), 8 decimals (~1 mm): what a GIS needs, no more. */
export async function pipeLines(
  tx: Db,
  datasetId: number,
  ids: readonly number[],
): Promise<Map<number, Lines>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: pipes.id, geojson: sql<string>`ST_AsGeoJSON(ST_Multi(${pipes.geom}), 8)` })
    .from(pipes)
    .where(and(eq(pipes.datasetId, datasetId), sql`${pipes.id} = ANY(${idArray(ids)}::bigint[])`));
  return new Map(rows.map((r) => [r.id, (JSON.parse(r.geojson) as { coordinates: Lines }).coordinates]));
}

/** The lines of the given valve isolation segments of an analysis, as pipeLines. */
export async function segmentLines(
  tx: Db,
  analysisId: number,
  ids: readonly number[],
): Promise<Map<number, Lines>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: visSegments.segmentId,
      geojson: sql<string>`ST_AsGeoJSON(ST_Multi(${visSegments.geom}), 8)`,
    })
    .from(visSegments)
    .where(
      and(
        eq(visSegments.analysisId, analysisId),
        sql`${visSegments.segmentId} = ANY(${idArray(ids)}::int[])`,
      ),
    );
  return new Map(rows.map((r) => [r.id, (JSON.parse(r.geojson) as { coordinates: Lines }).coordinates]));
}

/** The points of the given breaks (a point layer's shape: pointOf), 8 decimals as pipeLines. */
export async function breakPoints(
  tx: Db,
  datasetId: number,
  ids: readonly number[],
): Promise<Map<number, Lines>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: breaks.id, x: sql<number>`ST_X(${breaks.geom})`, y: sql<number>`ST_Y(${breaks.geom})` })
    .from(breaks)
    .where(
      and(
        eq(breaks.datasetId, datasetId),
        sql`${breaks.geom} IS NOT NULL`,
        sql`${breaks.id} = ANY(${idArray(ids)}::bigint[])`,
      ),
    );
  const round8 = (v: number) => Math.round(Number(v) * 1e8) / 1e8;
  return new Map(rows.map((r) => [r.id, pointOf(round8(r.x), round8(r.y))]));
}
