// Test and benchmark only: a seeded synthetic network whose breaks follow a known Poisson process, so a
// model can be checked against the truth. Rate per km·year:
//   log λ = −3 + 0.035·(age − 40) + material effect + 0.5·ln(1 + previous breaks) + zone effect.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import { mulberry32, poisson } from '../../random/mulberry32.ts';
import { msOfYear } from '../time.ts';
import type { LofAttributeSpec, LofBreak, LofPipe } from '../types.ts';

const MATERIAL_EFFECT: ReadonlyArray<readonly [MaterialCode, number, number]> = [
  // code, log-rate effect, share of pipes
  [MATERIAL.CAST_IRON, 0.9, 0.25],
  [MATERIAL.ASBESTOS_CEMENT, 0.5, 0.1],
  [MATERIAL.DUCTILE_IRON, 0, 0.3],
  [MATERIAL.PVC, -0.6, 0.35],
];
const ZONES = ['north', 'south', 'east', 'west'];
const ZONE_EFFECT: Readonly<Record<string, number>> = { north: 0.4, south: 0, east: -0.2, west: 0 };

export const SYNTHETIC_ATTRIBUTES: readonly LofAttributeSpec[] = [
  { name: 'pressureZone', kind: 'categorical' },
];

export interface SyntheticNetwork {
  readonly pipes: LofPipe[];
  readonly breaks: LofBreak[];
  /** Known log rate per km·year of a pipe at a (decimal) year given its previous breaks. */
  readonly trueLogRate: (pipe: LofPipe, year: number, previousBreaks: number) => number;
}

export function syntheticLogRate(pipe: LofPipe, year: number, previousBreaks: number): number {
  const age = year - (pipe.installYear ?? 1970);
  const material = MATERIAL_EFFECT.find(([code]) => code === pipe.material)?.[1] ?? 0;
  const zone = ZONE_EFFECT[String(pipe.attributes?.['pressureZone'])] ?? 0;
  return -3 + 0.035 * (age - 40) + material + 0.5 * Math.log1p(previousBreaks) + zone;
}

function pickMaterial(u: number): MaterialCode {
  let acc = 0;
  for (const [code, , share] of MATERIAL_EFFECT) {
    acc += share;
    if (u < acc) return code;
  }
  return MATERIAL.PVC;
}

/** pipes: count; breaks simulated year by year over [fromYear, toYear). */
export function syntheticNetwork(options: {
  readonly pipes: number;
  readonly fromYear: number;
  readonly toYear: number;
  readonly seed: number;
}): SyntheticNetwork {
  const random = mulberry32(options.seed);
  const pipes: LofPipe[] = [];
  for (let i = 0; i < options.pipes; i++) {
    const material = pickMaterial(random());
    const installYear = Math.floor(1900 + random() * (options.toYear - 1905));
    pipes.push({
      id: `P${i}`,
      installYear: random() < 0.01 ? null : installYear,
      material,
      diameterMm: [100, 150, 200, 300][Math.floor(random() * 4)]!,
      lengthM: 5 + random() * random() * 400,
      attributes: { pressureZone: ZONES[Math.floor(random() * ZONES.length)]! },
    });
  }
  const breaks: LofBreak[] = [];
  const counts = new Int32Array(pipes.length);
  for (let year = options.fromYear; year < options.toYear; year++) {
    pipes.forEach((p, i) => {
      if (p.installYear != null && p.installYear > year) return;
      const truth = { ...p, installYear: p.installYear ?? 1960 };
      const mean = (p.lengthM / 1000) * Math.exp(syntheticLogRate(truth, year + 0.5, counts[i]!));
      const k = poisson(random, mean);
      for (let j = 0; j < k; j++) breaks.push({ pipeId: p.id, dateMs: msOfYear(year + random()) });
      counts[i] = counts[i]! + k;
    });
  }
  return { pipes, breaks, trueLogRate: syntheticLogRate };
}
