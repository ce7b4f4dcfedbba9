// GeoJSON FeatureCollection reader: streams features one at a time (see json-feature-splitter) and reprojects them.
import { toWgs84, reproject } from './crs.ts';
import { geometryProblem } from './geometry-check.ts';
import { ImportFileError } from './import-file-error.ts';
import { FeatureSplitter, JsonSyntaxError } from './json-feature-splitter.ts';
import { streamTextChunks, textChunks } from './text-chunks.ts';
import type { Geometry } from 'geojson';
import type { ImportFeature, ImportFile, ReadOptions } from './types.ts';

/** The CRS a (pre-RFC 7946) FeatureCollection declares in its `crs` member, or null (= lon/lat). */
export function declaredCrs(head: string): string | null {
  return /"crs"\s*:\s*\{[^{}]*"properties"\s*:\s*\{[^{}]*"name"\s*:\s*"([^"]+)"/.exec(head)?.[1] ?? null;
}

export async function* readGeoJson(
  file: ImportFile,
  options: ReadOptions = {},
): AsyncGenerator<ImportFeature> {
  for await (const batch of readGeoJsonBatches(file, options)) yield* batch;
}

/**
 * The features a chunk of the text completes, a batch at a time (about 3,000 features a MiB): the passes over a
 * whole file (the upload's listing, validation) take them so, since every async generator a feature passes through
 * costs it a turn of the microtask queue, and a 100k-pipe file's features went through three.
 */
export function readGeoJsonBatches(
  file: ImportFile,
  options: ReadOptions = {},
): AsyncGenerator<ImportFeature[]> {
  return readGeoJsonText(file.name, textChunks(file.name, file.bytes, options.encoding), options);
}

/** Reads from a byte stream without holding the file: memory is one chunk plus its features. */
export async function* readGeoJsonStream(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  options: ReadOptions = {},
): AsyncGenerator<ImportFeature> {
  for await (const batch of readGeoJsonText(name, streamTextChunks(name, chunks, options.encoding), options))
    yield* batch;
}

async function* readGeoJsonText(
  name: string,
  chunks: Iterable<string> | AsyncIterable<string>,
  options: ReadOptions,
): AsyncGenerator<ImportFeature[]> {
  const file = { name };
  const splitter = new FeatureSplitter();
  let transform: ReturnType<typeof toWgs84> | null = null;
  let row = 0;
  try {
    for await (const chunk of chunks) {
      const batch: ImportFeature[] = [];
      for (const piece of splitter.push(chunk)) {
        try {
          transform ??= transformFor(file.name, options.crs ?? declaredCrs(splitter.head));
          row += 1;
          batch.push(toFeature(file.name, row, piece.text, piece.offset, transform));
        } catch (error) {
          // The rows before a broken one are read first, as when features were handed over one at a time.
          if (batch.length > 0) yield batch;
          throw error;
        }
      }
      if (batch.length > 0) yield batch;
    }
    splitter.finish();
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      throw new ImportFileError({ file: file.name, message: `invalid JSON: ${error.message}` });
    throw error;
  }
  if (row === 0 && !/"FeatureCollection"/.test(splitter.head)) {
    throw new ImportFileError({ file: file.name, message: 'is not a GeoJSON FeatureCollection' });
  }
}

function transformFor(file: string, crs: string | null): ReturnType<typeof toWgs84> {
  try {
    return toWgs84(crs);
  } catch (error) {
    throw new ImportFileError({ file, message: `unsupported CRS ${crs}: ${(error as Error).message}` });
  }
}

/**
 * A property holding an object or an array is kept as its JSON text, as GDAL reads such GeoJSON members (a String of
 * JSON subtype): an attribute column holds scalars. Nesting past what JSON.stringify can walk (a 20,000-level value
 * from a hostile file) is refused naming the row and the field instead of failing later in whatever copies it.
 */
function flatProperties(
  file: string,
  row: number,
  properties: Record<string, unknown>,
): Record<string, unknown> {
  // Most rows hold scalars only: their parsed object is kept, not copied. An array, or a `__proto__` member (which
  // the copy's assignment drops, as it always has), goes through the copy.
  let flat = !Array.isArray(properties);
  for (const key in properties) {
    const v = properties[key];
    if ((typeof v === 'object' && v !== null) || key === '__proto__') {
      flat = false;
      break;
    }
  }
  if (flat) return properties;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(properties)) {
    if (typeof v !== 'object' || v === null) {
      out[key] = v;
      continue;
    }
    try {
      out[key] = JSON.stringify(v);
    } catch {
      throw new ImportFileError({ file, row, field: key, message: 'the value nests too deeply to be read' });
    }
  }
  return out;
}

function toFeature(
  file: string,
  row: number,
  text: string,
  offset: number,
  transform: ReturnType<typeof toWgs84>,
): ImportFeature {
  let value: { geometry?: unknown; properties?: unknown };
  try {
    value = JSON.parse(text) as typeof value;
  } catch (error) {
    throw new ImportFileError({
      file,
      row,
      message: `invalid JSON in feature starting at character ${offset}: ${(error as Error).message}`,
    });
  }
  const properties =
    typeof value.properties === 'object' && value.properties !== null
      ? flatProperties(file, row, value.properties as Record<string, unknown>)
      : {};
  if (value.geometry === null || value.geometry === undefined) return { row, geometry: null, properties };
  const problem = geometryProblem(value.geometry);
  if (problem !== null) return { row, geometry: null, properties, geometryError: problem };
  try {
    return { row, geometry: reproject(value.geometry as Geometry, transform), properties };
  } catch (error) {
    return { row, geometry: null, properties, geometryError: (error as Error).message };
  }
}
