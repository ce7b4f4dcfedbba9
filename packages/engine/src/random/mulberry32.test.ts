import { describe, expect, it } from 'vitest';
import { mulberry32, poisson } from './mulberry32.ts';

describe('mulberry32', () => {
  it('repeats its sequence for a seed and differs across seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(xs);
    expect(Array.from({ length: 5 }, c)).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws Poisson counts with the right mean', () => {
    const random = mulberry32(7);
    for (const mean of [0.2, 3, 50]) {
      let sum = 0;
      for (let i = 0; i < 20000; i++) sum += poisson(random, mean);
      expect(sum / 20000).toBeCloseTo(mean, mean > 10 ? 0 : 1);
    }
  });
});
