import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cofLevels, levelOf, quantileBreaks } from './levels.ts';

describe('levels 1–5 by quintiles', () => {
  it('splits 1..100 into five equal groups', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    const { levels } = cofLevels(values);
    for (let level = 1; level <= 5; level++) expect(levels.filter((l) => l === level)).toHaveLength(20);
  });

  it('gives equal values one level, and an all-equal dataset level 1', () => {
    expect(cofLevels([5, 5, 5, 5]).levels).toEqual([1, 1, 1, 1]);
    expect(cofLevels([0, 0, 0, 0, 0, 0, 0, 0, 10, 10]).levels).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 5, 5]);
  });

  it('treats non-finite values as 0 and handles an empty dataset', () => {
    expect(levelOf(Number.NaN, [1, 2, 3, 4])).toBe(1);
    expect(quantileBreaks([])).toEqual([0, 0, 0, 0]);
  });

  it('is monotone: a larger value never has a lower level', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (values) => {
          const { levels } = cofLevels(values);
          const order = values.map((v, i) => [v, levels[i]!] as const).sort((a, b) => a[0] - b[0]);
          for (let i = 1; i < order.length; i++)
            expect(order[i]![1]).toBeGreaterThanOrEqual(order[i - 1]![1]);
          for (const l of levels) expect(l >= 1 && l <= 5).toBe(true);
        },
      ),
    );
  });
});
