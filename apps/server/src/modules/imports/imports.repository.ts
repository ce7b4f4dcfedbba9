// SQL of the wizard's uploads and the imports list. Every function runs in the caller's tenant transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { imports, uploads, type ImportRow } from '../../db/schema-network.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type ImportWithUser = ImportRow & { createdByName: string | null };

export async function insertUpload(tx: Db, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  return (await tx.insert(uploads).values(row).returning())[0]!;
}

export async function findUpload(tx: Db, id: string): Promise<UploadRow | undefined> {
  return (await tx.select().from(uploads).where(eq(uploads.id, id)))[0];
}

export async function insertImport(tx: Db, row: typeof imports.$inferInsert): Promise<number> {
  return (await tx.insert(imports).values(row).returning({ id: imports.id }))[0]!.id;
}

const withUser = { item: imports, createdByName: users.fullName };

export async function findImport(tx: Db, id: number): Promise<ImportWithUser | undefined> {
  const rows = await tx
    .select(withUser)
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .where(eq(imports.id, id));
  return rows[0] && { ...rows[0].item, createdByName: rows[0].createdByName };
}

export async function listImports(tx: Db, archived: boolean | 'all'): Promise<ImportWithUser[]> {
  const rows = await tx
    .select(withUser)
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .where(archived === 'all' ? undefined : eq(imports.archive, archived))
    .orderBy(desc(imports.createdAt), desc(imports.id));
  return rows.map((r) => ({ ...r.item, createdByName: r.createdByName }));
}

export async function setArchive(tx: Db, id: number, archive: boolean): Promise<boolean> {
  const r = await tx.update(imports).set({ archive }).where(eq(imports.id, id)).returning({ id: imports.id });
  return r.length > 0;
}

export async function updateImport(
  tx: Db,
  id: number,
  patch: Partial<typeof imports.$inferInsert>,
): Promise<void> {
  await tx.update(imports).set(patch).where(eq(imports.id, id));
}

/** Only while running: a finished import's progress is final. */
export async function updateProgress(tx: Db, id: number, progress: number): Promise<void> {
  await tx
    .update(imports)
    .set({ progress })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')));
}

/** Row counts of every table an import writes, for "a failure leaves nothing behind" checks. */
export async function layerRowCounts(tx: Db): Promise<Record<string, number>> {
  const r = await tx.execute(sql`
    SELECT (SELECT count(*) FROM pipes)::int AS pipes, (SELECT count(*) FROM breaks)::int AS breaks,
      (SELECT count(*) FROM valves)::int AS valves, (SELECT count(*) FROM point_assets)::int AS point_assets,
      (SELECT count(*) FROM areas)::int AS areas, (SELECT count(*) FROM population_regions)::int AS population,
      (SELECT count(*) FROM pressure_readings)::int AS pressures, (SELECT count(*) FROM datasets)::int AS datasets,
      (SELECT count(*) FROM snapshots)::int AS snapshots, (SELECT count(*) FROM snapshot_groups)::int AS groups,
      (SELECT count(*) FROM epanet_models)::int AS epanet_models`);
  return Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, Number(v)]));
}

/**
 * Uploads older than `days` that no queued or running import still needs (system context: every client).
 * Returns their ids so the caller deletes the files after the rows.
 */
export async function purgeOldUploads(tx: Db, days: number): Promise<string[]> {
  const r = await tx.execute(sql`
    DELETE FROM uploads u WHERE u.created_at < now() - make_interval(days => ${days})
      AND NOT EXISTS (SELECT 1 FROM imports i WHERE i.upload_id = u.id AND i.status IN ('queued', 'running'))
    RETURNING u.id`);
  return r.rows.map((row) => String(row['id']));
}

/**
 * The options of the last successful import of this kind (type and asset layer) into a network, for the wizard to
 * offer again for its next version (issue 15: mappings and answers are remembered per network).
 */
export async function lastImportOptions(
  tx: Db,
  q: { groupId: number; type: string; assetLayer: string | null },
): Promise<{ id: number; fileName: string; finishedAt: Date | null; options: unknown } | undefined> {
  const rows = await tx
    .select({
      id: imports.id,
      fileName: imports.fileName,
      finishedAt: imports.finishedAt,
      options: imports.options,
    })
    .from(imports)
    .where(
      and(
        eq(imports.snapshotGroupId, q.groupId),
        eq(imports.status, 'succeeded'),
        eq(imports.type, q.type as ImportRow['type']),
        q.assetLayer === null ? sql`${imports.assetLayer} IS NULL` : eq(imports.assetLayer, q.assetLayer),
      ),
    )
    .orderBy(desc(imports.finishedAt), desc(imports.id))
    .limit(1);
  return rows[0];
}
