// One entry point per question a user's upload raises: which layers does it hold, and give me one layer's features.
import { assertColumnCount } from './column-limit.ts';
import { csvLayers, readCsv, type CsvReadOptions } from './csv-reader.ts';
import { detectFormat } from './detect-format.ts';
import { declaredCrs, readGeoJson, readGeoJsonBatches } from './geojson-reader.ts';
import { geopackageLayers, readGeoPackage } from './gpkg-reader.ts';
import { ImportFileError, asImportError } from './import-file-error.ts';
import { inpLayers, readInp } from './inp-reader.ts';
import { assertNoNulInFeature, assertNoNulInLayers } from './nul-characters.ts';
import { readShapefile, shapefileLayers } from './shapefile-reader.ts';
import type { GeometryKind, ImportFeature, ImportFile, LayerInfo } from './types.ts';
import { ColumnValues } from './column-values.ts';

function formatOf(file: ImportFile) {
  const format = detectFormat(file.name, file.bytes.subarray(0, 4096));
  if (format === null)
    throw new ImportFileError({
      file: file.name,
      message: 'is not a supported format (GeoJSON, zipped Shapefile, GeoPackage, CSV, EPANET .inp)',
    });
  return format;
}

export async function listLayers(file: ImportFile, options: CsvReadOptions = {}): Promise<LayerInfo[]> {
  const layers = await layersOf(file, options);
  for (const layer of layers) assertColumnCount(file.name, layer.name, layer.columns.length);
  assertNoNulInLayers(file.name, layers);
  return layers;
}

async function layersOf(file: ImportFile, options: CsvReadOptions): Promise<LayerInfo[]> {
  try {
    switch (formatOf(file)) {
      case 'geojson':
        return [await geoJsonLayer(file, options)];
      case 'shapefile-zip':
        return shapefileLayers(file);
      case 'geopackage':
        return await geopackageLayers(file);
      case 'csv':
        return csvLayers(file, options);
      case 'inp':
        return inpLayers(file, options);
    }
  } catch (error) {
    throw asImportError(file.name, error);
  }
}

/** A single pass over the features counts them and collects columns and geometry types (GeoJSON has no header). */
async function geoJsonLayer(file: ImportFile, options: CsvReadOptions): Promise<LayerInfo> {
  const columns = new Set<string>();
  const kinds = new Set<GeometryKind>();
  let count = 0;
  const values = new ColumnValues();
  const name = file.name.replace(/\.[^.]+$/, '');
  for await (const batch of readGeoJsonBatches(file, { ...options, crs: 'EPSG:4326' }))
    for (const feature of batch) {
      count += 1;
      values.add(feature.properties);
      for (const key in feature.properties) columns.add(key);
      // Refused as soon as it is too wide: the names of a million columns would fill the thread's memory first.
      assertColumnCount(file.name, name, columns.size, true);
      if (feature.geometry && feature.geometry.type !== 'GeometryCollection')
        kinds.add(feature.geometry.type);
    }
  return {
    name,
    geometryType: kinds.size === 1 ? [...kinds][0]! : 'None',
    featureCount: count,
    columns: [...columns],
    crs: declaredCrsOf(file),
    values: values.result(),
  };
}

/**
 * A GeoJSON's CRS: its (pre-RFC 7946) `crs` member, else WGS 84 by definition (RFC 7946 §4), so the wizard does
 * not ask. A file in projected coordinates without the member is caught by validation (coordinates out of range).
 */
function declaredCrsOf(file: ImportFile): string {
  return declaredCrs(new TextDecoder().decode(file.bytes.subarray(0, 65536))) ?? 'EPSG:4326';
}

/**
 * Features of one layer, reprojected to EPSG:4326. Failures of the file surface as ImportFileError only. A GeoJSON
 * comes a chunk's features at a time (geojson-reader.ts readGeoJsonBatches), so each of its features passes through
 * one async generator, this one, instead of three.
 */
export async function* readFeatures(
  file: ImportFile,
  options: CsvReadOptions = {},
): AsyncGenerator<ImportFeature> {
  if (formatOf(file) === 'geojson') {
    for await (const batch of geoJsonBatches(file, options))
      for (const feature of batch) {
        assertNoNulInFeature(file.name, feature);
        yield feature;
      }
    return;
  }
  for await (const feature of featuresOf(file, options)) {
    assertNoNulInFeature(file.name, feature);
    yield feature;
  }
}

async function* geoJsonBatches(file: ImportFile, options: CsvReadOptions): AsyncGenerator<ImportFeature[]> {
  try {
    yield* readGeoJsonBatches(file, options);
  } catch (error) {
    throw asImportError(file.name, error);
  }
}

async function* featuresOf(file: ImportFile, options: CsvReadOptions): AsyncGenerator<ImportFeature> {
  try {
    switch (formatOf(file)) {
      case 'geojson':
        yield* readGeoJson(file, options);
        return;
      case 'shapefile-zip':
        yield* readShapefile(file, options);
        return;
      case 'geopackage':
        yield* readGeoPackage(file, options);
        return;
      case 'csv':
        yield* readCsv(file, options);
        return;
      case 'inp':
        yield* readInp(file, options);
        return;
    }
  } catch (error) {
    throw asImportError(file.name, error);
  }
}
