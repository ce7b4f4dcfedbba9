// Zipped Shapefile reader (the `shapefile` package decodes records); CRS from the .prj WKT, text encoding from the
// .cpg, the user's choice, or the dBASE default (windows-1252 is what ArcGIS writes without a .cpg).
import { openDbf, openShp } from 'shapefile';
import { reproject, toWgs84 } from './crs.ts';
import { geometryProblem } from './geometry-check.ts';
import { dbfProblem } from './dbf-check.ts';
import { ImportFileError } from './import-file-error.ts';
import { dbfHeader, shpGeometryKind } from './shapefile-header.ts';
import { type ShapefileParts, shapefilesIn } from './zip-entries.ts';
import type { Geometry } from 'geojson';
import type { ImportFeature, ImportFile, LayerInfo, ReadOptions } from './types.ts';

export function shapefileLayers(file: ImportFile): LayerInfo[] {
  return shapefilesIn(file.name, file.bytes).map((parts) => {
    const kind = shpGeometryKind(parts.shp);
    if (kind === null)
      throw new ImportFileError({ file: `${file.name}/${parts.name}.shp`, message: 'is not a shapefile' });
    assertDbf(file.name, parts);
    const header = parts.dbf ? dbfHeader(parts.dbf) : null;
    return {
      name: parts.name,
      geometryType: kind,
      featureCount: header?.recordCount ?? 0,
      columns: header?.columns ?? [],
      crs: parts.prj,
    };
  });
}

export async function* readShapefile(
  file: ImportFile,
  options: ReadOptions = {},
): AsyncGenerator<ImportFeature> {
  const all = shapefilesIn(file.name, file.bytes);
  const parts = options.layer === undefined ? all[0]! : all.find((p) => p.name === options.layer);
  if (!parts) throw new ImportFileError({ file: file.name, message: `has no layer '${options.layer}'` });
  const where = `${file.name}/${parts.name}.shp`;
  if (shpGeometryKind(parts.shp) === null)
    throw new ImportFileError({ file: where, message: 'is not a shapefile' });
  assertDbf(file.name, parts);
  const transform = transformOf(where, options.crs ?? parts.prj);
  // The two files are read side by side, each on its own, so a defect is reported against the file that has it.
  const shp = await opened(where, () => openShp(parts.shp));
  const dbfAt = `${file.name}/${parts.name}.dbf`;
  const encoding = encodingOf(file.name, parts, options.encoding);
  const dbf = parts.dbf && (await opened(dbfAt, () => openDbf(parts.dbf!, { encoding })));
  for (let row = 1; ; row++) {
    const geometry = await record(where, row, () => shp.read());
    if (geometry.done) return;
    const properties = dbf ? await record(dbfAt, row, () => dbf.read()) : { done: false, value: {} };
    if (properties.done)
      throw new ImportFileError({
        file: dbfAt,
        row,
        message: `has ${row - 1} records, fewer than the .shp: the two files do not belong together`,
      });
    yield toFeature(row, { geometry: geometry.value, properties: dbfValues(properties.value) }, transform);
  }
}

/** The .dbf's header and the encoding it is read in, checked before a record is read (dbf-check.ts). */
function assertDbf(file: string, parts: ShapefileParts): void {
  const problem = parts.dbf && dbfProblem(parts.dbf);
  if (problem) throw new ImportFileError({ file: `${file}/${parts.name}.dbf`, message: problem });
}

function encodingOf(file: string, parts: ShapefileParts, chosen: string | undefined): string {
  const encoding = chosen ?? parts.cpg ?? 'windows-1252';
  try {
    new TextDecoder(encoding);
  } catch {
    throw new ImportFileError({
      file: chosen ? file : `${file}/${parts.name}.cpg`,
      message: `names the text encoding '${encoding}', which is unknown; choose the encoding of the .dbf`,
    });
  }
  return encoding;
}

/** dBASE text fields are often padded with NULs, C strings' end: the value ends at the first. */
function dbfValues(values: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    const cut = typeof value === 'string' ? value.split('\u0000', 1)[0]!.trim() : value;
    out[key] = cut === '' ? null : cut;
  }
  return out;
}

async function opened<T>(where: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new ImportFileError({ file: where, message: `cannot be opened: ${(error as Error).message}` });
  }
}

async function record<T>(where: string, row: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ImportFileError({
      file: where,
      row,
      message: `record cannot be read (truncated file?): ${(error as Error).message}`,
    });
  }
}

function transformOf(where: string, crs: string | null) {
  try {
    return toWgs84(crs);
  } catch (error) {
    throw new ImportFileError({
      file: where,
      message: `unsupported CRS in .prj: ${(error as Error).message}`,
    });
  }
}

function toFeature(
  row: number,
  value: { geometry: unknown; properties: unknown },
  transform: ReturnType<typeof toWgs84>,
): ImportFeature {
  const properties = (value.properties ?? {}) as Record<string, unknown>;
  if (value.geometry === null) return { row, geometry: null, properties };
  const problem = geometryProblem(value.geometry);
  if (problem !== null) return { row, geometry: null, properties, geometryError: problem };
  try {
    return { row, geometry: reproject(value.geometry as Geometry, transform), properties };
  } catch (error) {
    return { row, geometry: null, properties, geometryError: (error as Error).message };
  }
}
