// Zipped Shapefile reader (the `shapefile` package decodes records); CRS from the .prj WKT, text encoding from the
// .cpg, the user's choice, or the dBASE default (windows-1252 is what ArcGIS writes without a .cpg).
import { open } from 'shapefile';
import { reproject, toWgs84 } from './crs.ts';
import { geometryProblem } from './geometry-check.ts';
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
  const transform = transformOf(where, options.crs ?? parts.prj);
  const source = await openSource(where, parts, options.encoding);
  for (let row = 1; ; row++) {
    let next: { done: boolean; value: { geometry: unknown; properties: unknown } };
    try {
      next = await source.read();
    } catch (error) {
      throw new ImportFileError({
        file: where,
        row,
        message: `record cannot be read (truncated file?): ${(error as Error).message}`,
      });
    }
    if (next.done) return;
    yield toFeature(row, next.value, transform);
  }
}

async function openSource(where: string, parts: ShapefileParts, encoding: string | undefined) {
  try {
    return await open(parts.shp, parts.dbf ?? undefined, {
      encoding: encoding ?? parts.cpg ?? 'windows-1252',
    });
  } catch (error) {
    throw new ImportFileError({ file: where, message: `cannot be opened: ${(error as Error).message}` });
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
