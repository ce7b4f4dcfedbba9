// Materials and nominal sizes by era, as laid in US towns: cast iron until the 1950s (steel for a few
// larger mains), asbestos cement and cast iron in the 1950s–60s, ductile iron from the 1970s, PVC (AWWA
// C900 from 1975) and HDPE from the 1990s; large mains of the 1950s–80s also in steel or prestressed
// concrete cylinder pipe (PCRC). Sizes are US nominal inches stored in millimetres.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import type { Random } from '../random/mulberry32.ts';
import { weightedIndex } from './rng.ts';

export const MM_PER_INCH = 25.4;
/** Nominal sizes used (inches): 4, 6, 8 distribution; 12, 16, 24 transmission. */
export const NOMINAL_INCHES = [4, 6, 8, 12, 16, 24] as const;
export const ALLOWED_DIAMETERS_MM: readonly number[] = NOMINAL_INCHES.map(
  (i) => Math.round(i * MM_PER_INCH * 10) / 10,
);
export const inchesToMm = (inches: number) => Math.round(inches * MM_PER_INCH * 10) / 10;

type Mix = readonly (readonly [MaterialCode, number])[];

const DISTRIBUTION: readonly (readonly [number, Mix])[] = [
  [1930, [[MATERIAL.CAST_IRON, 1]]],
  [
    1950,
    [
      [MATERIAL.CAST_IRON, 0.9],
      [MATERIAL.STEEL, 0.1],
    ],
  ],
  [
    1970,
    [
      [MATERIAL.ASBESTOS_CEMENT, 0.55],
      [MATERIAL.CAST_IRON, 0.4],
      [MATERIAL.STEEL, 0.05],
    ],
  ],
  [
    1980,
    [
      [MATERIAL.DUCTILE_IRON, 0.6],
      [MATERIAL.ASBESTOS_CEMENT, 0.3],
      [MATERIAL.PVC, 0.1],
    ],
  ],
  [
    1990,
    [
      [MATERIAL.DUCTILE_IRON, 0.65],
      [MATERIAL.PVC, 0.3],
      [MATERIAL.ASBESTOS_CEMENT, 0.05],
    ],
  ],
  [
    2005,
    [
      [MATERIAL.PVC, 0.7],
      [MATERIAL.DUCTILE_IRON, 0.2],
      [MATERIAL.PEHDPE, 0.1],
    ],
  ],
  [
    Infinity,
    [
      [MATERIAL.PVC, 0.6],
      [MATERIAL.PEHDPE, 0.25],
      [MATERIAL.DUCTILE_IRON, 0.15],
    ],
  ],
];

const MAINS: readonly (readonly [number, Mix])[] = [
  [
    1950,
    [
      [MATERIAL.CAST_IRON, 0.85],
      [MATERIAL.STEEL, 0.15],
    ],
  ],
  [
    1970,
    [
      [MATERIAL.CAST_IRON, 0.35],
      [MATERIAL.STEEL, 0.3],
      [MATERIAL.ASBESTOS_CEMENT, 0.2],
      [MATERIAL.PCRC, 0.15],
    ],
  ],
  [
    1990,
    [
      [MATERIAL.DUCTILE_IRON, 0.75],
      [MATERIAL.PCRC, 0.15],
      [MATERIAL.STEEL, 0.1],
    ],
  ],
  [
    Infinity,
    [
      [MATERIAL.DUCTILE_IRON, 0.7],
      [MATERIAL.PVC, 0.2],
      [MATERIAL.STEEL, 0.1],
    ],
  ],
];

function draw(random: Random, table: readonly (readonly [number, Mix])[], year: number): MaterialCode {
  const mix = table.find(([until]) => year < until)![1];
  return mix[
    weightedIndex(
      random,
      mix.map(([, w]) => w),
    )
  ]![0];
}

export function materialFor(random: Random, year: number, main: boolean, diameterMm: number): MaterialCode {
  const material = draw(random, main ? MAINS : DISTRIBUTION, year);
  // PCRC and steel are large-diameter products; small mains of those years are iron.
  if ((material === MATERIAL.PCRC || material === MATERIAL.STEEL) && diameterMm < 400 && main) {
    return year < 1970 ? MATERIAL.CAST_IRON : MATERIAL.DUCTILE_IRON;
  }
  return material;
}

/** Nominal size of a distribution pipe (inches) by road and era. */
export function distributionInches(random: Random, year: number, collector: boolean): number {
  const r = random();
  if (collector) return year < 1950 && r < 0.3 ? 6 : 8;
  if (year < 1950) return r < 0.35 ? 4 : 6;
  if (year < 1990) return r < 0.85 ? 6 : 8;
  return r < 0.7 ? 8 : 6;
}

/** Hazen-Williams C by material and age (AWWA M32 / EPANET manual ranges; unlined iron loses C with age). */
export function hazenWilliamsC(material: MaterialCode, ageYears: number): number {
  switch (material) {
    case MATERIAL.CAST_IRON:
      return Math.max(60, Math.round(130 - 0.8 * ageYears));
    case MATERIAL.STEEL:
      return Math.max(80, Math.round(120 - 0.5 * ageYears));
    case MATERIAL.DUCTILE_IRON:
      return Math.max(110, Math.round(140 - 0.3 * ageYears));
    case MATERIAL.ASBESTOS_CEMENT:
      return 135;
    case MATERIAL.PCRC:
    case MATERIAL.CONCRETE:
      return 130;
    case MATERIAL.PVC:
    case MATERIAL.PEHDPE:
    case MATERIAL.PLASTIC:
      return 150;
    case MATERIAL.UNKNOWN:
    case MATERIAL.OTHER:
      return 120;
  }
}
