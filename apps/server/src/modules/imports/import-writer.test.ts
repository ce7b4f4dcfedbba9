import { describe, expect, it } from 'vitest';
import { inLanes } from './import-writer.ts';

async function* numbers(n: number): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) yield i;
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inLanes (the staged rows written two batches at once on PostgreSQL)', () => {
  it('runs every item, never more than `lanes` at once', async () => {
    let now = 0;
    let most = 0;
    const seen: number[] = [];
    await inLanes(numbers(9), 2, async (i) => {
      most = Math.max(most, ++now);
      await tick(i % 3);
      seen.push(i);
      now -= 1;
    });
    expect(most).toBe(2);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('throws the earliest item’s failure, once the work under way has ended, and starts no more', async () => {
    const ended: number[] = [];
    const run = inLanes(numbers(20), 2, async (i) => {
      // Item 3 fails late, item 4 (in the other lane) fails first.
      await tick(i === 3 ? 30 : 1);
      ended.push(i);
      if (i === 3 || i === 4) throw new Error(`item ${i}`);
    });
    await expect(run).rejects.toThrow('item 3');
    expect(ended).toContain(3);
    expect(Math.max(...ended)).toBeLessThan(8);
  });

  it('is in order with one lane', async () => {
    const seen: number[] = [];
    await inLanes(numbers(5), 1, async (i) => {
      await tick(5 - i);
      seen.push(i);
    });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
