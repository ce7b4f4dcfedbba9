// Features of one tile, clipped and moved to tile coordinates in SQL (ARCHITECTURE.md: PGlite's PostGIS has no
// ST_AsMVT, so both backends share this path and Node encodes the protobuf). Polygons are forced CCW before the
// y flip so exterior rings come out clockwise in tile space, as the MVT spec wants. Runs in a tenant transaction.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { TileLayer } from './tile-layers.ts';

export const EXTENT = 4096;
/** Tile-unit margin so lines crossing a tile edge join without gaps (the MVT spec's usual buffer). */
const BUFFER = 64;

export interface TileRow {
  id: number;
  /** GeoJSON of the geometry in tile coordinates (0…4096, y down). */
  geometry: string;
  properties: Record<string, unknown>;
}

export async function tileFeatures(
  tx: Db,
  datasetId: number,
  layer: TileLayer,
  z: number,
  x: number,
  y: number,
): Promise<TileRow[]> {
  const kindFilter = layer.kind ? sql` AND t.kind = ${layer.kind}` : sql``;
  const r = await tx.execute(sql`
    WITH b AS (
      SELECT ST_TileEnvelope(${z}, ${x}, ${y}) AS env
    ), s AS (
      SELECT env, ST_Transform(env, 4326) AS env4326,
        ${EXTENT}::float8 / (ST_XMax(env) - ST_XMin(env)) AS k, ST_XMin(env) AS x0, ST_YMax(env) AS y1
      FROM b
    )
    SELECT t.id, ST_AsGeoJSON(g.geom, 0) AS geometry, to_jsonb(p) AS properties
    FROM ${sql.identifier(layer.table)} t
    CROSS JOIN s
    CROSS JOIN LATERAL (SELECT ${layer.properties}) p
    CROSS JOIN LATERAL (
      SELECT ST_RemoveRepeatedPoints(ST_SnapToGrid(ST_Affine(
        ST_ClipByBox2D(ST_Transform(CASE WHEN ST_Dimension(t.geom) = 2 THEN ST_ForcePolygonCCW(t.geom) ELSE t.geom END, 3857), ST_Expand(s.env, ${BUFFER} / s.k)),
        s.k, 0, 0, -s.k, -s.x0 * s.k, s.y1 * s.k), 1)) AS geom
    ) g
    WHERE t.dataset_id = ${datasetId}${kindFilter} AND t.geom && s.env4326 AND NOT ST_IsEmpty(g.geom)`);
  return r.rows.map((row) => ({
    id: Number(row['id']),
    geometry: String(row['geometry']),
    properties: (typeof row['properties'] === 'string'
      ? JSON.parse(row['properties'])
      : row['properties']) as Record<string, unknown>,
  }));
}
