// Seeded random streams for the generator. Every step draws from its own stream, keyed by the seed and
// a label (and an index where the step works per item), so changing one step leaves the others' draws
// unchanged and patches can be generated in any order with the same result.
import { type Random, mulberry32 } from '../random/mulberry32.ts';

/** 32-bit FNV-1a of a string, mixed with murmur3's finaliser. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** murmur3 fmix32: spreads the bits of an integer. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** An independent stream for (seed, label, index…). */
export function streamFor(seed: number, label: string, ...index: number[]): Random {
  let h = mix32(hash32(label) ^ Math.imul(seed | 0, 0x9e3779b1));
  for (const i of index) h = mix32(h ^ Math.imul(i | 0, 0x27d4eb2f) ^ 0x165667b1);
  return mulberry32(h);
}

/** Uniform in [lo, hi). */
export function uniform(random: Random, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}

/** Integer in [lo, hi]. */
export function intBetween(random: Random, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** Standard normal (Box–Muller, one value per call). */
export function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Index drawn with probability proportional to weights[i]. */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
