// Tile rows → a Mapbox Vector Tile (MVT v2, extent 4096), written straight from the rows with pbf: PGlite has no
// ST_AsMVT (tiles.repository.ts). Hand-written rather than vt-pbf because vt-pbf's geojson-vt wrapper built a Point
// object per vertex and a tags object per feature, after JSON.parse had built the [x, y] pairs of the GeoJSON text:
// on the densest z14 tile of the 100k-pipe bench town (943 features, 36 properties, 226 kB) vt-pbf took 137–141 ms
// (its row mapping 7–8 ms more), this 22–23 ms (medians of 7 and 9, load 8–9 on the shared 2 cores, 2026-12-07).
// The output is byte for byte what vt-pbf wrote for the same features (test/tiles.encoder.test.ts, and that tile):
// keys and values are deduplicated per layer in first-seen order, as vt-pbf does.
//
// The geometry comes as TWKB (ST_AsTWKB at precision 0, hex text): integer tile coordinates as zig-zag varint
// deltas, what MVT wants but for its commands and the polygons' closing vertex. The shapes follow the geojson-vt form
// the encoder took before: a line needs two vertices, every ring is kept, a collection keeps its parts of its
// highest kind (the other parts are dropped), and points (also a collection's) go as one MoveTo of all of them.
// TWKB leaves out a vertex equal to the one before it (but keeps a line's 2 and a ring's 4): the tile SQL has removed
// those already (ST_RemoveRepeatedPoints), so the vertices are those the GeoJSON had.
import { createRequire } from 'node:module';
import type { TileRow, TileRows } from './tile-rows.ts';
import { EXTENT } from './tiles.repository.ts';

/** The part of pbf 3's writer used here (pbf ships no types). */
interface PbfWriter {
  buf: Uint8Array;
  pos: number;
  realloc(min: number): void;
  writeMessage<T>(tag: number, fn: (obj: T, pbf: PbfWriter) => void, obj: T): void;
  writeVarint(val: number): void;
  writeVarintField(tag: number, val: number): void;
  writeSVarintField(tag: number, val: number): void;
  writeStringField(tag: number, val: string): void;
  writeDoubleField(tag: number, val: number): void;
  writeBooleanField(tag: number, val: boolean): void;
  finish(): Uint8Array;
}
const Pbf = createRequire(import.meta.url)('pbf') as new () => PbfWriter;

// One feature's geometry at a time: its vertices, and its pieces (a list of points, a line or a ring) as
// [first vertex, vertex count] pairs. Reused from feature to feature.
let xs = new Int32Array(4096);
let ys = new Int32Array(4096);
let vertices = 0;
const pieces: number[] = [];
let twkb = Buffer.alloc(4096);
let at = 0;

function uvarint(): number {
  let b = twkb[at++]!;
  if (b < 0x80) return b;
  let value = b & 0x7f;
  let scale = 0x80;
  do {
    b = twkb[at++]!;
    value += (b & 0x7f) * scale;
    scale *= 0x80;
  } while (b >= 0x80);
  return value;
}
const svarint = (): number => {
  const u = uvarint();
  return u % 2 ? -(u + 1) / 2 : u / 2;
};

/** Reads `n` vertices, each a delta from the previous one (`cursor`, carried through the parts of a multi). */
function readVertices(n: number, dims: number, cursor: { x: number; y: number }): void {
  if (vertices + n > xs.length) {
    const size = Math.max(xs.length * 2, vertices + n);
    const nx = new Int32Array(size);
    const ny = new Int32Array(size);
    nx.set(xs.subarray(0, vertices));
    ny.set(ys.subarray(0, vertices));
    xs = nx;
    ys = ny;
  }
  for (let i = 0; i < n; i++) {
    cursor.x += svarint();
    cursor.y += svarint();
    for (let d = 2; d < dims; d++) svarint();
    xs[vertices] = cursor.x;
    ys[vertices++] = cursor.y;
  }
}

/** Appends the pieces of one TWKB geometry; its MVT type, or 0 when it has nothing to draw. */
function readGeometry(): 0 | 1 | 2 | 3 {
  const kind = twkb[at++]! & 0x0f;
  const meta = twkb[at++]!;
  let dims = 2;
  if (meta & 0x08) {
    const ext = twkb[at++]!;
    dims += (ext & 1) + ((ext >> 1) & 1);
  }
  if (meta & 0x02) uvarint(); // size of the rest
  if (meta & 0x01) for (let i = 0; i < 2 * dims; i++) svarint(); // bbox
  if (meta & 0x10) return kind === 4 ? emptyPoints() : kind === 3 || kind === 6 ? 3 : 0; // empty
  const cursor = { x: 0, y: 0 };
  const count = kind === 1 ? 1 : uvarint();
  if (kind >= 4 && meta & 0x04) for (let i = 0; i < count; i++) svarint(); // id list
  switch (kind) {
    case 1:
    case 4:
      pieces.push(vertices, count);
      readVertices(count, dims, cursor);
      return 1;
    case 2:
      return readLine(count, dims, cursor) ? 2 : 0;
    case 3:
      readRings(count, dims, cursor);
      return 3;
    case 5: {
      let any = false;
      for (let i = 0; i < count; i++) any = readLine(uvarint(), dims, cursor) || any;
      return any ? 2 : 0;
    }
    case 6:
      for (let i = 0; i < count; i++) readRings(uvarint(), dims, cursor);
      return 3;
    case 7:
      return readCollection(count);
    default:
      throw new Error(`TWKB geometry type ${kind} in a tile`);
  }
}

const emptyPoints = (): 1 => {
  pieces.push(vertices, 0);
  return 1;
};

/** A line of fewer than two vertices draws nothing (geojson-vt's form had none). */
function readLine(n: number, dims: number, cursor: { x: number; y: number }): boolean {
  const first = vertices;
  readVertices(n, dims, cursor);
  if (n > 1) pieces.push(first, n);
  return n > 1;
}

function readRings(rings: number, dims: number, cursor: { x: number; y: number }): void {
  for (let r = 0; r < rings; r++) {
    const n = uvarint();
    pieces.push(vertices, n);
    readVertices(n, dims, cursor);
  }
}

/** A collection keeps the parts of its highest type, in order (clipping can add a point where a line touches). */
function readCollection(count: number): 0 | 1 | 2 | 3 {
  const parts: number[] = [];
  let type: 0 | 1 | 2 | 3 = 0;
  for (let i = 0; i < count; i++) {
    const from = pieces.length;
    const t = readGeometry();
    parts.push(from, pieces.length, t);
    if (t > type) type = t;
  }
  for (let i = parts.length - 3; i >= 0; i -= 3) {
    if (parts[i + 2] !== type) pieces.splice(parts[i]!, parts[i + 1]! - parts[i]!);
  }
  return type;
}

/** Reads a row's hex TWKB into the scratch; the feature's MVT type, 0 when there is nothing to draw. */
function loadGeometry(hex: string): 0 | 1 | 2 | 3 {
  const bytes = hex.length >> 1;
  if (bytes > twkb.length) twkb = Buffer.alloc(Math.max(bytes, twkb.length * 2));
  twkb.write(hex, 0, bytes, 'hex');
  at = 0;
  vertices = 0;
  pieces.length = 0;
  return readGeometry();
}

const command = (cmd: number, length: number) => (length << 3) + (cmd & 0x7);
const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/** The loaded geometry as MVT commands: one MoveTo of every point, or a MoveTo and LineTo per line and ring. */
function writeGeometry(type: 1 | 2 | 3, pbf: PbfWriter): void {
  let x = 0;
  let y = 0;
  if (type === 1) {
    let total = 0;
    for (let p = 1; p < pieces.length; p += 2) total += pieces[p]!;
    pbf.writeVarint(command(1, total));
    for (let p = 0; p < pieces.length; p += 2) {
      for (let v = pieces[p]!, end = v + pieces[p + 1]!; v < end; v++) {
        pbf.writeVarint(zigzag(xs[v]! - x));
        pbf.writeVarint(zigzag(ys[v]! - y));
        x = xs[v]!;
        y = ys[v]!;
      }
    }
    return;
  }
  for (let p = 0; p < pieces.length; p += 2) {
    const first = pieces[p]!;
    // A ring's closing vertex is not written: ClosePath returns to the first.
    const lineCount = type === 3 ? pieces[p + 1]! - 1 : pieces[p + 1]!;
    pbf.writeVarint(command(1, 1));
    for (let i = 0; i < lineCount; i++) {
      if (i === 1) pbf.writeVarint(command(2, lineCount - 1));
      pbf.writeVarint(zigzag(xs[first + i]! - x));
      pbf.writeVarint(zigzag(ys[first + i]! - y));
      x = xs[first + i]!;
      y = ys[first + i]!;
    }
    if (type === 3) pbf.writeVarint(command(7, 1));
  }
}

type TileValue = string | number | boolean;

/** Keys and values of a layer, deduplicated: a key's index by column, a value's by type and value. */
interface LayerState {
  rows: TileRows;
  keyOf: Int32Array;
  keys: string[];
  values: TileValue[];
  strings: Map<string, number>;
  numbers: Map<number, number>;
  booleans: [number, number];
  row: TileRow;
  type: 1 | 2 | 3;
}

function valueIndex(s: LayerState, v: TileValue): number {
  let i: number | undefined;
  if (typeof v === 'number') {
    i = s.numbers.get(v);
    if (i === undefined) s.numbers.set(v, (i = s.values.push(v) - 1));
  } else if (typeof v === 'string') {
    i = s.strings.get(v);
    if (i === undefined) s.strings.set(v, (i = s.values.push(v) - 1));
  } else {
    i = s.booleans[v ? 1 : 0];
    if (i < 0) s.booleans[v ? 1 : 0] = i = s.values.push(v) - 1;
  }
  return i;
}

function writeTags(s: LayerState, pbf: PbfWriter): void {
  const { columns } = s.rows;
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c]!;
    const raw = s.row.values[c];
    if (raw === null || raw === undefined) continue;
    // MVT values are scalars: the layers expand maps in SQL; anything nested would go as JSON text.
    const v: TileValue = column.numericText
      ? Number(raw)
      : typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string'
        ? raw
        : JSON.stringify(raw);
    let k = s.keyOf[c]!;
    if (k < 0) s.keyOf[c] = k = s.keys.push(column.name) - 1;
    pbf.writeVarint(k);
    pbf.writeVarint(valueIndex(s, v));
  }
}

function writeFeature(s: LayerState, pbf: PbfWriter): void {
  pbf.writeVarintField(1, Number(s.row.id));
  pbf.writeMessage(2, writeTags, s);
  pbf.writeVarintField(3, s.type);
  pbf.writeMessage(4, writeGeometry, s.type);
}

// A double's bytes as they lie in memory: pbf writes one through the ieee754 package, bit by bit in arithmetic, which
// was a tenth of the encoder's time. Little-endian, as MVT wants, on every platform Node runs on here; otherwise, and
// for NaN (ieee754 writes another NaN's bits), pbf's own.
const double = new Float64Array(1);
const doubleBytes = new Uint8Array(double.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function writeDoubleValue(pbf: PbfWriter, v: number): void {
  if (!LITTLE_ENDIAN || Number.isNaN(v)) return pbf.writeDoubleField(3, v);
  pbf.writeVarint((3 << 3) | 1); // field 3, 64-bit
  pbf.realloc(8);
  double[0] = v;
  const b = pbf.buf;
  const p = pbf.pos;
  for (let i = 0; i < 8; i++) b[p + i] = doubleBytes[i]!;
  pbf.pos = p + 8;
}

function writeValue(v: TileValue, pbf: PbfWriter): void {
  if (typeof v === 'string') pbf.writeStringField(1, v);
  else if (typeof v === 'boolean') pbf.writeBooleanField(7, v);
  else if (v % 1 !== 0) writeDoubleValue(pbf, v);
  else if (v < 0) pbf.writeSVarintField(6, v);
  else pbf.writeVarintField(5, v);
}

function writeLayer(l: { name: string; rows: TileRows }, pbf: PbfWriter): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, l.name);
  pbf.writeVarintField(5, EXTENT);
  const s: LayerState = {
    rows: l.rows,
    keyOf: new Int32Array(l.rows.columns.length).fill(-1),
    keys: [],
    values: [],
    strings: new Map(),
    numbers: new Map(),
    booleans: [-1, -1],
    row: { id: 0, geometry: '', values: [] },
    type: 1,
  };
  for (const row of l.rows) {
    const type = loadGeometry(row.geometry);
    if (type === 0) continue;
    s.row = row;
    s.type = type;
    pbf.writeMessage(2, writeFeature, s);
  }
  for (const key of s.keys) pbf.writeStringField(3, key);
  for (const value of s.values) pbf.writeMessage(4, writeValue, value);
}

/** One layer of the rows' features; the caller leaves out a tile without rows. */
export function encodeTile(layerName: string, rows: TileRows): Uint8Array {
  const pbf = new Pbf();
  pbf.writeMessage(3, writeLayer, { name: layerName, rows });
  return pbf.finish();
}
