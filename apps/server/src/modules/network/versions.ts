// Versions of a network (issue 3: "a re-import makes a new dataset version in the snapshot group and leaves the
// current one serving until the new one is ready"). A version is a PENDING snapshot with its dataset, filled from
// the current one plus what was imported, then promoted to CURRENT: an import stages it in short transactions
// (imports/staged-version.ts) and promotes it in its last one.
import { type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, TenantStep } from '../../db/database.ts';
import {
  areas,
  breaks,
  pipes,
  pointAssets,
  populationRegions,
  pressureReadings,
  valves,
} from '../../db/schema-network.ts';
import { drawnPipesExist, nearestPipe } from './nearest-pipe.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';

/** The layers a version copies from its predecessor unless the import replaces them. */
export const LAYERS = {
  pipes,
  breaks,
  valves,
  point_assets: pointAssets,
  areas,
  population_regions: populationRegions,
  pressure_readings: pressureReadings,
} as const satisfies Record<string, PgTable>;
export type LayerTable = keyof typeof LAYERS;

/** Replace only one kind of a shared table (e.g. the hydrants of point_assets). */
export interface Replaced {
  table: LayerTable;
  kind?: string;
}

const first = <T>(rows: { rows: Record<string, unknown>[] }) => rows.rows[0] as T;

export async function createGroup(
  tx: Db,
  g: { clientId: number; name: string; userId: number | null },
): Promise<number> {
  const r = await tx.execute(sql`
    INSERT INTO snapshot_groups (client_id, name, created_by) VALUES (${g.clientId}, ${g.name}, ${g.userId})
    RETURNING id`);
  return Number(first<{ id: number }>(r).id);
}

export interface NewVersion {
  snapshotId: number;
  datasetId: number;
  version: number;
  /** The dataset the new version copied from (the group's CURRENT one), if any. */
  previousDatasetId: number | null;
  /** The version is the empty first one POST /api/datasets made, now being filled. */
  reused: boolean;
}

/**
 * A PENDING version of the group: a new snapshot and dataset carrying every layer of the current dataset except
 * the replaced ones (break and valve links re-made against the new pipes by native id). The dataset starts with
 * the current one's centre, zoom and whole metadata, so what an import of another layer does not set stays: the
 * source notes and `lof_features`, the pipe columns the LOF model may use (only a pipes import replaces them).
 */
export async function createVersion(
  tx: Db,
  v: { clientId: number; groupId: number; name?: string; replaced: readonly Replaced[] },
): Promise<NewVersion> {
  const opened = await openVersion(tx, v);
  if (opened.previousDatasetId !== null) {
    for (const table of Object.keys(LAYERS) as LayerTable[]) {
      await copyLayer(tx, table, opened.previousDatasetId, opened.datasetId, v.replaced);
    }
  }
  return opened;
}

/**
 * createVersion without the copy of the layers: the snapshot, the dataset with the current one's view, metadata,
 * model type and EPANET model. A staged import copies the layers itself, a slice a transaction.
 */
export async function openVersion(
  tx: Db,
  v: { clientId: number; groupId: number; name?: string },
): Promise<NewVersion> {
  const current = await currentDatasetOfGroup(tx, v.groupId);
  if (current === null) {
    // A group made by POST /api/datasets waits with an empty PENDING version 1: the first import fills it rather
    // than leaving it behind. A version an import is staging (import_id set) is not such a one. FOR UPDATE makes a
    // second concurrent first import wait for this one's transaction.
    const waiting = await tx.execute(sql`
      SELECT s.id AS snapshot_id, s.version, d.id AS dataset_id
      FROM snapshots s JOIN datasets d ON d.snapshot_id = s.id AND d.original_dataset_id IS NULL
      WHERE s.group_id = ${v.groupId} AND s.type = 'PENDING' AND s.import_id IS NULL
      ORDER BY s.version LIMIT 1 FOR UPDATE OF s`);
    const w = waiting.rows[0];
    if (w) {
      if (v.name)
        await tx.execute(sql`UPDATE datasets SET name = ${v.name} WHERE id = ${Number(w['dataset_id'])}`);
      return {
        snapshotId: Number(w['snapshot_id']),
        datasetId: Number(w['dataset_id']),
        version: Number(w['version']),
        previousDatasetId: null,
        reused: true,
      };
    }
  }
  const next = first<{ version: number }>(
    await tx.execute(
      sql`SELECT COALESCE(MAX(version), 0) + 1 AS version FROM snapshots WHERE group_id = ${v.groupId}`,
    ),
  );
  const version = Number(next.version);
  const snap = first<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO snapshots (client_id, group_id, type, version) VALUES (${v.clientId}, ${v.groupId}, 'PENDING', ${version})
      RETURNING id`),
  );
  const groupName = first<{ name: string }>(
    await tx.execute(sql`SELECT name FROM snapshot_groups WHERE id = ${v.groupId}`),
  ).name;
  const ds = first<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO datasets (client_id, snapshot_id, name, center, zoom, metadata)
      VALUES (${v.clientId}, ${snap.id}, ${v.name ?? groupName},
        ${current ? sql`(SELECT center FROM datasets WHERE id = ${current})` : null},
        ${current ? sql`(SELECT zoom FROM datasets WHERE id = ${current})` : null},
        ${current ? sql`(SELECT metadata FROM datasets WHERE id = ${current})` : sql`'{}'::jsonb`})
      RETURNING id`),
  );
  const datasetId = Number(ds.id);
  if (current !== null) {
    await tx.execute(sql`
      INSERT INTO epanet_models (dataset_id, client_id, file_name, crs, inp)
      SELECT ${datasetId}, client_id, file_name, crs, inp FROM epanet_models WHERE dataset_id = ${current}`);
    await tx.execute(sql`
      UPDATE datasets SET model_type = (SELECT model_type FROM datasets WHERE id = ${current}) WHERE id = ${datasetId}`);
  }
  return { snapshotId: Number(snap.id), datasetId, version, previousDatasetId: current, reused: false };
}

/**
 * Copies one layer's rows from a dataset to another, unless the import replaces them; `ids` limits the copy to the
 * rows with lo <= id < hi (a staged import copies a slice a transaction).
 */
export async function copyLayer(
  tx: Db,
  table: LayerTable,
  from: number,
  to: number,
  replaced: readonly Replaced[],
  ids?: { lo: number; hi: number },
): Promise<void> {
  const rules = replaced.filter((r) => r.table === table);
  if (rules.some((r) => r.kind === undefined)) return;
  // Columns the database computes (pipes.point) are not copied: it computes them for the new rows.
  const columns = getTableConfig(LAYERS[table])
    .columns.filter((c) => c.generated === undefined)
    .map((c) => c.name)
    .filter((c) => c !== 'id' && c !== 'dataset_id' && c !== 'pipe_id');
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const skipKinds = rules.map((r) => r.kind!);
  const kindFilter =
    skipKinds.length > 0
      ? sql` AND kind NOT IN (${sql.join(
          skipKinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``;
  const idFilter = ids ? sql` AND id >= ${ids.lo} AND id < ${ids.hi}` : sql``;
  await tx.execute(sql`
    INSERT INTO ${sql.identifier(table)} (dataset_id, ${list})
    SELECT ${to}, ${list} FROM ${sql.identifier(table)} WHERE dataset_id = ${from}${kindFilter}${idFilter}`);
}

export async function currentDatasetOfGroup(tx: Db, groupId: number): Promise<number | null> {
  const r = await tx.execute(sql`
    SELECT d.id FROM snapshots s JOIN datasets d ON d.snapshot_id = s.id
    WHERE s.group_id = ${groupId} AND s.type = 'CURRENT' AND d.original_dataset_id IS NULL
    ORDER BY d.id LIMIT 1`);
  return r.rows.length ? Number(r.rows[0]!['id']) : null;
}

/**
 * Links breaks to pipes: by native pipe id, else the nearest pipe within `toleranceM` (geodesic). Breaks left
 * unmatched keep a null pipe (shown on the map, not used by the models). Returns the three counts.
 */
export function matchBreaks(
  tx: Db,
  datasetId: number,
  toleranceM: number,
): Promise<{ by_id: number; by_snap: number; unmatched: number }> {
  return matchBreaksInSteps((fn) => fn(tx), datasetId, toleranceM);
}

/** Points (breaks, valves) snapped to their nearest pipe in one statement (and one transaction) of a stepped link. */
const SNAP_BATCH = 2000;

type IdRange = { lo: number | null; hi: number | null };

/** The id span of the dataset's breaks or valves that have a point and no pipe yet: what the snap steps walk. */
async function unlinkedIdRange(
  tx: Db,
  table: typeof breaks | typeof valves,
  datasetId: number,
): Promise<IdRange> {
  return first<IdRange>(
    await tx.execute(sql`
      SELECT min(id) AS lo, max(id) AS hi FROM ${table}
      WHERE dataset_id = ${datasetId} AND pipe_id IS NULL AND geom IS NOT NULL`),
  );
}

/** `snap(lo)` for each range of SNAP_BATCH ids in [lo, hi], a step each (nothing when the table had none). */
async function inIdRanges(
  step: TenantStep,
  range: IdRange,
  snap: (lo: number, hi: number) => SQL,
): Promise<void> {
  if (range.lo === null || range.hi === null) return;
  for (let lo = Number(range.lo); lo <= Number(range.hi); lo += SNAP_BATCH)
    await step((tx) => tx.execute(snap(lo, lo + SNAP_BATCH)));
}

/**
 * matchBreaks in `step`s: the snapping of unmatched breaks a range of SNAP_BATCH ids a step. An import job runs each
 * in a transaction of its own, so on the embedded database other requests are answered between them: one statement
 * snapping 50,000 breaks held /api/health 3.5 s.
 */
export async function matchBreaksInSteps(
  step: TenantStep,
  datasetId: number,
  toleranceM: number,
): Promise<{ by_id: number; by_snap: number; unmatched: number }> {
  const range = await step(async (tx) => {
    await tx.execute(
      sql`UPDATE breaks SET pipe_id = NULL, matched_by = NULL WHERE dataset_id = ${datasetId}`,
    );
    await tx.execute(sql`
      UPDATE breaks b SET pipe_id = p.id, matched_by = 'id'
      FROM pipes p WHERE b.dataset_id = ${datasetId} AND p.dataset_id = ${datasetId}
        AND b.native_pipe_id IS NOT NULL AND p.native_pipe_id = b.native_pipe_id`);
    return unlinkedIdRange(tx, breaks, datasetId);
  });
  await inIdRanges(
    step,
    range,
    (lo, hi) => sql`
      UPDATE breaks b SET pipe_id = near.id, matched_by = 'snap'
      FROM (
        SELECT b2.id AS break_id, n.id, n.d
        FROM breaks b2
        ${nearestPipe(datasetId, sql`b2.geom`)} n
        WHERE b2.dataset_id = ${datasetId} AND b2.pipe_id IS NULL AND b2.geom IS NOT NULL
          AND b2.id >= ${lo} AND b2.id < ${hi}
          AND ${drawnPipesExist(datasetId)}
      ) near
      WHERE b.id = near.break_id AND near.d <= ${toleranceM}`,
  );
  const counts = await step(async (tx) =>
    first<{ by_id: number; by_snap: number; unmatched: number }>(
      await tx.execute(sql`
        SELECT count(*) FILTER (WHERE matched_by = 'id')::int AS by_id,
               count(*) FILTER (WHERE matched_by = 'snap')::int AS by_snap,
               count(*) FILTER (WHERE pipe_id IS NULL)::int AS unmatched
        FROM breaks WHERE dataset_id = ${datasetId}`),
    ),
  );
  return {
    by_id: Number(counts.by_id),
    by_snap: Number(counts.by_snap),
    unmatched: Number(counts.unmatched),
  };
}

/** Links valves to their pipe by native pipe id, else to the nearest pipe within `toleranceM`. */
export function linkValves(tx: Db, datasetId: number, toleranceM: number): Promise<number> {
  return linkValvesInSteps((fn) => fn(tx), datasetId, toleranceM);
}

/**
 * linkValves in `step`s, as matchBreaksInSteps: the nearest-pipe link of valves without a pipe a range of SNAP_BATCH
 * ids a step, so an import of tens of thousands of valves does not hold the embedded database's one connection in
 * one statement. Returns the valves left without a pipe.
 */
export async function linkValvesInSteps(
  step: TenantStep,
  datasetId: number,
  toleranceM: number,
): Promise<number> {
  const range = await step(async (tx) => {
    await tx.execute(sql`
      UPDATE valves v SET pipe_id = p.id
      FROM pipes p WHERE v.dataset_id = ${datasetId} AND p.dataset_id = ${datasetId}
        AND v.native_pipe_id IS NOT NULL AND p.native_pipe_id = v.native_pipe_id`);
    return unlinkedIdRange(tx, valves, datasetId);
  });
  await inIdRanges(
    step,
    range,
    (lo, hi) => sql`
      UPDATE valves v SET pipe_id = near.id, native_pipe_id = COALESCE(v.native_pipe_id, near.native_pipe_id)
      FROM (
        SELECT v2.id AS valve_id, n.id, n.native_pipe_id, n.d
        FROM valves v2
        ${nearestPipe(datasetId, sql`v2.geom`)} n
        WHERE v2.dataset_id = ${datasetId} AND v2.pipe_id IS NULL AND v2.geom IS NOT NULL
          AND v2.id >= ${lo} AND v2.id < ${hi}
          AND ${drawnPipesExist(datasetId)}
      ) near
      WHERE v.id = near.valve_id AND near.d <= ${toleranceM}`,
  );
  const left = await step(async (tx) =>
    first<{ n: number }>(
      await tx.execute(
        sql`SELECT count(*)::int AS n FROM valves WHERE dataset_id = ${datasetId} AND pipe_id IS NULL`,
      ),
    ),
  );
  return Number(left.n);
}

/**
 * Recomputes what the dataset record says about its layers: break counts per pipe, counts per layer (the assets
 * flags), total length, the share of provided attributes (distributionMaster) and, when unset, the default view
 * fitted to the data.
 */
export async function refreshSummary(tx: Db, datasetId: number): Promise<void> {
  // Two set-based updates: a correlated count per pipe took seconds at 20k pipes on PGlite.
  await tx.execute(sql`
    UPDATE pipes SET break_count = 0
    WHERE dataset_id = ${datasetId} AND break_count <> 0
      AND id NOT IN (SELECT pipe_id FROM breaks WHERE dataset_id = ${datasetId} AND pipe_id IS NOT NULL)`);
  await tx.execute(sql`
    UPDATE pipes p SET break_count = c.n
    FROM (SELECT pipe_id, count(*)::int AS n FROM breaks WHERE dataset_id = ${datasetId} AND pipe_id IS NOT NULL
          GROUP BY pipe_id) c
    WHERE p.id = c.pipe_id AND p.break_count <> c.n`);
  await tx.execute(sql`
    UPDATE datasets d SET
      layer_counts = (
        SELECT jsonb_build_object(
          'pipes', (SELECT count(*) FROM pipes WHERE dataset_id = d.id),
          'breaks', (SELECT count(*) FROM breaks WHERE dataset_id = d.id),
          'valves', (SELECT count(*) FROM valves WHERE dataset_id = d.id),
          'population', (SELECT count(*) FROM population_regions WHERE dataset_id = d.id),
          'pressures', (SELECT count(*) FROM pressure_readings WHERE dataset_id = d.id)
        ) || COALESCE((SELECT jsonb_object_agg(kind, n) FROM (
              SELECT kind, count(*) AS n FROM point_assets WHERE dataset_id = d.id GROUP BY kind
              UNION ALL
              SELECT kind, count(*) AS n FROM areas WHERE dataset_id = d.id GROUP BY kind) k), '{}'::jsonb)
      ),
      total_length_m = COALESCE((SELECT sum(length_m) FROM pipes WHERE dataset_id = d.id), 0),
      distribution_master = COALESCE((
        SELECT jsonb_build_object(
          'diameter', round((count(diameter_mm)::numeric / count(*)), 4),
          'install_year', round((count(install_year)::numeric / count(*)), 4),
          'material', round((count(material_type_code)::numeric / count(*)), 4))
        FROM pipes WHERE dataset_id = d.id HAVING count(*) > 0), d.distribution_master),
      updated_at = now()
    WHERE d.id = ${datasetId}`);
  await fitDefaultView(tx, datasetId);
}

/** Centre and zoom that show the whole network in a ~1000 px wide map, when the dataset has none yet. */
async function fitDefaultView(tx: Db, datasetId: number): Promise<void> {
  const r = await tx.execute(sql`
    SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1 FROM (
      SELECT ST_Extent(geom)::geometry AS e FROM (
        SELECT geom FROM pipes WHERE dataset_id = ${datasetId}
        UNION ALL SELECT geom FROM valves WHERE dataset_id = ${datasetId}
        UNION ALL SELECT geom FROM point_assets WHERE dataset_id = ${datasetId}
      ) g
    ) x WHERE e IS NOT NULL AND (SELECT center FROM datasets WHERE id = ${datasetId}) IS NULL`);
  const e = r.rows[0] as { x0: number; y0: number; x1: number; y1: number } | undefined;
  if (!e) return;
  const view = viewForExtent([Number(e.x0), Number(e.y0), Number(e.x1), Number(e.y1)]);
  await tx.execute(sql`
    UPDATE datasets SET center = ${JSON.stringify(view.center)}::jsonb, zoom = ${view.zoom} WHERE id = ${datasetId}`);
}

/** Web-Mercator zoom at which the extent fits 1000 × 700 px (256 px tiles), clamped to the tile range 3–16. */
export function viewForExtent([x0, y0, x1, y1]: [number, number, number, number]): {
  center: [number, number];
  zoom: number;
} {
  const merc = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const spanX = Math.max(x1 - x0, 1e-6) / 360;
  const spanY = Math.max(merc(y1) - merc(y0), 1e-8) / (2 * Math.PI);
  const zoom = Math.min(Math.log2(1000 / 256 / spanX), Math.log2(700 / 256 / spanY));
  const centerLat = (Math.atan(Math.exp((merc(y0) + merc(y1)) / 2)) * 360) / Math.PI - 90;
  return {
    center: [round6((x0 + x1) / 2), round6(centerLat)],
    zoom: Math.round(Math.min(16, Math.max(3, zoom - 0.2)) * 100) / 100,
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The PENDING version becomes CURRENT; the previous CURRENT of the group is kept as ARCHIVE. */
export async function promoteVersion(tx: Db, snapshotId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE snapshots SET type = 'ARCHIVE'
    WHERE type = 'CURRENT' AND group_id = (SELECT group_id FROM snapshots WHERE id = ${snapshotId})`);
  await tx.execute(sql`UPDATE snapshots SET type = 'CURRENT', import_id = NULL WHERE id = ${snapshotId}`);
  // Users looking at the group follow it to the new version.
  await tx.execute(sql`
    UPDATE user_current_datasets u SET dataset_id = d.id, updated_at = now()
    FROM datasets d WHERE d.snapshot_id = ${snapshotId} AND d.original_dataset_id IS NULL
      AND u.group_id = (SELECT group_id FROM snapshots WHERE id = ${snapshotId})`);
}

export interface RemovedVersion {
  /** A virtual copy alone, a whole version, or the group with its last version. */
  removed: 'copy' | 'version' | 'group';
  groupId: number;
  /** The group's CURRENT dataset after the removal, if any. */
  current: number | null;
}

/**
 * Deletes one dataset (issue 15: "a dataset can be deleted; the data of other versions kept"). A virtual copy goes
 * alone; an original takes its version with it (the snapshot and its copies; rows, results, analyses cascade).
 * When that version was the group's CURRENT one, the newest remaining version becomes CURRENT and users looking at
 * the group follow it; when none remains, the group goes too (its scenarios, plans and saved filters cascade).
 * Null: no such dataset; 'staged': an import is writing that version (it is discarded if that import fails).
 */
export async function removeVersion(tx: Db, datasetId: number): Promise<RemovedVersion | 'staged' | null> {
  const found = await tx.execute(sql`
    SELECT d.original_dataset_id, s.id AS snapshot_id, s.type, s.group_id, s.import_id
    FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id WHERE d.id = ${datasetId} FOR UPDATE OF s`);
  const row = found.rows[0];
  if (!row) return null;
  if (row['import_id'] !== null) return 'staged';
  const groupId = Number(row['group_id']);
  if (row['original_dataset_id'] !== null && Number(row['original_dataset_id']) !== datasetId) {
    await tx.execute(sql`DELETE FROM datasets WHERE id = ${datasetId}`);
    await tileAccessChanged(tx, { dataset: datasetId });
    return { removed: 'copy', groupId, current: await currentDatasetOfGroup(tx, groupId) };
  }
  const snapshotId = Number(row['snapshot_id']);
  const gone = await tx.execute(sql`DELETE FROM datasets WHERE snapshot_id = ${snapshotId} RETURNING id`);
  for (const d of gone.rows) await tileAccessChanged(tx, { dataset: Number(d['id']) });
  await tx.execute(sql`DELETE FROM snapshots WHERE id = ${snapshotId}`);
  if (row['type'] === 'CURRENT') {
    const archived = await tx.execute(sql`
      SELECT id FROM snapshots WHERE group_id = ${groupId} AND type = 'ARCHIVE' ORDER BY version DESC LIMIT 1`);
    if (archived.rows[0]) await promoteVersion(tx, Number(archived.rows[0]['id']));
  }
  const left = await tx.execute(sql`SELECT 1 FROM snapshots WHERE group_id = ${groupId} LIMIT 1`);
  if (left.rows.length === 0) {
    await tx.execute(sql`DELETE FROM snapshot_groups WHERE id = ${groupId}`);
    return { removed: 'group', groupId, current: null };
  }
  return { removed: 'version', groupId, current: await currentDatasetOfGroup(tx, groupId) };
}
