// Shared data for the parser tests: real files from /work/shared/data (path from this file), skipped with a clear
// message only when the folder is absent (a user's fresh clone).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ImportFeature, ImportFile } from './types.ts';

export const DATA_DIR = fileURLToPath(new URL('../../../../../../../shared/data/', import.meta.url));
export const HAS_DATA = existsSync(DATA_DIR);
export const NO_DATA_REASON = `shared data folder ${DATA_DIR} is absent: real-file tests skipped`;
if (!HAS_DATA) console.warn(NO_DATA_REASON);

export function dataFile(relative: string): ImportFile {
  return { name: relative.split('/').pop()!, bytes: new Uint8Array(readFileSync(DATA_DIR + relative)) };
}

export const textFile = (name: string, text: string): ImportFile => ({
  name,
  bytes: new TextEncoder().encode(text),
});

export async function collect(
  features: AsyncIterable<ImportFeature> | Iterable<ImportFeature>,
): Promise<ImportFeature[]> {
  const out: ImportFeature[] = [];
  for await (const f of features) out.push(f);
  return out;
}

/** Every position of a geometry, for bounding-box checks. */
export function positions(features: readonly ImportFeature[]): number[][] {
  const out: number[][] = [];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') out.push(c as number[]);
    else if (Array.isArray(c)) c.forEach(walk);
  };
  for (const f of features) if (f.geometry && 'coordinates' in f.geometry) walk(f.geometry.coordinates);
  return out;
}
