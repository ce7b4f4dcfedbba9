import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchCount, batchRanges, writeInBatches, type BatchExecutor } from './result-batches.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

/** An executor that records each batch's rows (the JSON a statement would get) and how many ran at once. */
function recorder(shape: BatchExecutor['shape'], fail?: (rows: number[]) => boolean) {
  const batches: number[][] = [];
  let now = 0;
  let most = 0;
  const tx: BatchExecutor = {
    shape,
    execute: async (query: SQL) => {
      const rows = query.queryChunks.find((c): c is string => typeof c === 'string') as string;
      const batch = JSON.parse(rows) as number[];
      most = Math.max(most, ++now);
      await tick(batch[0]! % 3);
      now -= 1;
      if (fail?.(batch)) throw new Error(`batch from ${batch[0]}`);
      batches.push(batch);
    },
  };
  return { tx, batches, most: () => most };
}
const write = (json: string) => ({ queryChunks: [json] }) as unknown as SQL;

describe('batchRanges (how a stage’s rows are cut into statements)', () => {
  it('covers every item exactly once, in order, at most `rows` a batch', () => {
    for (const [n, rows] of [
      [0, 5],
      [1, 5],
      [10, 5],
      [11, 5],
      [2001, 2000],
    ] as const) {
      const ranges = batchRanges(numbers(n), rows);
      expect(ranges.flatMap(([a, b]) => numbers(b - a).map((i) => a + i))).toEqual(numbers(n));
      expect(ranges.every(([a, b]) => b - a >= 1 && b - a <= rows)).toBe(true);
      expect(batchCount(numbers(n), rows)).toBe(Math.ceil(n / rows));
    }
  });

  it('cuts by weight too (a segment counts its pipes), a heavier item than a batch going alone', () => {
    const weights = [1, 1, 3, 1, 9, 1, 1, 1, 1, 1];
    const ranges = batchRanges(numbers(weights.length), 4, (i) => weights[i]!);
    expect(ranges).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
      [5, 9],
      [9, 10],
    ]);
  });
});

describe('writeInBatches', () => {
  it('sends every row exactly once across batch boundaries, never more than `lanes` statements at once', async () => {
    const r = recorder({ rows: 7, lanes: 2 });
    await writeInBatches(r.tx, numbers(50), (i) => i, write);
    expect(r.batches.flat().sort((a, b) => a - b)).toEqual(numbers(50));
    expect(r.batches.every((b) => b.length <= 7)).toBe(true);
    expect(r.most()).toBe(2);
  });

  it('writes one batch at a time for a plain transaction (no shape)', async () => {
    const r = recorder(undefined);
    await writeInBatches(r.tx, numbers(4500), (i) => i, write);
    expect(r.batches.map((b) => b.length)).toEqual([2000, 2000, 500]);
    expect(r.most()).toBe(1);
  });

  it('throws the earliest failing batch once its wave has ended, and sends no later wave', async () => {
    // Batches of 5: the wave [10, 15) fails in both lanes; [15, 20) fails first (its tick is shorter).
    const r = recorder({ rows: 5, lanes: 2 }, (b) => b[0] === 10 || b[0] === 15);
    await expect(writeInBatches(r.tx, numbers(40), (i) => i, write)).rejects.toThrow('batch from 10');
    expect(r.batches.map((b) => b[0])).toEqual([0, 5]);
  });

  it('builds each batch’s rows only when it is sent', async () => {
    const built: number[] = [];
    let sent = 0;
    const tx: BatchExecutor = {
      shape: { rows: 2, lanes: 1 },
      execute: async () => {
        // Nothing of a later batch is built before this one is sent.
        expect(built.length).toBe((sent + 1) * 2);
        sent++;
        await tick(0);
      },
    };
    await writeInBatches(
      tx,
      numbers(6),
      (i) => built.push(i),
      () => sql`SELECT 1`,
    );
    expect(sent).toBe(3);
  });
});
