// What validation compares an import with: the target group's current pipes and valves. Read-only SQL.
import { sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import type { Db, TenantStep } from '../../db/database.ts';
import { BATCH_ROWS } from '../network/write-layers.ts';
import { drawnPipesExist, nearestPipe } from '../network/nearest-pipe.ts';

export async function groupExists(tx: Db, groupId: number): Promise<boolean> {
  const r = await tx.execute(sql`SELECT 1 FROM snapshot_groups WHERE id = ${groupId}`);
  return r.rows.length > 0;
}

export async function pipeIdsOf(tx: Db, datasetId: number): Promise<Set<string>> {
  const r = await tx.execute(sql`SELECT native_pipe_id FROM pipes WHERE dataset_id = ${datasetId}`);
  return new Set(r.rows.map((row) => String(row['native_pipe_id'])));
}

/** The network's valves: where they stand and the pipe id they name. */
export async function valvesOf(
  tx: Db,
  datasetId: number,
): Promise<{ point: [number, number]; pipeId: string | null }[]> {
  const r = await tx.execute(
    sql`SELECT ST_X(geom) AS x, ST_Y(geom) AS y, native_pipe_id FROM valves WHERE dataset_id = ${datasetId}`,
  );
  return r.rows.map((row) => ({
    point: [Number(row['x']), Number(row['y'])],
    pipeId: row['native_pipe_id'] == null ? null : String(row['native_pipe_id']),
  }));
}

/** The network's pipes by native id, with their node ids (null when the pipes carry none). */
export async function pipeEndsOf(
  tx: Db,
  datasetId: number,
): Promise<Map<string, [string | null, string | null]>> {
  const r = await tx.execute(
    sql`SELECT native_pipe_id, from_node, to_node FROM pipes WHERE dataset_id = ${datasetId}`,
  );
  const text = (v: unknown) => (v == null ? null : String(v));
  return new Map(
    r.rows.map((row) => [String(row['native_pipe_id']), [text(row['from_node']), text(row['to_node'])]]),
  );
}

/**
 * How many of the points have a pipe of the dataset within `toleranceM` (geodesic): the nearest pipe by the index
 * (KNN), then the exact distance — network/nearest-pipe.ts, the same test matchBreaks applies on commit. A batch of
 * BATCH_ROWS points a transaction: on the embedded database one transaction of 25 batches (50,000 breaks) held every
 * other request 3.7 s, and separate steps let the event loop take a turn between them (database.ts tenantSteps).
 */
export async function countNearPipes(
  tenant: TenantStep,
  datasetId: number,
  points: readonly Geometry[],
  toleranceM: number,
): Promise<number> {
  if (points.length === 0) return 0;
  const drawn = await tenant((tx) => tx.execute(sql`SELECT ${drawnPipesExist(datasetId)} AS drawn`));
  // Without drawn pipes (an inventory without geometry) nothing is near, and no index could order the search.
  if (!drawn.rows[0]?.['drawn']) return 0;
  let near = 0;
  for (let i = 0; i < points.length; i += BATCH_ROWS) {
    const json = JSON.stringify(points.slice(i, i + BATCH_ROWS).map((g) => ({ g })));
    const r = await tenant((tx) =>
      tx.execute(sql`
      SELECT count(*)::int AS n FROM json_to_recordset(${json}::json) AS r(g text)
      CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(r.g), 4326) AS geom) pt
      ${nearestPipe(datasetId, sql`pt.geom`)} n
      WHERE n.d <= ${toleranceM}`),
    );
    near += Number(r.rows[0]!['n']);
  }
  return near;
}
