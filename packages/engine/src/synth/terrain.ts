// Smooth seeded terrain and soil. Like the Peninsula around San Carlos and Belmont: flat bay plain to
// the east (a few metres above sea level), hills rising to the west (to about 200 m within 6.5 km), with
// fractal ridges on the slopes (crest about 200 m). Soil corrosivity is a smooth field too, higher on the low bay muds
// (young bay mud is notoriously corrosive to iron) and patchy elsewhere.
import { fbm } from './noise.ts';

/** Hills start this far west of the centre and reach their crest this far (metres). */
const HILL_START_M = 1500;
const HILL_CREST_M = 6500;
const HILL_HEIGHT_M = 165;

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Ground elevation in metres at (x east, y north) metres from the centre. */
export function elevationM(seed: number, x: number, y: number): number {
  const slope = smoothstep((-x - HILL_START_M) / (HILL_CREST_M - HILL_START_M));
  const ridges = fbm(seed ^ 0x51ed, x / 1800, y / 1800, 4) - 0.5;
  const plain = fbm(seed ^ 0x2a7, x / 3000, y / 3000, 2) * 6;
  return 2 + plain + slope * (HILL_HEIGHT_M + ridges * 60) + Math.max(0, ridges) * 20 * slope;
}

/** Soil corrosivity classes (low → very high), as in AWWA C105 soil evaluations. */
export const SOIL_CLASSES = ['low', 'moderate', 'high', 'very_high'] as const;
export type SoilClass = (typeof SOIL_CLASSES)[number];

/** Corrosivity class 1–4 at (x, y). */
export function soilCorrosivity(seed: number, x: number, y: number, elevation: number): 1 | 2 | 3 | 4 {
  const field = fbm(seed ^ 0x5011, x / 1400, y / 1400, 3);
  const bayMud = elevation < 4 ? 0.08 : elevation < 10 ? 0.03 : 0;
  const value = field + bayMud;
  return value < 0.5 ? 1 : value < 0.6 ? 2 : value < 0.7 ? 3 : 4;
}
