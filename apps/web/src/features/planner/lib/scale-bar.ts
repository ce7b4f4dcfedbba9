// A printed map's scale bar (issue 36): the longest "nice" distance (1, 2 or 5 × 10ⁿ) that fits the room given,
// in the user's length unit — metres and kilometres, or feet and miles.
import type { SegmentUnit } from '@pipewise/domain';

const FT = 0.3048;
const MILE_FT = 5280;

/** The largest 1, 2 or 5 × 10ⁿ not above the value. */
function niceFloor(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const lead = value / power;
  return (lead >= 5 ? 5 : lead >= 2 ? 2 : 1) * power;
}

export interface ScaleBar {
  lengthMm: number;
  label: string;
}

/** metresPerMm: ground metres one printed millimetre covers; maxMm: the room for the bar. */
export function scaleBar(metresPerMm: number, maxMm: number, unit: SegmentUnit): ScaleBar | null {
  if (!(metresPerMm > 0) || !(maxMm > 0)) return null;
  const maxM = metresPerMm * maxMm;
  if (unit === 'm') {
    const m = niceFloor(maxM);
    return { lengthMm: m / metresPerMm, label: m >= 1000 ? `${m / 1000} km` : `${m} m` };
  }
  const maxFt = maxM / FT;
  if (maxFt >= MILE_FT) {
    const mi = niceFloor(maxFt / MILE_FT);
    return { lengthMm: (mi * MILE_FT * FT) / metresPerMm, label: `${mi} mi` };
  }
  const ft = niceFloor(maxFt);
  return { lengthMm: (ft * FT) / metresPerMm, label: `${ft} ft` };
}
