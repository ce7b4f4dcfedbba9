// CSV reader (papaparse: quoting, delimiter detection). Geometry from a WKT column or an x/y pair in the user's CRS
// (lon/lat when none is given). The text is parsed whole: memory ≈ 2–3× the file size, fine for tables of breaks and
// pressures (pipes with geometry come as GIS files).
import type { Geometry } from 'geojson';
import Papa from 'papaparse';
import wkx from 'wkx';
import { reproject, toWgs84 } from './crs.ts';
import { type CsvGeometryColumns, findGeometryColumns } from './csv-geometry-columns.ts';
import { ImportFileError } from './import-file-error.ts';
import { decodeText } from './text-chunks.ts';
import type { ImportFeature, ImportFile, LayerInfo, ReadOptions } from './types.ts';

export interface CsvReadOptions extends ReadOptions {
  readonly geometryColumns?: CsvGeometryColumns;
}

function parse(file: ImportFile, encoding: string | undefined): { columns: string[]; rows: string[][] } {
  const text = decodeText(file.name, file.bytes, encoding);
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...rows] = result.data;
  if (!header || header.length < 2)
    throw new ImportFileError({ file: file.name, message: 'is not a CSV table (no header with 2+ columns)' });
  return { columns: header.map((h) => h.trim()), rows };
}

export function csvLayers(file: ImportFile, options: ReadOptions = {}): LayerInfo[] {
  const { columns, rows } = parse(file, options.encoding);
  const geo = findGeometryColumns(columns);
  const geometryType =
    geo.wkt !== undefined
      ? rows[0]
        ? wktKind(rows[0][columns.indexOf(geo.wkt)])
        : 'None'
      : geo.x
        ? 'Point'
        : 'None';
  return [
    {
      name: file.name.replace(/\.[^.]+$/, ''),
      geometryType,
      featureCount: rows.length,
      columns,
      crs: options.crs ?? null,
    },
  ];
}

function wktKind(text: string | undefined) {
  const type = /^\s*(?:SRID=\d+;)?\s*(\w+)/.exec(text ?? '')?.[1]?.toUpperCase();
  const map = {
    POINT: 'Point',
    LINESTRING: 'LineString',
    POLYGON: 'Polygon',
    MULTIPOINT: 'MultiPoint',
    MULTILINESTRING: 'MultiLineString',
    MULTIPOLYGON: 'MultiPolygon',
  } as const;
  return type && type in map ? map[type as keyof typeof map] : 'None';
}

export function* readCsv(file: ImportFile, options: CsvReadOptions = {}): Generator<ImportFeature> {
  const { columns, rows } = parse(file, options.encoding);
  const geo = options.geometryColumns ?? findGeometryColumns(columns);
  const transform = transformFor(file.name, options.crs ?? null, geo, columns, rows);
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i]!;
    // fromEntries defines own keys, so a column named __proto__ stays a column.
    const properties: Record<string, unknown> = Object.fromEntries(
      columns.map((c, j) => [c, values[j] ?? '']),
    );
    yield { row: i + 1, ...geometryOf(properties, geo, transform), properties };
  }
}

function transformFor(
  file: string,
  crs: string | null,
  geo: CsvGeometryColumns,
  columns: string[],
  rows: string[][],
) {
  if (crs === null && geo.x !== undefined && geo.y !== undefined) {
    const xi = columns.indexOf(geo.x);
    const yi = columns.indexOf(geo.y);
    const projected = rows
      .slice(0, 100)
      .some((r) => Math.abs(Number(r[xi])) > 180 || Math.abs(Number(r[yi])) > 90);
    if (projected)
      throw new ImportFileError({
        file,
        field: geo.x,
        message: 'coordinates are not longitude/latitude: give the CRS (e.g. EPSG:26917)',
      });
  }
  try {
    return toWgs84(crs);
  } catch (error) {
    throw new ImportFileError({ file, message: `unsupported CRS ${crs}: ${(error as Error).message}` });
  }
}

function geometryOf(
  props: Record<string, unknown>,
  geo: CsvGeometryColumns,
  transform: ReturnType<typeof toWgs84>,
): { geometry: Geometry | null; geometryError?: string } {
  try {
    if (geo.wkt !== undefined) {
      const text = String(props[geo.wkt] ?? '').trim();
      if (text === '') return { geometry: null };
      return { geometry: reproject(wkx.Geometry.parse(text).toGeoJSON() as Geometry, transform) };
    }
    if (geo.x !== undefined && geo.y !== undefined) {
      const xs = String(props[geo.x] ?? '').trim();
      const ys = String(props[geo.y] ?? '').trim();
      if (xs === '' && ys === '') return { geometry: null };
      const x = Number(xs);
      const y = Number(ys);
      if (!Number.isFinite(x) || !Number.isFinite(y))
        return { geometry: null, geometryError: `coordinates '${xs}', '${ys}' are not numbers` };
      return { geometry: reproject({ type: 'Point', coordinates: [x, y] }, transform) };
    }
    return { geometry: null };
  } catch (error) {
    return { geometry: null, geometryError: (error as Error).message };
  }
}
