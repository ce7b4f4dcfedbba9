// Shared data for the parser tests: real files from the shared data folder beside the repository (located by
// @pipewise/engine/testing/shared-data), skipped with a clear message when it is absent (a user's fresh clone).
import { SHARED_DATA_SKIP_REASON, hasSharedData, sharedDataPath } from '@pipewise/engine/testing/shared-data';
import { readFileSync } from 'node:fs';
import type { ImportFeature, ImportFile } from './types.ts';

export const HAS_DATA = hasSharedData;
export { sharedDataPath };
if (!HAS_DATA) console.warn(SHARED_DATA_SKIP_REASON);

export function dataFile(relative: string): ImportFile {
  return { name: relative.split('/').pop()!, bytes: new Uint8Array(readFileSync(sharedDataPath(relative))) };
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
