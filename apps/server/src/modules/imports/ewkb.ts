// GeoJSON → EWKB hex (little-endian, SRID 4326), how staged rows carry their geometry (issue 41). PostGIS reads it
// with ST_GeomFromEWKB, a copy of the bytes, where ST_GeomFromGeoJSON parsed each coordinate's text again: on a
// 100k-pipe file that parse was a third of the rows' write on PostgreSQL and more on PGlite. Coordinates are the
// doubles JSON.parse made, so the stored geometry is the one the GeoJSON path stored (a test compares them).
// Written by hand although wkx (a dependency, for GeoPackage) encodes EWKB: on 100k pipe lines (2–13 vertices) wkx
// gave the same bytes in 0.69–0.84 s against 0.25–0.32 s here (it builds a Point object per vertex and a Buffer per
// geometry), and this runs per row on the parse thread while the user waits for the validation.
import type { Geometry, Position } from 'geojson';

const SRID_FLAG = 0x20000000;
const TYPE = {
  Point: 1,
  LineString: 2,
  Polygon: 3,
  MultiPoint: 4,
  MultiLineString: 5,
  MultiPolygon: 6,
  GeometryCollection: 7,
} as const;

/** Bytes of a geometry's WKB without its SRID (only the outermost geometry carries one). */
function size(g: Geometry): number {
  switch (g.type) {
    case 'Point':
      return 5 + 16;
    case 'LineString':
    case 'MultiPoint':
      return 9 + (g.type === 'MultiPoint' ? 21 : 16) * g.coordinates.length;
    case 'Polygon':
      return 9 + g.coordinates.reduce((n, ring) => n + 4 + 16 * ring.length, 0);
    case 'MultiLineString':
      return 9 + g.coordinates.reduce((n, line) => n + 9 + 16 * line.length, 0);
    case 'MultiPolygon':
      return 9 + g.coordinates.reduce((n, p) => n + size({ type: 'Polygon', coordinates: p }), 0);
    case 'GeometryCollection':
      return 9 + g.geometries.reduce((n, part) => n + size(part), 0);
  }
}

class Writer {
  private offset = 0;
  constructor(readonly view: DataView) {}
  header(type: number, srid: number | null): void {
    this.view.setUint8(this.offset, 1);
    this.view.setUint32(this.offset + 1, srid === null ? type : type | SRID_FLAG, true);
    this.offset += 5;
    if (srid !== null) this.count(srid);
  }
  count(n: number): void {
    this.view.setUint32(this.offset, n, true);
    this.offset += 4;
  }
  /** Two dimensions: validation drops Z and M (the columns are 2D). */
  position(p: Position): void {
    this.view.setFloat64(this.offset, p[0]!, true);
    this.view.setFloat64(this.offset + 8, p[1]!, true);
    this.offset += 16;
  }
  positions(ps: readonly Position[]): void {
    this.count(ps.length);
    for (const p of ps) this.position(p);
  }
}

function write(w: Writer, g: Geometry, srid: number | null): void {
  w.header(TYPE[g.type], srid);
  switch (g.type) {
    case 'Point':
      return w.position(g.coordinates);
    case 'LineString':
      return w.positions(g.coordinates);
    case 'Polygon':
      w.count(g.coordinates.length);
      for (const ring of g.coordinates) w.positions(ring);
      return;
    case 'MultiPoint':
      w.count(g.coordinates.length);
      for (const p of g.coordinates) write(w, { type: 'Point', coordinates: p }, null);
      return;
    case 'MultiLineString':
      w.count(g.coordinates.length);
      for (const line of g.coordinates) write(w, { type: 'LineString', coordinates: line }, null);
      return;
    case 'MultiPolygon':
      w.count(g.coordinates.length);
      for (const p of g.coordinates) write(w, { type: 'Polygon', coordinates: p }, null);
      return;
    case 'GeometryCollection':
      w.count(g.geometries.length);
      for (const part of g.geometries) write(w, part, null);
      return;
  }
}

/** Scratch bytes for one geometry, grown to the largest met: a zeroed buffer per row is garbage to collect. */
let scratch = new DataView(new ArrayBuffer(1 << 12));

/** The geometry as hex EWKB with SRID 4326 (the import's coordinates are EPSG:4326 by then). */
export function ewkbHex(g: Geometry, srid = 4326): string {
  const n = size(g) + 4;
  if (n > scratch.byteLength) scratch = new DataView(new ArrayBuffer(Math.max(n, 2 * scratch.byteLength)));
  write(new Writer(scratch), g, srid);
  return Buffer.from(scratch.buffer, 0, n).toString('hex');
}
