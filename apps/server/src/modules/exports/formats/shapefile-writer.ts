// Zipped Shapefile writer: .shp/.shx (PolyLine, ESRI Shapefile Technical Description 1998), .dbf (dBASE III),
// .prj (ESRI WKT of WGS 84) and .cpg (UTF-8), zipped with fflate as the imports unzip. Written here, not with
// @mapbox/shp-write (0.4.3): that library builds GeoJSON-shaped arrays of every feature and a JSZip in memory,
// types every number the same, writes no .cpg and does not let us name fields ≤ 10 characters ourselves; the
// format is small and fixed, and the project's own reader (the `shapefile` package) and GDAL check it in tests.
// Memory: the .shp/.shx records as they are added; the dBASE cells until finish() knows each text column's width
// (a fixed width would cut addresses or pad every row to 254 bytes).
import { zipSync } from 'fflate';
import {
  boundsOf,
  mergeBounds,
  numberOf,
  type Bounds,
  type ExportBuilder,
  type ExportFeature,
  type ExportLayer,
  type Lines,
  positionOf,
} from './layer.ts';

/** ESRI's WKT of EPSG:4326, what ArcGIS writes and reads in a .prj. */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

const POINT = 1;
const POLYLINE = 3;
const NULL_SHAPE = 0;
// N(9,0) unless a value needs more: ArcGIS reads up to 9 digits as Long and GDAL as Integer (10+ digits become
// Double and Integer64).
const INTEGER_WIDTH = 9;
const MAX_INTEGER_WIDTH = 18;
// N(19,6): 6 decimals keep what any result or converted length carries (they are rounded to 2–6 places).
const REAL = { width: 19, decimals: 6 };
const MAX_TEXT = 254;

function polyline(lines: Lines, bounds: Bounds): Buffer {
  const points = lines.reduce((n, l) => n + l.length, 0);
  const out = Buffer.alloc(44 + 4 * lines.length + 16 * points);
  let at = out.writeInt32LE(POLYLINE, 0);
  for (const v of bounds) at = out.writeDoubleLE(v, at);
  at = out.writeInt32LE(lines.length, at);
  at = out.writeInt32LE(points, at);
  let start = 0;
  for (const line of lines) {
    at = out.writeInt32LE(start, at);
    start += line.length;
  }
  for (const line of lines)
    for (const [x, y] of line) {
      at = out.writeDoubleLE(x!, at);
      at = out.writeDoubleLE(y!, at);
    }
  return out;
}

function point([x, y]: readonly number[]): Buffer {
  const out = Buffer.alloc(20);
  out.writeInt32LE(POINT, 0);
  out.writeDoubleLE(x!, 4);
  out.writeDoubleLE(y!, 12);
  return out;
}

function mainHeader(fileBytes: number, bounds: Bounds | null, shapeType: number): Buffer {
  const h = Buffer.alloc(100);
  h.writeInt32BE(9994, 0);
  h.writeInt32BE(fileBytes / 2, 24); // length in 16-bit words
  h.writeInt32LE(1000, 28);
  h.writeInt32LE(shapeType, 32);
  const [minX, minY, maxX, maxY] = bounds ?? [0, 0, 0, 0];
  let at = 36;
  for (const v of [minX, minY, maxX, maxY, 0, 0, 0, 0]) at = h.writeDoubleLE(v, at);
  return h;
}

/** Text cut to a byte width without splitting a UTF-8 character. */
function utf8Cut(s: string, width: number): Buffer {
  const bytes = Buffer.from(s, 'utf8');
  if (bytes.length <= width) return bytes;
  let end = width;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

export class ShapefileBuilder<R> implements ExportBuilder<R> {
  private readonly shp: Buffer[] = [];
  private readonly shx: Buffer[] = [];
  private readonly cells: (string | number | null)[][] = [];
  private offsetWords = 50; // after the 100-byte header
  private bounds: Bounds | null = null;
  private readonly shapeType: number;

  constructor(private readonly layer: ExportLayer<R>) {
    this.shapeType = layer.geometry === 'point' ? POINT : POLYLINE;
    for (const f of layer.fields)
      if (f.short.length > 10 || !/^[A-Za-z][A-Za-z0-9_]*$/.test(f.short))
        throw new Error(`dBASE field name '${f.short}' (of ${f.name}) must be ≤ 10 ASCII characters`);
  }

  add(features: readonly ExportFeature<R>[]): void {
    for (const { row, lines } of features) {
      const b = lines && boundsOf(lines);
      const content = !b
        ? Buffer.from([NULL_SHAPE, 0, 0, 0])
        : this.layer.geometry === 'point'
          ? point(positionOf(lines))
          : polyline(lines, b);
      if (b) this.bounds = mergeBounds(this.bounds, b);
      const header = Buffer.alloc(8);
      header.writeInt32BE(this.shx.length + 1, 0);
      header.writeInt32BE(content.length / 2, 4);
      const index = Buffer.alloc(8);
      index.writeInt32BE(this.offsetWords, 0);
      index.writeInt32BE(content.length / 2, 4);
      this.shp.push(header, content);
      this.shx.push(index);
      this.offsetWords += (8 + content.length) / 2;
      this.cells.push(
        this.layer.fields.map((f) => {
          const v = f.value(row);
          if (f.type === 'text') return v === null || v === undefined ? null : String(v);
          return numberOf(v);
        }),
      );
    }
  }

  private dbf(): Buffer {
    const fields = this.layer.fields.map((f, i) => {
      if (f.type === 'real') return { ...f, ...REAL };
      const integer = f.type === 'integer';
      let width = integer ? INTEGER_WIDTH : 1;
      for (const row of this.cells) {
        const v = row[i];
        if (v !== null && v !== undefined)
          width = Math.max(
            width,
            integer ? String(Math.round(v as number)).length : Buffer.byteLength(v as string),
          );
      }
      return { ...f, width: Math.min(width, integer ? MAX_INTEGER_WIDTH : MAX_TEXT), decimals: 0 };
    });
    const headerBytes = 32 + 32 * fields.length + 1;
    const recordBytes = 1 + fields.reduce((n, f) => n + f.width, 0);
    const out = Buffer.alloc(headerBytes + recordBytes * this.cells.length + 1, 0x20);
    out.fill(0, 0, headerBytes);
    const now = new Date();
    out[0] = 0x03; // dBASE III without memo
    out[1] = now.getUTCFullYear() - 1900;
    out[2] = now.getUTCMonth() + 1;
    out[3] = now.getUTCDate();
    out.writeUInt32LE(this.cells.length, 4);
    out.writeUInt16LE(headerBytes, 8);
    out.writeUInt16LE(recordBytes, 10);
    fields.forEach((f, i) => {
      const at = 32 + 32 * i;
      out.write(f.short, at, 10, 'latin1');
      out.write(f.type === 'text' ? 'C' : 'N', at + 11, 'latin1');
      out[at + 16] = f.width;
      out[at + 17] = f.decimals;
    });
    out[headerBytes - 1] = 0x0d;
    let at = headerBytes;
    for (const row of this.cells) {
      at++; // deletion flag ' '
      fields.forEach((f, i) => {
        const v = row[i];
        if (typeof v === 'string') utf8Cut(v, f.width).copy(out, at);
        else if (typeof v === 'number') {
          const text = f.decimals ? v.toFixed(f.decimals) : String(Math.round(v));
          // Right-aligned; a number wider than its field is left blank (null) rather than cut to a wrong value.
          if (text.length <= f.width) out.write(text, at + f.width - text.length, 'latin1');
        }
        at += f.width;
      });
    }
    out[at] = 0x1a;
    return out;
  }

  finish(): Uint8Array {
    const shpBytes = 100 + this.shp.reduce((n, b) => n + b.length, 0);
    const shxBytes = 100 + 8 * this.shx.length;
    const name = this.layer.name;
    return zipSync({
      [`${name}.shp`]: Buffer.concat([mainHeader(shpBytes, this.bounds, this.shapeType), ...this.shp]),
      [`${name}.shx`]: Buffer.concat([mainHeader(shxBytes, this.bounds, this.shapeType), ...this.shx]),
      [`${name}.dbf`]: this.dbf(),
      [`${name}.prj`]: Buffer.from(WGS84_PRJ, 'latin1'),
      [`${name}.cpg`]: Buffer.from('UTF-8', 'latin1'),
    });
  }
}
