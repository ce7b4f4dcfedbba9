// The two text formats of an export: GeoJSON (RFC 7946: WGS 84 by definition, no `crs` member) and CSV (the
// e-mail CSV's columns plus the geometry as WKT, which QGIS's and ArcGIS's CSV import read). Text is kept as
// one string per feature, joined once at the end: the file's size, never an object per feature.
import { csvLine } from '../export-csv.ts';
import {
  numberOf,
  positionOf,
  type ExportBuilder,
  type ExportFeature,
  type ExportLayer,
  type Lines,
} from './layer.ts';

const encoder = new TextEncoder();

function valueOf(type: 'integer' | 'real' | 'text', v: unknown) {
  if (type === 'text') return v === null || v === undefined ? null : String(v);
  return numberOf(v as string | number | null);
}

export class GeoJsonBuilder<R> implements ExportBuilder<R> {
  private readonly parts: string[] = [];
  constructor(private readonly layer: ExportLayer<R>) {}

  add(features: readonly ExportFeature<R>[]): void {
    for (const { row, lines } of features) {
      const properties: Record<string, unknown> = {};
      for (const f of this.layer.fields) properties[f.name] = valueOf(f.type, f.value(row));
      const geometry = !lines
        ? null
        : this.layer.geometry === 'point'
          ? { type: 'Point', coordinates: positionOf(lines) }
          : { type: 'MultiLineString', coordinates: lines };
      this.parts.push(JSON.stringify({ type: 'Feature', geometry, properties }));
    }
  }

  finish(): Uint8Array {
    return encoder.encode(
      `{"type":"FeatureCollection","name":${JSON.stringify(this.layer.name)},"features":[\n${this.parts.join(',\n')}\n]}\n`,
    );
  }
}

const wkt = (lines: Lines, point: boolean) =>
  point
    ? `POINT (${positionOf(lines).join(' ')})`
    : `MULTILINESTRING (${lines.map((l) => `(${l.map(([x, y]) => `${x} ${y}`).join(', ')})`).join(', ')})`;

export class CsvBuilder<R> implements ExportBuilder<R> {
  private readonly parts: string[];
  constructor(private readonly layer: ExportLayer<R>) {
    this.parts = [csvLine([...layer.fields.map((f) => f.name), 'wkt'])];
  }

  add(features: readonly ExportFeature<R>[]): void {
    const point = this.layer.geometry === 'point';
    for (const { row, lines } of features)
      this.parts.push(
        csvLine([
          ...this.layer.fields.map((f) => valueOf(f.type, f.value(row))),
          lines ? wkt(lines, point) : null,
        ]),
      );
  }

  finish(): Uint8Array {
    // A byte-order mark, as in the e-mail CSV: spreadsheets then read UTF-8 addresses right.
    return encoder.encode('\uFEFF' + this.parts.join(''));
  }
}
