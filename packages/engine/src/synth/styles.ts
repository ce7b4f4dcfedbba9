// Neighbourhood styles: the street pattern, era of development and growth of each kind of area.
// Eras follow the usual US sequence of main materials: cast iron before the 1950s, asbestos cement and
// cast iron in the 1950s–60s, ductile iron from the 1970s, PVC and HDPE from the 1990s.

export type StyleName = 'downtown' | 'postwar' | 'suburban' | 'subdivision';

export interface Style {
  readonly name: StyleName;
  readonly label: string;
  /** Development years (inclusive). */
  readonly eraFrom: number;
  readonly eraTo: number;
  /** Target spacing of streets along u and v (metres). */
  readonly spacingU: number;
  readonly spacingV: number;
  /** Curving of streets, as a share of a block. */
  readonly warp: number;
  /** Share of interior street links removed (cut into cul-de-sacs or dropped). */
  readonly removeU: number;
  readonly removeV: number;
  /** Share of removed links kept as a cul-de-sac from one end. */
  readonly courtShare: number;
  /** Annual population growth 2025→2050. */
  readonly growth: number;
  /** Share of old pipes replaced since the 1970s. */
  readonly replacedShare: number;
}

export const STYLES: Readonly<Record<StyleName, Style>> = {
  downtown: {
    name: 'downtown',
    label: 'Old downtown grid',
    eraFrom: 1900,
    eraTo: 1940,
    spacingU: 115,
    spacingV: 95,
    warp: 0,
    removeU: 0,
    removeV: 0.03,
    courtShare: 0,
    growth: 0.006,
    replacedShare: 0.22,
  },
  postwar: {
    name: 'postwar',
    label: 'Post-war suburb',
    eraFrom: 1946,
    eraTo: 1969,
    spacingU: 130,
    spacingV: 210,
    warp: 0.22,
    removeU: 0.08,
    removeV: 0.25,
    courtShare: 0.7,
    growth: -0.002,
    replacedShare: 0.12,
  },
  suburban: {
    name: 'suburban',
    label: '1970s–90s suburb',
    eraFrom: 1970,
    eraTo: 1992,
    spacingU: 140,
    spacingV: 240,
    warp: 0.3,
    removeU: 0.12,
    removeV: 0.35,
    courtShare: 0.8,
    growth: 0.002,
    replacedShare: 0.03,
  },
  subdivision: {
    name: 'subdivision',
    label: 'New subdivision',
    eraFrom: 1993,
    eraTo: 2022,
    spacingU: 120,
    spacingV: 260,
    warp: 0.38,
    removeU: 0.15,
    removeV: 0.5,
    courtShare: 0.9,
    growth: 0.015,
    replacedShare: 0,
  },
};

/** Style of a patch from its distance to the centre (as a share of the town radius) and elevation. */
export function styleAt(radiusShare: number, elevationM: number, noise: number): StyleName {
  const r = radiusShare + (noise - 0.5) * 0.25;
  if (r < 0.25) return 'downtown';
  if (elevationM > 110) return 'subdivision';
  if (r < 0.55) return elevationM > 60 ? 'suburban' : 'postwar';
  if (r < 0.8) return 'suburban';
  return 'subdivision';
}
