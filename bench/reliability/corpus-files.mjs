// The malformed-file corpus of issue 18: files of the five import formats (CSV, GeoJSON, zipped Shapefile,
// GeoPackage, EPANET .inp), each a valid small network first, then broken in one way. Deterministic: file i of
// seed s is always the same bytes (mulberry32 per file), so a failure found once can be found again.
// Sizes that cost memory or time on the server (bombs, deep JSON, slow views, big networks) come from the env so a
// smoke run stays small: RELIABILITY_BOMB_ENTRIES, RELIABILITY_BOMB_ENTRY_MB, RELIABILITY_DEEP_JSON,
// RELIABILITY_VIEW_ROWS, RELIABILITY_BIG_ROWS, RELIABILITY_CORPUS_ROWS, RELIABILITY_CRAFTED_PIPES (issue 37's
// same-node .inp: 100,002), RELIABILITY_CRAFTED_FILES (4; smoke 2).
import { strToU8, unzipSync, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { builderFor } from '../../apps/server/src/modules/exports/formats/builders.ts';
import { mulberry32 } from '../../packages/engine/src/random/mulberry32.ts';
import { zipBomb } from './zip-bomb.mjs';

export function sizes(smoke) {
  const n = (name, full, small) => Number(process.env[name] ?? (smoke ? small : full));
  return {
    rows: n('RELIABILITY_CORPUS_ROWS', 50, 20),
    bombEntries: n('RELIABILITY_BOMB_ENTRIES', 20, 10),
    bombEntryMb: n('RELIABILITY_BOMB_ENTRY_MB', 100, 10),
    deepJson: n('RELIABILITY_DEEP_JSON', 100_000, 20_000),
    viewRows: n('RELIABILITY_VIEW_ROWS', 10_000_000, 200_000),
    bigRows: n('RELIABILITY_BIG_ROWS', 100_000, 5_000),
    craftedPipes: n('RELIABILITY_CRAFTED_PIPES', 100_002, 100_002),
    craftedFiles: n('RELIABILITY_CRAFTED_FILES', 4, 2),
  };
}

const rngOf = (seed) => mulberry32(seed >>> 0);
const int = (rng, n) => Math.floor(rng() * n);

// ---- valid small networks, one per format ----

function pipes(n, rng) {
  return Array.from({ length: n }, (_, i) => {
    const x = -85.7 + (i % 20) * 0.001 + rng() * 1e-5;
    const y = 38.2 + Math.floor(i / 20) * 0.001;
    return {
      id: `P${i + 1}`,
      dia: [100, 150, 200][i % 3],
      year: 1950 + (i % 60),
      matl: ['CI', 'DI', 'PVC'][i % 3],
      line: [
        [x, y],
        [x + 0.001, y],
      ],
    };
  });
}

const csvOf = (ps, sep = ';') =>
  [
    `ID${sep}DIA${sep}YEAR${sep}MATL${sep}WKT`,
    ...ps.map((p) =>
      [p.id, p.dia, p.year, p.matl, `LINESTRING(${p.line.map((c) => c.join(' ')).join(', ')})`].join(sep),
    ),
  ].join('\n') + '\n';

const geojsonOf = (ps) => ({
  type: 'FeatureCollection',
  features: ps.map((p) => ({
    type: 'Feature',
    properties: { ID: p.id, DIA: p.dia, YEAR: p.year, MATL: p.matl },
    geometry: { type: 'LineString', coordinates: p.line },
  })),
});

const LAYER = {
  name: 'mains',
  fields: [
    { name: 'ID', short: 'ID', type: 'text', value: (r) => r.id },
    { name: 'DIA', short: 'DIA', type: 'integer', value: (r) => r.dia },
    { name: 'YEAR', short: 'YEAR', type: 'integer', value: (r) => r.year },
    { name: 'MATL', short: 'MATL', type: 'text', value: (r) => r.matl },
  ],
};
async function built(format, ps) {
  const b = await builderFor(format, LAYER);
  b.add(ps.map((p) => ({ row: p, lines: [p.line] })));
  return b.finish();
}

function inpOf(n) {
  const j = [];
  const pp = [];
  const co = [];
  for (let i = 1; i <= n; i++) {
    j.push(`J${i}\t${100 + (i % 7)}\t${(i % 5) * 0.1}`);
    co.push(`J${i}\t${i % 200}\t${Math.floor(i / 200)}`);
    pp.push(`P${i}\t${i === 1 ? 'R1' : `J${i - 1}`}\tJ${i}\t100\t${[100, 150, 200][i % 3]}\t100\t0\tOpen`);
  }
  return [
    '[TITLE]',
    'corpus',
    '[JUNCTIONS]',
    ...j,
    '[RESERVOIRS]',
    'R1\t150',
    '[PIPES]',
    ...pp,
    '[COORDINATES]',
    'R1\t-1\t0',
    ...co,
    '[END]',
    '',
  ].join('\n');
}

// ---- issue 37's crafted file and the other client's small one (corpus.mjs's cross-tenant timing) ----

/**
 * The same-node EPANET network of issue 37's probe (bench/crafted-upload.bench.mjs): `n` pipes all between
 * junctions J1 and J2, fed by a reservoir. Legal line by line; four of them held every parse thread for 5 minutes.
 */
export function craftedInp(n) {
  const lines = [
    '[TITLE]',
    'crafted',
    '[JUNCTIONS]',
    'J1 10 0',
    'J2 10 0',
    '[RESERVOIRS]',
    'R1 50',
    '[PIPES]',
  ];
  for (let i = 0; i < n; i++) lines.push(`P${i} J1 J2 100 150 100 0 Open`);
  lines.push(
    'PR R1 J1 10 300 100 0 Open',
    '[COORDINATES]',
    'J1 0 0',
    'J2 0.001 0.001',
    'R1 -0.001 0',
    '[END]',
  );
  return enc(lines.join('\n'));
}

/** The validation options of a crafted file, as crafted-upload.bench.mjs sends them. */
export const craftedOptions = (name) => ({
  layer: 'pipes',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: { nativeId: 'id', startNode: 'node1', endNode: 'node2', diameter: 'diameter', length: 'length' },
  target: { new_group_name: name },
});

/** Another client's ordinary upload: 12 pipes as GeoJSON (the one that answered after 286.9 s in issue 37). */
export function smallGeoJson() {
  const features = Array.from({ length: 12 }, (_, i) => ({
    type: 'Feature',
    properties: { ID: `S${i}`, DIA: 150 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [-85.7 + i * 0.001, 38.2],
        [-85.699 + i * 0.001, 38.2],
      ],
    },
  }));
  return enc(JSON.stringify({ type: 'FeatureCollection', features }));
}

// ---- generic byte defects ----

function truncate(bytes, rng) {
  return bytes.subarray(0, Math.max(1, int(rng, bytes.length - 1)));
}
function bitFlips(bytes, rng, flips = 1 + int(rng, 16)) {
  const out = Uint8Array.from(bytes);
  for (let k = 0; k < flips; k++) out[int(rng, out.length)] ^= 1 << int(rng, 8);
  return out;
}
function utf16(text, bom) {
  const body = Buffer.from(text, 'utf16le');
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
}
const enc = (s) => Buffer.from(s, 'utf8');

// ---- per format: kind → (rng, sizes, base) → { name, bytes } ----

const CSV = {
  truncated: (r, s, b) => ({ bytes: truncate(b.csv, r) }),
  bit_flips: (r, s, b) => ({ bytes: bitFlips(b.csv, r) }),
  empty: () => ({ bytes: new Uint8Array(0) }),
  header_only: () => ({ bytes: enc('ID;DIA;YEAR;MATL;WKT\n') }),
  utf16_no_bom: (r, s, b) => ({ bytes: utf16(b.csvText, false) }),
  utf16_bom: (r, s, b) => ({ bytes: utf16(b.csvText, true) }),
  latin1: (r, s, b) => ({ bytes: Buffer.from(b.csvText.replace(/CI/g, 'Fonte ductile é'), 'latin1') }),
  shift_jis_bytes: (r, s, b) => ({
    bytes: Buffer.concat([enc('ID;材質\n'), Buffer.from([0x82, 0xa0, 0x3b, 0x93, 0x53, 0x0a]), b.csv]),
  }),
  nul_in_header: (r, s, b) => ({ bytes: enc(b.csvText.replace('DIA', 'D\0IA')) }),
  nul_everywhere: (r, s, b) => ({ bytes: enc(b.csvText.replace(/;/g, ';\0')) }),
  huge_header: (r, s) => ({
    bytes: enc(`${Array.from({ length: s.bigRows }, (_, i) => `C${i}`).join(';')}\n1;2\n`),
  }),
  huge_field: (r, s) => ({ bytes: enc(`ID;WKT\nP1;${'9'.repeat(s.bigRows * 200)}\n`) }),
  unterminated_quote: (r, s, b) => ({ bytes: enc(b.csvText.replace('P3;', '"P3;')) }),
  ragged_rows: (r, s, b) => ({
    bytes: enc(
      b.csvText
        .split('\n')
        .map((l, i) => (i % 2 ? `${l};x;y;z` : l.split(';').slice(0, 2).join(';')))
        .join('\n'),
    ),
  }),
  bad_wkt: (r, s, b) => ({ bytes: enc(b.csvText.replace(/LINESTRING\(/g, 'LINESTRING(abc ')) }),
  huge_numbers: (r, s, b) => ({
    bytes: enc(b.csvText.replace(/;(\d+);(\d+);/g, ';1e308;99999999999999999999;')),
  }),
  nul_file_name: (r, s, b) => ({ bytes: b.csv, name: 'mains\0.csv' }),
  binary_as_csv: (r) => ({ bytes: Uint8Array.from({ length: 4096 }, () => int(r, 256)) }),
};

const GEOJSON = {
  truncated: (r, s, b) => ({ bytes: truncate(b.geojson, r) }),
  bit_flips: (r, s, b) => ({ bytes: bitFlips(b.geojson, r) }),
  empty_object: () => ({ bytes: enc('{}') }),
  deep_coordinates: (r, s) => ({
    bytes: enc(
      `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":${'['.repeat(s.deepJson)}${']'.repeat(s.deepJson)}}}]}`,
    ),
  }),
  deep_properties: (r, s) => ({
    bytes: enc(
      `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":${'{"a":'.repeat(s.deepJson)}1${'}'.repeat(s.deepJson)}},"geometry":null}]}`,
    ),
  }),
  bare_array: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo.features)) }),
  features_null: () => ({ bytes: enc('{"type":"FeatureCollection","features":null}') }),
  unknown_geometry: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo).replace(/"LineString"/g, '"Spline"')) }),
  string_coordinates: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo).replace(/(-?\d+\.\d+)/g, '"$1"')) }),
  nan_coordinates: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo).replace(/-85\.\d+/g, 'NaN')) }),
  nul_in_key: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo).replace(/"MATL"/g, '"MA\\u0000TL"')) }),
  utf16: (r, s, b) => ({ bytes: utf16(JSON.stringify(b.geo), r() < 0.5) }),
  huge_vertex_count: (r, s) => ({
    bytes: enc(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { ID: 'P1' },
            geometry: {
              type: 'LineString',
              coordinates: Array.from({ length: s.bigRows * 10 }, (_, i) => [-85.7 + i * 1e-6, 38.2]),
            },
          },
        ],
      }),
    ),
  }),
  many_properties: (r, s) => ({
    bytes: enc(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: Object.fromEntries(Array.from({ length: s.bigRows }, (_, i) => [`k${i}`, i])),
            geometry: { type: 'Point', coordinates: [0, 0] },
          },
        ],
      }),
    ),
  }),
  bogus_crs: (r, s, b) => ({
    bytes: enc(
      JSON.stringify({
        ...b.geo,
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::999999' } },
      }),
    ),
  }),
  out_of_range: (r, s, b) => ({ bytes: enc(JSON.stringify(b.geo).replace(/38\.2/g, '3800.2')) }),
  nul_file_name: (r, s, b) => ({ bytes: b.geojson, name: 'mains\0.geojson' }),
};

/** A zip of the base Shapefile with one entry changed (or removed: `null`). */
function reShp(b, change) {
  const entries = unzipSync(b.shp);
  for (const [k, v] of Object.entries(entries)) {
    const ext = k.slice(k.lastIndexOf('.') + 1);
    const next = change(ext, v);
    if (next === null) delete entries[k];
    else entries[k] = next;
  }
  return zipSync(entries);
}
const SHP = {
  truncated_zip: (r, s, b) => ({ bytes: truncate(b.shp, r) }),
  bit_flips_zip: (r, s, b) => ({ bytes: bitFlips(b.shp, r) }),
  no_dbf: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'dbf' ? null : v)) }),
  no_shx: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'shx' ? null : v)) }),
  no_shp: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'shp' ? null : v)) }),
  dbf_truncated: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'dbf' ? truncate(v, r) : v)) }),
  dbf_bit_flips: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'dbf' ? bitFlips(v, r) : v)) }),
  shp_bit_flips: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'shp' ? bitFlips(v, r) : v)) }),
  shp_huge_length: (r, s, b) => ({
    bytes: reShp(b, (ext, v) => {
      if (ext !== 'shp') return v;
      const out = Uint8Array.from(v);
      new DataView(out.buffer).setInt32(24, 0x7fffffff); // file length in 16-bit words, big endian
      new DataView(out.buffer).setInt32(104, 0x7fffffff); // first record's content length
      return out;
    }),
  }),
  prj_garbage: (r, s, b) => ({
    bytes: reShp(b, (ext, v) => (ext === 'prj' ? strToU8('PROJCS["nonsense",GARBAGE[') : v)),
  }),
  cpg_unknown: (r, s, b) => ({ bytes: reShp(b, (ext, v) => (ext === 'cpg' ? strToU8('x-klingon-1') : v)) }),
  zip_bomb: (r, s) => ({ bytes: zipBomb(s.bombEntries, s.bombEntryMb, 'shp') }),
  zip_bomb_dbf: (r, s) => ({ bytes: zipBomb(s.bombEntries, s.bombEntryMb, 'dbf') }),
  nested_zip: (r, s, b) => ({ bytes: zipSync({ 'inner.zip': b.shp }) }),
  path_traversal: (r, s, b) => ({
    bytes: zipSync(
      Object.fromEntries(Object.entries(unzipSync(b.shp)).map(([k, v]) => [`../../../tmp/${k}`, v])),
    ),
  }),
  many_entries: (r, s) => ({
    bytes: zipSync(
      Object.fromEntries(
        Array.from({ length: Math.min(s.bigRows, 20_000) }, (_, i) => [`f${i}.txt`, strToU8('x')]),
      ),
    ),
  }),
  two_layers_one_broken: (r, s, b) => ({
    bytes: zipSync({
      ...unzipSync(b.shp),
      'other.shp': bitFlips(unzipSync(b.shp)['mains.shp'] ?? new Uint8Array(100), r),
      'other.dbf': new Uint8Array(3),
    }),
  }),
  not_a_zip: (r, s, b) => ({ bytes: b.csv }),
};

let SQL;
async function gpkgWith(b, sqlText, { tamper } = {}) {
  SQL ??= await initSqlJs();
  const db = new SQL.Database(b.gpkg);
  try {
    if (sqlText) db.exec(sqlText);
    return tamper ? tamper(db.export()) : db.export();
  } finally {
    db.close();
  }
}
const registerView = (name, select) => `CREATE VIEW ${name} AS ${select};
  INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('${name}', 'features', '${name}', 4326);
  INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m) VALUES ('${name}', 'geom', 'LINESTRING', 4326, 0, 0);`;
const GPKG = {
  truncated: (r, s, b) => ({ bytes: truncate(b.gpkg, r) }),
  bit_flips: (r, s, b) => ({ bytes: bitFlips(b.gpkg, r, 4 + int(r, 64)) }),
  recursive_view_bounded: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      registerView(
        'slow',
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${s.viewRows}) SELECT i AS fid, NULL AS geom FROM n`,
      ),
    ),
  }),
  // Never ends when counted: the server must bound it, or every tenant waits (issue 18).
  recursive_view_unbounded: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      registerView(
        'endless',
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS fid, NULL AS geom FROM n',
      ),
    ),
  }),
  cross_join_view: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      registerView('cross', 'SELECT a.fid AS fid, a.geom AS geom FROM mains a, mains b2, mains c, mains d'),
    ),
  }),
  missing_table: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      "INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('ghost', 'features', 'ghost', 4326);",
    ),
  }),
  garbage_geometry: async (r, s, b) => ({
    bytes: await gpkgWith(b, "UPDATE mains SET geom = X'4750000100000000DEADBEEF'"),
  }),
  unknown_srs: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      'UPDATE gpkg_contents SET srs_id = 987654; UPDATE gpkg_geometry_columns SET srs_id = 987654;',
    ),
  }),
  empty_table: async (r, s, b) => ({ bytes: await gpkgWith(b, 'DELETE FROM mains') }),
  no_contents: async (r, s, b) => ({ bytes: await gpkgWith(b, 'DROP TABLE gpkg_contents') }),
  text_in_numbers: async (r, s, b) => ({
    bytes: await gpkgWith(b, "UPDATE mains SET DIA = 'wide', YEAR = x'00ff'"),
  }),
  nul_in_values: async (r, s, b) => ({
    bytes: await gpkgWith(b, "UPDATE mains SET ID = 'P' || char(0) || fid"),
  }),
  wide_table: async (r, s, b) => ({
    bytes: await gpkgWith(
      b,
      `CREATE TABLE wide AS SELECT fid, geom, ${Array.from({ length: 500 }, (_, i) => `NULL AS c${i}`).join(', ')} FROM mains; DELETE FROM gpkg_contents; INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('wide', 'features', 'wide', 4326); UPDATE gpkg_geometry_columns SET table_name = 'wide';`,
    ),
  }),
  not_sqlite: (r) => ({
    bytes: Buffer.concat([enc('SQLite format 3\0'), Uint8Array.from({ length: 8192 }, () => int(r, 256))]),
  }),
  page_bit_flips: async (r, s, b) => ({
    bytes: await gpkgWith(b, null, { tamper: (bytes) => bitFlips(bytes, r, 200) }),
  }),
  nul_file_name: (r, s, b) => ({ bytes: b.gpkg, name: 'mains\0.gpkg' }),
};

const INP = {
  truncated: (r, s, b) => ({ bytes: truncate(b.inp, r) }),
  bit_flips: (r, s, b) => ({ bytes: bitFlips(b.inp, r) }),
  no_pipes: (r, s, b) => ({
    bytes: enc(b.inpText.replace(/\[PIPES\][\s\S]*?\[COORDINATES\]/, '[COORDINATES]')),
  }),
  unknown_nodes: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\tJ(\d+)\t100/g, '\tNOPE$1\t100')) }),
  no_coordinates: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\[COORDINATES\][\s\S]*?\[END\]/, '[END]')) }),
  text_numbers: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\t100\t/g, '\tlong\t')) }),
  huge_numbers: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\t100\t/g, '\t1e309\t')) }),
  negative_lengths: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\t100\t/g, '\t-5\t')) }),
  unterminated_section: (r, s, b) => ({ bytes: enc(b.inpText.replace('[PIPES]', '[PIPES')) }),
  duplicate_ids: (r, s, b) => ({ bytes: enc(b.inpText.replace(/^P\d+\t/gm, 'P1\t')) }),
  nul_bytes: (r, s, b) => ({ bytes: enc(b.inpText.replace(/\t/g, '\t\0')) }),
  utf16: (r, s, b) => ({ bytes: utf16(b.inpText, false) }),
  comments_only: () => ({ bytes: enc(';'.repeat(1000) + '\n[END]\n') }),
  big_network: (r, s) => ({ bytes: enc(inpOf(s.bigRows)) }),
  long_line: (r, s, b) => ({
    bytes: enc(b.inpText.replace('[JUNCTIONS]', `[JUNCTIONS]\n${'J'.repeat(s.bigRows * 200)}\t1\t1`)),
  }),
  nul_file_name: (r, s, b) => ({ bytes: b.inp, name: 'net\0.inp' }),
};

export const FORMATS = [
  { format: 'csv', ext: 'csv', kinds: CSV },
  { format: 'geojson', ext: 'geojson', kinds: GEOJSON },
  { format: 'shp', ext: 'zip', kinds: SHP },
  { format: 'gpkg', ext: 'gpkg', kinds: GPKG },
  { format: 'inp', ext: 'inp', kinds: INP },
];

/** The valid base files every defect starts from. */
export async function baseFiles(s, seed) {
  const ps = pipes(s.rows, rngOf(seed));
  const csvText = csvOf(ps);
  const geo = geojsonOf(ps);
  const inpText = inpOf(s.rows);
  return {
    csvText,
    csv: enc(csvText),
    geo,
    geojson: enc(JSON.stringify(geo)),
    shp: await built('shp', ps),
    gpkg: await built('gpkg', ps),
    inpText,
    inp: enc(inpText),
  };
}

/**
 * File `i` of the corpus: formats in turn, each format's kinds in turn, so any 5 × (kinds) files hold every kind;
 * a kind's later copies differ by their generator (another cut, other bits).
 */
export async function corpusFile(i, seed, s, base) {
  const f = FORMATS[i % FORMATS.length];
  const names = Object.keys(f.kinds);
  const kind = names[Math.floor(i / FORMATS.length) % names.length];
  const made = await f.kinds[kind](rngOf(seed * 7919 + i), s, base);
  return {
    index: i,
    format: f.format,
    kind,
    name: made.name ?? `corpus-${i}-${kind}.${f.ext}`,
    bytes: made.bytes,
  };
}
