// Test-data builders for the generator's tests (STYLE.md: builders, not hand-wired data).
import type { GenerateCityOptions } from './types.ts';

export function cityOptions(overrides: Partial<GenerateCityOptions> = {}): GenerateCityOptions {
  return { seed: 7, pipes: 3000, asOf: { year: 2026, month: 1 }, ...overrides };
}

/** Haversine length on the mean sphere (R = 6,371,008.8 m): an independent check of lengthM. */
export function haversineLengthM(coordinates: readonly (readonly [number, number])[]): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  let length = 0;
  for (let i = 1; i < coordinates.length; i++) {
    const [lon0, lat0] = coordinates[i - 1]!;
    const [lon1, lat1] = coordinates[i]!;
    const h =
      Math.sin(((lat1 - lat0) * rad) / 2) ** 2 +
      Math.cos(lat0 * rad) * Math.cos(lat1 * rad) * Math.sin(((lon1 - lon0) * rad) / 2) ** 2;
    length += 2 * R * Math.asin(Math.sqrt(h));
  }
  return length;
}
