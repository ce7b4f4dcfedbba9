// An import writes its new version in short transactions (issue 14: "write in short transactions into a staged
// version that is swapped in at the end"). One transaction for the whole import held the embedded database's only
// connection from the first row to the promotion, so every request of every tenant waited for it. Now:
// 1. stageVersion: the group if asked, a PENDING snapshot and dataset marked with the import (snapshots.import_id,
//    listed nowhere) and a note on the import of what to undo (imports.staged) — one short transaction;
// 2. copyPrevious: the current version's layers the import does not replace, a slice of ids a transaction;
// 3. the import's rows a batch a transaction, then the links (import.job.ts);
// 4. the promotion, in the import's last transaction with the analysis it queues.
// A failure discards the staged version (discardStaged); a worker that died mid-import leaves a running import
// whose heartbeat stopped, failed and discarded by failStaleImports.
import type { ImportOptions } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant, type Database, type Db, type TenantStep } from '../../db/database.ts';
import type { StagedVersion } from '../../db/schema-network.ts';
import {
  copyLayer,
  createGroup,
  LAYERS,
  openVersion,
  type LayerTable,
  type Replaced,
} from '../network/versions.ts';
import { updateImport } from './imports.repository.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';

/** Ids copied a transaction: ~0.3 s of pipes on the embedded database. */
export const COPY_SLICE_IDS = 10_000;

/** A running import renews its heartbeat this often… */
export const IMPORT_HEARTBEAT_MS = 15_000;
/** …and one whose heartbeat is older than this lost its worker. */
export const IMPORT_STALE_MS = 2 * 60_000;

export interface Staged extends StagedVersion {
  /** The group's CURRENT dataset the new version starts from, if any. */
  previousDatasetId: number | null;
}

export async function stageVersion(
  tx: Db,
  s: { importId: number; clientId: number; userId: number | null; target: ImportOptions['target'] },
): Promise<Staged> {
  const newGroup = !('snapshot_group_id' in s.target);
  const groupId =
    'snapshot_group_id' in s.target
      ? s.target.snapshot_group_id
      : await createGroup(tx, { clientId: s.clientId, name: s.target.new_group_name, userId: s.userId });
  const v = await openVersion(tx, { clientId: s.clientId, groupId });
  const staged: StagedVersion = {
    snapshotId: v.snapshotId,
    datasetId: v.datasetId,
    groupId,
    newGroup,
    reused: v.reused,
  };
  await tx.execute(sql`UPDATE snapshots SET import_id = ${s.importId} WHERE id = ${v.snapshotId}`);
  await updateImport(tx, s.importId, { staged, heartbeatAt: new Date() });
  return { ...staged, previousDatasetId: v.previousDatasetId };
}

/** The previous version's layers the import does not replace, COPY_SLICE_IDS ids a transaction. */
export async function copyPrevious(
  tenant: TenantStep,
  staged: Staged,
  replaced: readonly Replaced[],
): Promise<void> {
  const from = staged.previousDatasetId;
  if (from === null) return;
  for (const table of Object.keys(LAYERS) as LayerTable[]) {
    if (replaced.some((r) => r.table === table && r.kind === undefined)) continue;
    const range = await tenant(async (tx) => {
      const r = await tx.execute(sql`
        SELECT min(id)::bigint AS lo, max(id)::bigint AS hi FROM ${sql.identifier(table)} WHERE dataset_id = ${from}`);
      return r.rows[0] as { lo: string | null; hi: string | null };
    });
    if (range.lo === null || range.hi === null) continue;
    for (let lo = Number(range.lo); lo <= Number(range.hi); lo += COPY_SLICE_IDS) {
      await tenant((tx) =>
        copyLayer(tx, table, from, staged.datasetId, replaced, { lo, hi: lo + COPY_SLICE_IDS }),
      );
    }
  }
}

/**
 * Undoes a staged version: deletes it (with its group when the import made the group and nothing else is in it),
 * or, for the empty first version POST /api/datasets made, empties it again and gives it back to the group.
 */
export async function discardStaged(tx: Db, staged: StagedVersion): Promise<void> {
  if (staged.reused) {
    for (const table of Object.keys(LAYERS) as LayerTable[]) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE dataset_id = ${staged.datasetId}`);
    }
    await tx.execute(sql`DELETE FROM epanet_models WHERE dataset_id = ${staged.datasetId}`);
    await tx.execute(sql`UPDATE datasets SET model_type = 'GIS' WHERE id = ${staged.datasetId}`);
    await tx.execute(sql`UPDATE snapshots SET import_id = NULL WHERE id = ${staged.snapshotId}`);
    return;
  }
  // The dataset's rows go with it (ON DELETE CASCADE), the snapshot after its datasets.
  await tx.execute(sql`DELETE FROM datasets WHERE snapshot_id = ${staged.snapshotId}`);
  await tileAccessChanged(tx, { dataset: staged.datasetId });
  await tx.execute(sql`DELETE FROM snapshots WHERE id = ${staged.snapshotId} AND type = 'PENDING'`);
  if (staged.newGroup) {
    await tx.execute(sql`
      DELETE FROM snapshot_groups g WHERE g.id = ${staged.groupId}
        AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.group_id = g.id)`);
  }
}

/**
 * Fails the running imports whose worker is gone and discards what they staged: those whose heartbeat is older
 * than `staleMs` (every client; 0 on the embedded database at start, where no other process can hold one).
 * Returns how many it failed.
 */
export async function failStaleImports(database: Database, staleMs: number): Promise<number> {
  const stale = await withSystem(database.db, async (tx) => {
    const r = await tx.execute(sql`
      SELECT id, client_id FROM imports
      WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))`);
    return r.rows.map((row) => ({ id: Number(row['id']), clientId: Number(row['client_id']) }));
  });
  for (const s of stale) {
    await withTenant(database.db, s.clientId, async (tx) => {
      const r = await tx.execute(sql`
        SELECT staged, file_name FROM imports WHERE id = ${s.id} AND status = 'running' FOR UPDATE`);
      const row = r.rows[0] as { staged: StagedVersion | null; file_name: string } | undefined;
      if (!row) return;
      if (row.staged) await discardStaged(tx, row.staged);
      await updateImport(tx, s.id, {
        status: 'failed',
        staged: null,
        message: `${row.file_name}: the server stopped during this import and nothing was changed; please import the file again`,
        finishedAt: new Date(),
      });
    });
  }
  return stale.length;
}
