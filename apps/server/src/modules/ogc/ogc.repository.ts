// SQL of OGC API – Features (issue 42): a layer's extent, and a page of its features built as GeoJSON text by the
// database (json_agg of ST_AsGeoJSON), so a page of up to 10,000 pipes is one string, never an object per feature.
// Pages are by keyset on the feature id (an index scan however deep the page), or by offset when a client asks.
// Runs under withTenant: RLS keeps every query to the caller's client.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Layer, LayerProperty, LayerScope } from './ogc-layers.ts';

export type Bbox = [number, number, number, number];

export interface PageQuery {
  limit: number;
  /** Keyset: ids above `after`, or below `before` (a prev link); else `offset` rows skipped. */
  after?: number;
  before?: number;
  offset?: number;
  bbox?: Bbox;
  /** Property name → value, already checked against the layer's filterable properties. */
  filters: { property: LayerProperty; value: string | number | boolean }[];
}

export interface Page {
  numberMatched: number;
  numberReturned: number;
  /** More rows beyond the page in its direction. */
  more: boolean;
  firstId: number | null;
  lastId: number | null;
  /** The JSON array of GeoJSON features. */
  features: string;
}

/** Coordinates as stored (EPSG:4326, lon/lat = CRS84), to 7 decimals (about 1 cm). */
const GEOJSON_DIGITS = 7;

function conditions(layer: Layer, scope: LayerScope, q: Pick<PageQuery, 'bbox' | 'filters'>): SQL {
  const parts: SQL[] = [layer.where(scope)];
  if (q.bbox) {
    const [x0, y0, x1, y1] = q.bbox;
    // && first: the GiST index finds the candidates, ST_Intersects keeps those really inside.
    const env = sql`ST_MakeEnvelope(${x0}, ${y0}, ${x1}, ${y1}, 4326)`;
    parts.push(sql`${layer.geom} && ${env} AND ST_Intersects(${layer.geom}, ${env})`);
  }
  for (const f of q.filters) parts.push(sql`(${f.property.expr}) = ${f.value}`);
  return sql.join(parts, sql` AND `);
}

function propertiesObject(props: LayerProperty[]): SQL {
  // json_build_object keeps the properties in the schema's order (at most 50 pairs: the layers have fewer).
  const pairs = props.map((p) => sql`${p.name}::text, ${p.expr}`);
  return pairs.length ? sql`json_build_object(${sql.join(pairs, sql`, `)})` : sql`'{}'::json`;
}

export async function layerExtent(tx: Db, layer: Layer, scope: LayerScope): Promise<Bbox | null> {
  const { rows } = await tx.execute(sql`
    SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1
    FROM (SELECT ST_Extent(${layer.geom}) AS e FROM ${layer.from(scope)} WHERE ${layer.where(scope)}) x`);
  const r = rows[0];
  if (!r || r['x0'] === null) return null;
  return [Number(r['x0']), Number(r['y0']), Number(r['x1']), Number(r['y1'])];
}

export async function featurePage(
  tx: Db,
  layer: Layer,
  scope: LayerScope,
  props: LayerProperty[],
  q: PageQuery,
): Promise<Page> {
  const where = conditions(layer, scope, q);
  const backwards = q.before !== undefined;
  const cursor =
    q.after !== undefined
      ? sql` AND ${layer.id} > ${q.after}::bigint`
      : backwards
        ? sql` AND ${layer.id} < ${q.before}::bigint`
        : sql``;
  const order = backwards ? sql`DESC` : sql`ASC`;
  const skip = q.offset ? sql` OFFSET ${q.offset}` : sql``;
  // One row more than the page tells whether another page follows.
  const { rows } = await tx.execute(sql`
    WITH page AS (
      SELECT ${layer.id} AS fid, ${layer.geom} AS g, ${propertiesObject(props)} AS p
      FROM ${layer.from(scope)} WHERE ${where}${cursor}
      ORDER BY ${layer.id} ${order} LIMIT ${q.limit + 1}${skip}
    ), ranked AS (
      SELECT fid, g, p, row_number() OVER (ORDER BY fid ${order}) AS rn FROM page
    )
    SELECT
      (SELECT count(*) FROM ${layer.from(scope)} WHERE ${where})::int AS matched,
      (count(*) FILTER (WHERE rn <= ${q.limit}))::int AS returned,
      count(*) > ${q.limit} AS more,
      min(fid) FILTER (WHERE rn <= ${q.limit}) AS first_id,
      max(fid) FILTER (WHERE rn <= ${q.limit}) AS last_id,
      COALESCE(json_agg(json_build_object('type', 'Feature', 'id', fid,
        'geometry', ST_AsGeoJSON(g, ${GEOJSON_DIGITS})::json, 'properties', p) ORDER BY fid)
        FILTER (WHERE rn <= ${q.limit}), '[]'::json)::text AS features
    FROM ranked`);
  const r = rows[0]!;
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    numberMatched: Number(r['matched']),
    numberReturned: Number(r['returned']),
    more: r['more'] === true || r['more'] === 't',
    firstId: id(r['first_id']),
    lastId: id(r['last_id']),
    features: String(r['features']),
  };
}

/** One feature as GeoJSON text, or null. */
export async function featureById(
  tx: Db,
  layer: Layer,
  scope: LayerScope,
  props: LayerProperty[],
  featureId: number,
): Promise<string | null> {
  const { rows } = await tx.execute(sql`
    SELECT json_build_object('type', 'Feature', 'id', ${layer.id},
      'geometry', ST_AsGeoJSON(${layer.geom}, ${GEOJSON_DIGITS})::json, 'properties', ${propertiesObject(props)})::text AS f
    FROM ${layer.from(scope)} WHERE ${layer.where(scope)} AND ${layer.id} = ${featureId}::bigint`);
  return rows[0] ? String(rows[0]['f']) : null;
}
