// SQL for datasets, snapshots and the user's current choice. Callers run it under withTenant: RLS keeps every
// query to the caller's client, so another client's ids simply find nothing.
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';
import {
  datasets,
  pipes,
  snapshotGroups,
  snapshots,
  userCurrentDatasets,
  type DatasetRow,
} from '../../db/schema-network.ts';
import type { DatasetRecord, ServedCof } from './dataset-view.ts';

function selectRecords(db: Db, where: SQL | undefined) {
  return db
    .select({
      dataset: datasets,
      snapshot: snapshots,
      group: snapshotGroups,
      cofScenario: sql<string | null>`(SELECT c.name FROM cof_scenarios c
        WHERE c.snapshot_group_id = ${snapshotGroups.id} AND c.enabled LIMIT 1)`,
      // The scenario the served COF results were computed under, by its name today (a rename shows at once).
      cofServed: sql<ServedCof | null>`(SELECT json_build_object('id', a.cof_scenario_id,
          'name', COALESCE(c.name, a.cof_summary->>'scenarioName'), 'currency', a.cof_summary->>'currency')
        FROM analyses a LEFT JOIN cof_scenarios c ON c.id = a.cof_scenario_id
        WHERE a.id = ${datasets.analysisId} AND a.cof_summary IS NOT NULL)`,
      lofUnavailable: sql<string | null>`(SELECT a.lof_card->>'unavailable' FROM analyses a
        WHERE a.id = ${datasets.analysisId})`,
      // Issue 39: a card of a prior (no break history) says `prior: true`; one without a model, `unavailable`.
      lofSource: sql<'utility' | 'prior' | null>`(SELECT CASE
          WHEN a.lof_card IS NULL OR a.lof_card->>'unavailable' IS NOT NULL THEN NULL
          WHEN a.lof_card->>'prior' = 'true' THEN 'prior' ELSE 'utility' END
        FROM analyses a WHERE a.id = ${datasets.analysisId})`,
    })
    .from(datasets)
    .innerJoin(snapshots, eq(snapshots.id, datasets.snapshotId))
    .innerJoin(snapshotGroups, eq(snapshotGroups.id, snapshots.groupId))
    .where(where);
}

/** The datasets of every group's CURRENT snapshot: groups by name, the original first within a group. */
export async function listCurrentRecords(db: Db): Promise<DatasetRecord[]> {
  return selectRecords(db, eq(snapshots.type, 'CURRENT')).orderBy(
    asc(snapshotGroups.name),
    asc(snapshotGroups.id),
    sql`${datasets.originalDatasetId} IS NOT NULL`,
    asc(datasets.id),
  );
}

export async function findRecord(db: Db, datasetId: number): Promise<DatasetRecord | undefined> {
  return (await selectRecords(db, eq(datasets.id, datasetId)))[0];
}

/**
 * Every dataset of every version, network by network (by name), each network's newest version first, the original
 * before its copies; not a version an import is still writing. Newest first across networks interleaved the
 * versions of different networks (issue 15).
 */
export async function listAllRecords(db: Db): Promise<DatasetRecord[]> {
  return selectRecords(db, isNull(snapshots.importId)).orderBy(
    asc(snapshotGroups.name),
    asc(snapshotGroups.id),
    desc(snapshots.version),
    sql`${datasets.originalDatasetId} IS NOT NULL`,
    asc(datasets.id),
  );
}

export interface CurrentChoice {
  groupId: number;
  datasetId: number | null;
}

export async function findChoice(db: Db, userId: number): Promise<CurrentChoice | undefined> {
  const rows = await db
    .select({ groupId: userCurrentDatasets.groupId, datasetId: userCurrentDatasets.datasetId })
    .from(userCurrentDatasets)
    .where(eq(userCurrentDatasets.userId, userId));
  return rows[0];
}

export async function saveChoice(
  db: Db,
  c: { userId: number; clientId: number; groupId: number; datasetId: number },
): Promise<void> {
  await db
    .insert(userCurrentDatasets)
    .values({ userId: c.userId, clientId: c.clientId, groupId: c.groupId, datasetId: c.datasetId })
    .onConflictDoUpdate({
      target: userCurrentDatasets.userId,
      set: { clientId: c.clientId, groupId: c.groupId, datasetId: c.datasetId, updatedAt: sql`now()` },
    });
}

type Editable = Pick<DatasetRow, 'name' | 'active' | 'center' | 'zoom' | 'refreshStatus' | 'tileRevision'>;
export type DatasetPatch = { [K in keyof Editable]?: Editable[K] | SQL };

/** Returns false when no visible dataset has that id. */
export async function updateDataset(db: Db, id: number, patch: DatasetPatch): Promise<boolean> {
  const rows = await db
    .update(datasets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(datasets.id, id))
    .returning({ id: datasets.id });
  // A new tile revision: cached tiles of the old one are no longer served (tile-access.ts).
  if (rows.length > 0 && patch.tileRevision !== undefined) await tileAccessChanged(db, { dataset: id });
  return rows.length > 0;
}

/**
 * The group takes the name of its newest version's original: POST /api/datasets named both from one name, and
 * the contract has no other way to rename a network.
 */
export async function renameGroupOfOriginal(db: Db, datasetId: number, name: string): Promise<void> {
  await db.execute(sql`
    UPDATE snapshot_groups g SET name = ${name}
    FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id
    WHERE d.id = ${datasetId} AND d.original_dataset_id IS NULL AND g.id = s.group_id
      AND s.version = (SELECT max(version) FROM snapshots WHERE group_id = g.id)`);
}

export async function bumpTileRevision(db: Db, id: number): Promise<boolean> {
  return updateDataset(db, id, {
    tileRevision: sql`${datasets.tileRevision} + 1`,
    refreshStatus: 'NONE',
  });
}

/** Distinct non-null values of one pipe column of a dataset, ascending. */
async function distinctPipeValues(db: Db, datasetId: number, column: AnyPgColumn): Promise<number[]> {
  const rows = await db
    .selectDistinct({ v: column })
    .from(pipes)
    .where(and(eq(pipes.datasetId, datasetId), isNotNull(column)))
    .orderBy(asc(column));
  return rows.map((r) => Number(r.v));
}

export async function datasetProperty(db: Db, datasetId: number) {
  return {
    break_counts: await distinctPipeValues(db, datasetId, pipes.breakCount),
    install_years: await distinctPipeValues(db, datasetId, pipes.installYear),
    materials: await distinctPipeValues(db, datasetId, pipes.materialTypeCode),
  };
}
