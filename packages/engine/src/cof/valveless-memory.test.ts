// Issue 14 "never falls over": a network without valves is one isolation segment per connected component, and each
// pipe's break affects the whole segment. Copying that list per pipe grows with the square of the segment (a 16k-pipe
// network ran the COF thread out of a 4 GB heap). Here a 50,000-pipe valveless grid is segmented and priced in a
// thread whose heap is capped at 256 MB: a list per pipe would need 50,000² references (20 GB), a list per segment
// a few MB.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const HEAP_MB = 256;
const SIDE = 159; // 2 × 159 × 158 = 50,244 pipes

function runInCappedThread(): Promise<Record<string, number | boolean>> {
  const body = new URL('./valveless-cof.thread.ts', import.meta.url).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(body)}); });`,
      { eval: true, workerData: { side: SIDE }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } },
    );
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('a valveless network', () => {
  it('of 50,000 pipes in one segment is segmented and priced within a 256 MB heap', async () => {
    const r = await runInCappedThread();
    expect(r['pipes']).toBe(2 * SIDE * (SIDE - 1));
    // Every pipe's break takes the whole grid out of service, through one list shared by all.
    expect(r['affectedOfFirst']).toBe(r['pipes']);
    expect(r['allShareOneList']).toBe(true);
    expect(r['heapUsedMb']).toBeLessThan(HEAP_MB);
  }, 120_000);
});
