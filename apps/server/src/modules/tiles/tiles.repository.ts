// Features of one tile, clipped and moved to tile coordinates in SQL (ARCHITECTURE.md: PGlite's PostGIS has no
// ST_AsMVT, so the geometry and the properties are made by one query on both backends). Polygons are forced CCW
// before the y flip so exterior rings come out clockwise in tile space, as the MVT spec wants; mixed pieces of a
// clip (a line touching the buffer edge in a point) keep their highest dimension. Then either Node encodes the
// rows (tileFeatures + encode.ts, written with pbf from the rows' TWKB and typed columns) or PostgreSQL does
// (tileMvt, ST_AsMVT over the very same rows); test/tiles.parity.test.ts proves both give the same features. Runs in
// a tenant transaction.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { columnsOf, packable, packedRows, typedRows, type TileRows } from './tile-rows.ts';
import {
  EXPANSION_KEY,
  propertiesJsonb,
  propertyColumnNames,
  propertyColumns,
  type ExpansionKeys,
  type TileLayer,
} from './tile-layers.ts';

export const EXTENT = 4096;

export interface TileAddress {
  datasetId: number;
  /** The served analysis (datasets.analysis_id); null before the first one. */
  analysisId: number | null;
  z: number;
  x: number;
  y: number;
  /** The layer's expansion keys (expansionKeys), when the caller keeps them; else asked for here. */
  keys?: ExpansionKeys;
}

/** `f(id, geom, <one typed column per property>)`: the features of a tile, geometry in tile coordinates. */
function featuresSql(
  layer: TileLayer,
  a: TileAddress,
  keys: ExpansionKeys,
  rounded: 'float8' | 'numeric',
): SQL {
  const kindFilter = layer.kind ? sql` AND t.kind = ${layer.kind}` : sql``;
  const scope =
    layer.scope === 'analysis' ? sql`t.analysis_id = ${a.analysisId}` : sql`t.dataset_id = ${a.datasetId}`;
  return sql`
    b AS (
      SELECT env, ${EXTENT}::float8 / (ST_XMax(env) - ST_XMin(env)) AS k
      FROM (SELECT ST_TileEnvelope(${a.z}, ${a.x}, ${a.y}) AS env) e
    ), s AS (
      -- The tile grown by the layer's buffer: features within it are clipped to it, not to the tile.
      SELECT ST_Expand(env, ${layer.buffer} / k) AS clip, ST_Transform(ST_Expand(env, ${layer.buffer} / k), 4326) AS env4326,
        k, ST_XMin(env) AS x0, ST_YMax(env) AS y1
      FROM b
    ), f AS (
      SELECT (${layer.id})::bigint AS id, g.geom, ${propertyColumns(layer, keys, rounded)}
      FROM ${sql.identifier(layer.table)} t
      CROSS JOIN s
      ${layer.joins ? layer.joins(a.analysisId) : sql``}
      CROSS JOIN LATERAL (
        SELECT ST_CollectionExtract(ST_RemoveRepeatedPoints(ST_SnapToGrid(ST_Affine(
          ST_ClipByBox2D(
            ST_Transform(CASE WHEN ST_Dimension(t.geom) = 2 THEN ST_ForcePolygonCCW(t.geom) ELSE t.geom END, 3857),
            s.clip),
          s.k, 0, 0, -s.k, -s.x0 * s.k, s.y1 * s.k), 1))) AS geom
      ) g
      WHERE ${scope}${kindFilter} AND t.geom && s.env4326 AND NOT ST_IsEmpty(g.geom)
    )`;
}

/**
 * The keys each expansion (population by year…) has among the layer's rows: they become columns, so the query must
 * name them. Distinct keys over the dataset's rows, asked once per revision by the service (tiles.service.ts).
 */
export async function expansionKeys(
  tx: Db,
  layer: TileLayer,
  datasetId: number,
  analysisId: number | null,
): Promise<ExpansionKeys> {
  const expansions = layer.expansions ?? [];
  if (expansions.length === 0 || (layer.scope === 'analysis' && analysisId === null)) return {};
  const scope =
    layer.scope === 'analysis' ? sql`t.analysis_id = ${analysisId}` : sql`t.dataset_id = ${datasetId}`;
  const kindFilter = layer.kind ? sql` AND t.kind = ${layer.kind}` : sql``;
  const source = sql`FROM ${sql.identifier(layer.table)} t ${layer.joins ? layer.joins(analysisId) : sql``}
    WHERE ${scope}${kindFilter}`;
  const r = await tx.execute(
    sql.join(
      expansions.map(
        (x) => sql`SELECT DISTINCT ${x.prefix}::text AS prefix, jsonb_object_keys(${x.json}) AS key
          ${x.keysFrom ? x.keysFrom(datasetId, analysisId) : source}`,
      ),
      sql` UNION `,
    ),
  );
  const out: Record<string, string[]> = {};
  for (const row of r.rows) {
    const key = String(row['key']);
    if (EXPANSION_KEY.test(key)) (out[String(row['prefix'])] ??= []).push(key);
  }
  for (const keys of Object.values(out)) keys.sort();
  return out;
}

/** The types of a layer's property columns (per list of columns: the expansions' keys are columns too). */
const columnTypes = new WeakMap<TileLayer, Map<string, { name: string; dataTypeID: number }[]>>();

async function propertyFields(tx: Db, layer: TileLayer, a: TileAddress, keys: ExpansionKeys, list: SQL) {
  let m = columnTypes.get(layer);
  if (!m) columnTypes.set(layer, (m = new Map()));
  const key = propertyColumnNames(layer, keys).join(',');
  let fields = m.get(key);
  if (!fields) {
    const r = (await tx.execute(
      sql`WITH ${featuresSql(layer, a, keys, 'numeric')} SELECT ${list} FROM f LIMIT 0`,
    )) as unknown as {
      fields: { name: string; dataTypeID: number }[];
    };
    fields = r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    m.set(key, fields);
  }
  return fields;
}

/**
 * The features as rows, for Node to encode (both backends; encode.ts): the id, the geometry as TWKB in hex (integer
 * tile coordinates, already varint deltas: a fraction of the GeoJSON text to print in WebAssembly and parse in Node)
 * and the property columns as one record's text, read back by their types (tile-rows.ts) — every row of the tile in
 * one text value (string_agg in the query's order), since PGlite's JavaScript handles each row and field it returns.
 */
export async function tileFeatures(tx: Db, layer: TileLayer, a: TileAddress): Promise<TileRows> {
  if (layer.scope === 'analysis' && a.analysisId === null) return Object.assign([], { columns: [] });
  const keys = a.keys ?? (await expansionKeys(tx, layer, a.datasetId, a.analysisId));
  const list = sql.join(
    propertyColumnNames(layer, keys).map((n) => sql.identifier(n)),
    sql`, `,
  );
  const geometry = sql`encode(ST_AsTWKB(geom, 0), 'hex')`;
  const fields = await propertyFields(tx, layer, a, keys, list);
  const types = fields.map((f) => f.dataTypeID);
  type Result = { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] };
  if (!packable(types)) {
    const r = (await tx.execute(sql`
      WITH ${featuresSql(layer, a, keys, 'numeric')} SELECT id, ${geometry} AS geometry, ${list} FROM f`)) as unknown as Result;
    return typedRows(r.rows, r.fields.slice(2));
  }
  const r = await tx.execute(sql`
    WITH ${featuresSql(layer, a, keys, 'numeric')}
    SELECT string_agg(concat(id, ',', ${geometry}, ',', ROW(${list})::text), '') AS tile FROM f`);
  const text = r.rows[0]?.['tile'];
  return Object.assign(typeof text === 'string' ? packedRows(text, types) : [], {
    columns: columnsOf(fields),
  });
}

/** The encoded tile from PostgreSQL's ST_AsMVT over the same rows (not on PGlite); null when empty. */
export async function tileMvt(
  tx: Db,
  layerName: string,
  layer: TileLayer,
  a: TileAddress,
): Promise<Uint8Array | null> {
  if (layer.scope === 'analysis' && a.analysisId === null) return null;
  const keys = a.keys ?? (await expansionKeys(tx, layer, a.datasetId, a.analysisId));
  // ST_AsMVT writes every column but the geometry and the id as a property, and skips null values.
  const r = await tx.execute(sql`
    WITH ${featuresSql(layer, a, keys, 'float8')}
    SELECT ST_AsMVT(f, ${layerName}, ${EXTENT}, 'geom', 'id') AS mvt FROM f`);
  const bytes = r.rows[0]?.['mvt'] as Uint8Array | null | undefined;
  return bytes && bytes.length ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) : null;
}

export interface DatasetTileState {
  tileRevision: number;
  analysisId: number | null;
  /** An analysis of the dataset is queued or running. */
  analysisPending: boolean;
}

/**
 * What a tile's render needs of its dataset (no scan of its analyses: on PGlite that scan was most of the 3–5 ms this
 * read took). Null when the dataset does not exist or belongs to another client (row-level security).
 */
export async function datasetTileRevision(
  tx: Db,
  datasetId: number,
): Promise<Omit<DatasetTileState, 'analysisPending'> | null> {
  const r = await tx.execute(sql`SELECT tile_revision, analysis_id FROM datasets WHERE id = ${datasetId}`);
  const row = r.rows[0];
  return row ? revisionOf(row) : null;
}

/** A datasets row's tile revision and served analysis. */
const revisionOf = (row: Record<string, unknown>): Omit<DatasetTileState, 'analysisPending'> => ({
  tileRevision: Number(row['tile_revision']),
  analysisId: row['analysis_id'] === null ? null : Number(row['analysis_id']),
});

/** Null when the dataset does not exist or belongs to another client (row-level security). */
export async function datasetTileState(tx: Db, datasetId: number): Promise<DatasetTileState | null> {
  const r = await tx.execute(sql`
    SELECT d.tile_revision, d.analysis_id,
      EXISTS (SELECT 1 FROM analyses an WHERE an.dataset_id = d.id
        AND an.stage NOT IN ('complete', 'failed', 'cancelled')) AS pending
    FROM datasets d WHERE d.id = ${datasetId}`);
  const row = r.rows[0];
  return row ? { ...revisionOf(row), analysisPending: Boolean(row['pending']) } : null;
}

/**
 * The tile properties of a layer's features without their geometry, a page at a time in id order (keyset paging
 * after `afterId`): what the map's filter expressions read, for evaluating one on the server (exports).
 */
export async function layerPropertyPage(
  tx: Db,
  layer: TileLayer,
  q: { datasetId: number; analysisId: number | null; afterId: number; limit: number },
): Promise<{ id: number; properties: Record<string, unknown> }[]> {
  if (layer.scope === 'analysis' && q.analysisId === null) return [];
  const scope =
    layer.scope === 'analysis' ? sql`t.analysis_id = ${q.analysisId}` : sql`t.dataset_id = ${q.datasetId}`;
  const kindFilter = layer.kind ? sql` AND t.kind = ${layer.kind}` : sql``;
  const r = await tx.execute(sql`
    SELECT (${layer.id})::bigint AS id, ${propertiesJsonb(layer)} AS props
    FROM ${sql.identifier(layer.table)} t ${layer.joins ? layer.joins(q.analysisId) : sql``}
    WHERE ${scope}${kindFilter} AND (${layer.id})::bigint > ${q.afterId}
    ORDER BY 1 LIMIT ${q.limit}`);
  return r.rows.map((row) => ({
    id: Number(row['id']),
    properties: (typeof row['props'] === 'string' ? JSON.parse(row['props']) : row['props']) as Record<
      string,
      unknown
    >,
  }));
}

/**
 * Property names with at least one value in the layer: the tiles leave nulls out, so a property is present
 * somewhere iff its expression is non-null for some row. Counted per column (building every feature's jsonb for
 * 100k pipes and listing its keys took seconds), and the expanded maps' keys with a value.
 */
export async function layerPropertyNames(
  tx: Db,
  layer: TileLayer,
  datasetId: number,
  analysisId: number | null,
): Promise<string[]> {
  if (layer.scope === 'analysis' && analysisId === null) return [];
  const scope =
    layer.scope === 'analysis' ? sql`t.analysis_id = ${analysisId}` : sql`t.dataset_id = ${datasetId}`;
  const kindFilter = layer.kind ? sql` AND t.kind = ${layer.kind}` : sql``;
  const source = sql`${sql.identifier(layer.table)} t ${layer.joins ? layer.joins(analysisId) : sql``}`;
  const entries = Object.entries(layer.properties);
  const counts = await tx.execute(sql`
    SELECT ${sql.join(
      entries.map(([name, e]) => {
        const sentinel = layer.sentinels?.find((x) => name.startsWith(x.prefix));
        const counted = sentinel ? sql`NULLIF(${e}, ${sentinel.value})` : e;
        return sql`count(${counted}) > 0 AS ${sql.identifier(name)}`;
      }),
      sql`, `,
    )} FROM ${source} WHERE ${scope}${kindFilter}`);
  const names = entries.filter(([name]) => counts.rows[0]?.[name] === true).map(([name]) => name);
  const expansions = layer.expansions ?? [];
  if (expansions.length) {
    const keys = sql.join(
      expansions.map(
        (x) =>
          sql`SELECT ${sql.raw(`'${x.prefix}'`)} || key AS name FROM jsonb_each_text(${x.json}) WHERE value IS NOT NULL`,
      ),
      sql` UNION ALL `,
    );
    const r = await tx.execute(sql`
      SELECT DISTINCT e.name FROM ${source} CROSS JOIN LATERAL (${keys}) e WHERE ${scope}${kindFilter}`);
    names.push(...r.rows.map((row) => String(row['name'])));
  }
  return names.sort();
}

/** 0/16, 1/16 … 16/16: the fractions of the population quantiles (POPULATION_QUANTILE_STEPS). */
const quantileFractions = (steps: number) =>
  sql.raw(`ARRAY[${Array.from({ length: steps + 1 }, (_, i) => i / steps).join(', ')}]::float8[]`);

/**
 * Per population year, the `steps + 1` quantiles of the population served by the dataset's non-abandoned pipes in
 * the analysis (pipe_results.population, keyed by year; the tiles' pop_{year}), for the population view's dynamic
 * tiers (MAP-TIER-09). One ordered-set aggregate per year over the expanded map; an empty object without results.
 */
export async function populationQuantiles(
  tx: Db,
  datasetId: number,
  analysisId: number | null,
  steps: number,
): Promise<Record<string, number[]>> {
  if (analysisId === null) return {};
  // to_jsonb: both drivers hand back the same JSON array (float8[] parsing differs between pg and PGlite).
  const r = await tx.execute(sql`
    SELECT e.key AS year,
      to_jsonb(percentile_cont(${quantileFractions(steps)}) WITHIN GROUP (ORDER BY e.value::float8)) AS q
    FROM pipe_results r
    JOIN pipes p ON p.id = r.pipe_id
    CROSS JOIN LATERAL jsonb_each_text(r.population) e
    WHERE r.analysis_id = ${analysisId} AND p.dataset_id = ${datasetId} AND NOT p.abandoned
      AND e.value IS NOT NULL
    GROUP BY e.key ORDER BY e.key`);
  return Object.fromEntries(
    r.rows.map((row) => {
      const q = row['q'];
      return [String(row['year']), (typeof q === 'string' ? JSON.parse(q) : q) as number[]];
    }),
  );
}

/** The area layers whose tiles carry an analysis' aggregates (tile-layers.ts AREA_RESULTS). */
export const RESULT_AREA_LAYERS = ['mesh', 'district', 'custom_zone'] as const;

/**
 * Per area layer, the `steps + 1` quantiles of its areas' expected breaks per km and year in the analysis (the tiles'
 * break_rate), for the breakRate view's tiers: each tier then holds about as many areas, whatever the network's level
 * of breaks. Areas without length or without a scored pipe are left out, and so is a layer with none.
 */
export async function breakRateQuantiles(
  tx: Db,
  datasetId: number,
  analysisId: number | null,
  steps: number,
): Promise<{ layer: (typeof RESULT_AREA_LAYERS)[number]; quantiles: number[] }[]> {
  if (analysisId === null) return [];
  const r = await tx.execute(sql`
    SELECT a.kind,
      to_jsonb(percentile_cont(${quantileFractions(steps)})
        WITHIN GROUP (ORDER BY ar.expected_breaks_12 / ar.length_m * 1000)) AS q
    FROM area_results ar JOIN areas a ON a.id = ar.area_id
    WHERE ar.analysis_id = ${analysisId} AND a.dataset_id = ${datasetId}
      AND a.kind IN ('mesh', 'district', 'custom_zone')
      AND ar.length_m > 0 AND ar.expected_breaks_12 IS NOT NULL
    GROUP BY a.kind ORDER BY a.kind`);
  return r.rows.map((row) => {
    const q = row['q'];
    return {
      layer: String(row['kind']) as (typeof RESULT_AREA_LAYERS)[number],
      quantiles: (typeof q === 'string' ? JSON.parse(q) : q) as number[],
    };
  });
}
