// The tile encoder written with pbf (encode.ts) gives what vt-pbf gave before it, byte for byte: the same rows are
// encoded by both — vt-pbf from the GeoJSON text and the geojson-vt feature form the encoder used to make, ours from
// the TWKB — and the tiles must be equal as bytes and decoded (@mapbox/vector-tile: ids, types, geometry,
// properties). The geometries cover points, lines, multilines, polygons with holes, multipolygons and collections;
// the values nulls, booleans, strings, integers (int4, int8 and numeric as the drivers hand them), floats and
// negative numbers, and the same value in several features and types (the layer's value table is deduplicated).
// Vertices equal to the previous one are left out: TWKB drops them, and the tile SQL has removed them already
// (ST_RemoveRepeatedPoints, tiles.repository.ts).
import { sql } from 'drizzle-orm';
import type { Geometry, Position } from 'geojson';
import vtpbf from 'vt-pbf';
import { expect, it } from 'vitest';
import { encodeTile } from '../src/modules/tiles/encode.ts';
import { packedRows, recordValues, typedRows, type TileRows } from '../src/modules/tiles/tile-rows.ts';
import { forEachBackend } from './helpers/harness.ts';
import { decodeLayer } from './helpers/tile-fixture.ts';

// ---- The encoder before this one (encode.ts until issue 41's hand-written encoder), kept as the reference. ----
type Pair = [number, number];
interface VtFeature {
  id: number;
  type: 1 | 2 | 3;
  geometry: Pair[] | Pair[][];
  tags: Record<string, string | number | boolean>;
}
const pair = (p: Position): Pair => [Math.round(p[0]!), Math.round(p[1]!)];

function shape(g: Geometry): Pick<VtFeature, 'type' | 'geometry'> | null {
  switch (g.type) {
    case 'Point':
      return { type: 1, geometry: [pair(g.coordinates)] };
    case 'MultiPoint':
      return { type: 1, geometry: g.coordinates.map(pair) };
    case 'LineString':
      return g.coordinates.length > 1 ? { type: 2, geometry: [g.coordinates.map(pair)] } : null;
    case 'MultiLineString': {
      const lines = g.coordinates.filter((l) => l.length > 1).map((l) => l.map(pair));
      return lines.length ? { type: 2, geometry: lines } : null;
    }
    case 'Polygon':
      return { type: 3, geometry: g.coordinates.map((r) => r.map(pair)) };
    case 'MultiPolygon':
      return { type: 3, geometry: g.coordinates.flatMap((poly) => poly.map((r) => r.map(pair))) };
    case 'GeometryCollection': {
      const parts = g.geometries.map(shape).filter((s): s is NonNullable<typeof s> => s !== null);
      const type = Math.max(0, ...parts.map((p) => p.type)) as 0 | 1 | 2 | 3;
      if (type === 0) return null;
      const same = parts.filter((p) => p.type === type);
      return { type, geometry: same.flatMap((p) => p.geometry as Pair[][]) };
    }
  }
}

function tagsOf(properties: Record<string, unknown>): VtFeature['tags'] {
  const tags: VtFeature['tags'] = {};
  for (const [k, v] of Object.entries(properties)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') tags[k] = v;
    else tags[k] = JSON.stringify(v);
  }
  return tags;
}

/** The rows as tileFeatures mapped them for vt-pbf: int8 and numeric (text from the drivers) made numbers. */
function vtPbfTile(layerName: string, rows: TileRows, geojson: readonly string[]): Uint8Array {
  const features: VtFeature[] = [];
  rows.forEach((row, i) => {
    const properties: Record<string, unknown> = {};
    rows.columns.forEach((c, k) => {
      const v = row.values[k];
      if (v !== null && v !== undefined) properties[c.name] = c.numericText ? Number(v) : v;
    });
    const s = shape(JSON.parse(geojson[i]!) as Geometry);
    if (s) features.push({ id: Number(row.id), ...s, tags: tagsOf(properties) });
  });
  return vtpbf.fromGeojsonVt({ [layerName]: { features } }, { version: 2, extent: 4096 });
}
// ---------------------------------------------------------------------------------------------------------------

/** Tile coordinates, some in the buffer around the tile (negative, past 4096) and far apart (multi-byte varints). */
const GEOMETRIES = [
  'POINT(10 20)',
  'MULTIPOINT((1 2), (3000 -40), (4100 4200))',
  'LINESTRING(0 0, 100 50, 4000 4095)',
  'LINESTRING(-200 -200, 4296 4296)',
  'LINESTRING(7 7, 7 7)',
  'MULTILINESTRING((10 10, 20 20), (30 30, 40 45, 50 60))',
  'POLYGON((0 0, 0 100, 100 100, 100 0, 0 0), (20 20, 40 20, 40 40, 20 40, 20 20))',
  'MULTIPOLYGON(((500 500, 500 600, 600 600, 500 500)), ((0 0, 0 300, 300 300, 300 0, 0 0), (10 10, 50 10, 50 50, 10 10), (100 100, 150 100, 150 150, 100 100)))',
  'GEOMETRYCOLLECTION(POINT(5 5), LINESTRING(0 0, 10 10), LINESTRING(20 20, 30 -30))',
  'GEOMETRYCOLLECTION(POINT(1 1), MULTIPOINT((2 2), (3 3)))',
  'GEOMETRYCOLLECTION(LINESTRING(1 1, 2 2), POLYGON((0 0, 0 10, 10 10, 0 0)), POINT(9 9), POLYGON((20 20, 20 30, 30 30, 20 20)))',
  'GEOMETRYCOLLECTION(MULTIPOINT((4 4), (8 8)), MULTILINESTRING((5 5, 6 6), (0 0, -9 9)), POINT(3 3))',
];

/** Per feature: text, boolean, int4, int8, numeric, float8 (with -0, 0.1+0.2, a big integer), negative ints, text. */
const VALUES = sql.raw(
  GEOMETRIES.map((wkt, i) => {
    const name = i % 3 === 0 ? 'NULL' : `'${['main', 'side', '1', 'ü-€ 水'][i % 4]}'`;
    const flag = ['true', 'false', 'NULL'][i % 3];
    const count = i % 4 === 3 ? 'NULL' : String(i * 7);
    const big = i % 2 ? '9007199254740991' : String(-i * 1000);
    const amount = ['12.5', '-0.125', '3', 'NULL'][i % 4];
    const ratio = ['0.1 + 0.2', '-0.0', '3000000000', '-1.5', '1', 'NULL'][i % 6];
    const neg = i % 5 === 4 ? 'NULL' : String(-i - 1);
    // Text a record's output quotes and escapes (tile-rows.ts reads it back).
    const note = [`'a,"b" (c) \\ d'`, `''`, `' lead'`, `'NULL'`, 'NULL'][i % 5];
    return (
      `(${i + 1}, '${wkt}', ${name}::text, ${flag}::boolean, ${count}::int4, ${big}::int8, ` +
      `${amount}::numeric, (${ratio})::float8, ${neg}::int4, ${note}::text, NULL::text)`
    );
  }).join(',\n'),
);

const COLUMNS = sql.raw('v.name, v.flag, v.count, v.big, v.amount, v.ratio, v.neg, v.note, v.missing');
/** A column's value as the tile carries it: int8 and numeric come as text from a driver, as numbers from PGlite. */
const asTile = (rows: TileRows) =>
  rows.map((r) => r.values.map((v, k) => (v === null || !rows.columns[k]!.numericText ? v : Number(v))));

forEachBackend(
  'tiles: the encoder written with pbf gives vt-pbf’s tiles',
  (h) => {
    it('encodes every geometry and value kind as vt-pbf did, byte for byte', async () => {
      const r = (await h.database.db.execute(sql`
      SELECT v.id, ST_AsGeoJSON(g.geom, 0) AS geojson, encode(ST_AsTWKB(g.geom, 0), 'hex') AS geometry,
        ${COLUMNS}, ROW(${COLUMNS})::text AS props
      FROM (VALUES ${VALUES}) v(id, wkt, name, flag, count, big, amount, ratio, neg, note, missing)
      CROSS JOIN LATERAL (SELECT ST_GeomFromText(v.wkt) AS geom) g
      ORDER BY v.id`)) as unknown as {
        rows: Record<string, unknown>[];
        fields: { name: string; dataTypeID: number }[];
      };
      const fields = r.fields.slice(3, -1);
      const rows = typedRows(r.rows, fields);
      expect(rows).toHaveLength(GEOMETRIES.length);
      // The same values read back from one record's text per row, as tileFeatures asks for them.
      const types = fields.map((f) => f.dataTypeID);
      const packed: TileRows = Object.assign(
        rows.map((row, i) => ({ ...row, values: recordValues(String(r.rows[i]!['props']), types) })),
        { columns: rows.columns },
      );
      expect(asTile(packed)).toEqual(asTile(rows));
      // And every row in one text, as tileFeatures asks for them (ids, geometry and values alike).
      const all = await h.database.db.execute(sql`
      SELECT string_agg(concat(v.id, ',', encode(ST_AsTWKB(ST_GeomFromText(v.wkt), 0), 'hex'), ',',
        ROW(${COLUMNS})::text), '' ORDER BY v.id) AS tile
      FROM (VALUES ${VALUES}) v(id, wkt, name, flag, count, big, amount, ratio, neg, note, missing)`);
      const joined: TileRows = Object.assign(packedRows(String(all.rows[0]!['tile']), types), {
        columns: rows.columns,
      });
      expect(joined.map((row) => [String(row.id), row.geometry])).toEqual(
        rows.map((row) => [String(row.id), row.geometry]),
      );
      expect(asTile(joined)).toEqual(asTile(rows));
      expect(Buffer.from(encodeTile('layer', joined)).equals(Buffer.from(encodeTile('layer', rows)))).toBe(
        true,
      );

      const ours = encodeTile('layer', packed);
      const theirs = vtPbfTile(
        'layer',
        rows,
        r.rows.map((row) => String(row['geojson'])),
      );
      expect(Buffer.from(encodeTile('layer', rows)).equals(Buffer.from(ours))).toBe(true);
      const decoded = (bytes: Uint8Array) =>
        decodeLayer(bytes, 'layer').map((f) => ({
          id: f.id,
          type: f.type,
          geometry: f.loadGeometry().map((ring) => ring.map((p) => [p.x, p.y])),
          properties: f.properties,
        }));
      expect(decoded(ours)).toEqual(decoded(theirs));
      expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);

      // Not vacuous: every feature is there with its kind, a polygon keeps its holes, values keep their types.
      const features = decoded(ours);
      expect(features.map((f) => f.type)).toEqual([1, 1, 2, 2, 2, 2, 3, 3, 2, 1, 3, 2]);
      expect(features[6]!.geometry).toHaveLength(2);
      expect(features[7]!.geometry).toHaveLength(4);
      // A collection's points go as one MoveTo of three, which the decoder reads as three one-point pieces.
      expect(features[9]!.geometry).toEqual([[[1, 1]], [[2, 2]], [[3, 3]]]);
      expect(features[1]!.properties).toEqual({
        name: 'side',
        flag: false,
        count: 7,
        big: 9007199254740991,
        amount: -0.125,
        ratio: 0,
        neg: -2,
        note: '',
      });
      expect(features[2]!.properties).toMatchObject({ name: '1', big: -2000, amount: 3, ratio: 3000000000 });
      expect(features[0]!.properties['ratio']).toBeCloseTo(0.3, 12);
      expect(features[3]!.properties).toEqual({
        flag: true,
        big: 9007199254740991,
        ratio: -1.5,
        neg: -4,
        note: 'NULL',
      });
      expect(features[0]!.properties['note']).toBe('a,"b" (c) \\ d');
      expect(features[2]!.properties['note']).toBe(' lead');
      expect(features[7]!.properties).toMatchObject({ name: 'ü-€ 水', flag: false });
    });

    it('reads a rounded numeric as the double its float8 cast gives (the rows Node encodes skip the cast)', async () => {
      const r = await h.database.db.execute(sql`
      SELECT round(x::numeric, d)::text AS n, round(x::numeric, d)::float8 AS f
      FROM (VALUES (0.1::float8 + 0.2, 4), (1.005, 2), (2.675, 2), (-0.00001, 4), (-2.5, 0), (123456789.123456, 3),
        (1e20, 1), (3e-7, 4), (0.3333333333333333, 4), (9007199254740993, 0), ('NaN', 2), ('Infinity', 1),
        (1.1920928955078125e-7::float4, 4), (12.345::float4, 1)) v(x, d)`);
      expect(r.rows).toHaveLength(14);
      for (const row of r.rows) {
        expect(
          Object.is(Number(row['n']), Number(row['f'])),
          `${String(row['n'])} → ${String(row['f'])}`,
        ).toBe(true);
      }
    });

    it('writes every kind of double as vt-pbf did, byte for byte', () => {
      // Doubles of every magnitude and sign, subnormals, infinities and NaN, each a point feature's value.
      let seed = 7;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const doubles = [NaN, Infinity, -Infinity, 5e-324, -5e-324, 2.2250738585072014e-308, 0.1, -0.5];
      for (let i = 0; i < 3000; i++) doubles.push((random() - 0.5) * 10 ** Math.floor(random() * 35 - 20));
      const rows: TileRows = Object.assign(
        doubles.map((v, i) => ({ id: i + 1, geometry: '01000204', values: [v] })),
        { columns: [{ name: 'v', numericText: false }] },
      );
      const geojson = doubles.map(() => '{"type":"Point","coordinates":[1,2]}');
      expect(
        Buffer.from(encodeTile('layer', rows)).equals(Buffer.from(vtPbfTile('layer', rows, geojson))),
      ).toBe(true);
      expect(decodeLayer(encodeTile('layer', rows), 'layer')[100]!.properties['v']).toBe(doubles[100]);
    });

    it('leaves out, as vt-pbf did, a feature with nothing to draw', async () => {
      const r = await h.database.db.execute(sql`
      SELECT 1 AS id, ST_AsGeoJSON(g, 0) AS geojson, encode(ST_AsTWKB(g, 0), 'hex') AS geometry
      FROM (VALUES ('GEOMETRYCOLLECTION(LINESTRING EMPTY)'::geometry), ('MULTILINESTRING EMPTY'::geometry),
        ('GEOMETRYCOLLECTION EMPTY'::geometry)) v(g)`);
      const rows = typedRows(r.rows, []);
      const ours = encodeTile('layer', rows);
      const geojson = r.rows.map((row) => String(row['geojson']));
      expect(Buffer.from(ours).equals(Buffer.from(vtPbfTile('layer', rows, geojson)))).toBe(true);
      expect(decodeLayer(ours, 'layer')).toHaveLength(0);
    });
  },
  { seed: false },
);
