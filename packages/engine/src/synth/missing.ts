// Hides a share of install years, materials and diameters for the imputation step. Records of old
// pipes are missing more often (paper maps, lost cards), so each pipe's chance is weighted by era and
// scaled so the overall share matches the requested rate.
import type { PipeTruth } from './attributes.ts';
import { streamFor } from './rng.ts';

export interface MissingMask {
  readonly installYear: boolean[];
  readonly material: boolean[];
  readonly diameter: boolean[];
}

const eraWeight = (year: number) => (year < 1950 ? 2.4 : year < 1970 ? 1.6 : year < 1990 ? 0.9 : 0.45);

export function maskAttributes(seed: number, truth: readonly PipeTruth[], rate: number): MissingMask {
  const weights = truth.map((t) => eraWeight(t.installYear));
  const mean = weights.reduce((s, w) => s + w, 0) / Math.max(1, weights.length);
  const draw = (label: string) => {
    const random = streamFor(seed, label);
    return weights.map((w) => random() < Math.min(0.9, (rate * w) / mean));
  };
  return {
    installYear: draw('missing-year'),
    material: draw('missing-material'),
    diameter: draw('missing-diameter'),
  };
}
