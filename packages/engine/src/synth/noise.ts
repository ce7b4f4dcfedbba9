// Smooth seeded scalar fields (terrain, soil, growth): value noise on an integer lattice with a quintic
// fade, summed over octaves (fractal Brownian motion). Deterministic: a lattice value is a hash of
// (seed, i, j), so fields need no storage and any point can be evaluated alone.
import { mix32 } from './rng.ts';

function latticeValue(seed: number, i: number, j: number): number {
  const h = mix32(seed ^ Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1));
  return h / 4294967296;
}

const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);

/** Value noise in [0, 1) at (x, y) in lattice units. */
export function valueNoise(seed: number, x: number, y: number): number {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = fade(x - i);
  const fy = fade(y - j);
  const a = latticeValue(seed, i, j);
  const b = latticeValue(seed, i + 1, j);
  const c = latticeValue(seed, i, j + 1);
  const d = latticeValue(seed, i + 1, j + 1);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal noise in about [0, 1): octaves of value noise, each at double frequency and half weight. */
export function fbm(seed: number, x: number, y: number, octaves = 4): number {
  let sum = 0;
  let weight = 0.5;
  let total = 0;
  let frequency = 1;
  for (let o = 0; o < octaves; o++) {
    sum += weight * valueNoise(seed + o * 1013, x * frequency, y * frequency);
    total += weight;
    weight *= 0.5;
    frequency *= 2;
  }
  return sum / total;
}
