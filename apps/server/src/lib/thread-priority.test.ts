// A background thread lowers its own priority and only its own: the API's thread keeps its nice value.
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, threadId } from './thread-priority.ts';

describe.runIf(process.platform === 'linux')('thread priority', () => {
  it('lowers the calling thread, not the process', async () => {
    const main = threadId()!;
    const before = getPriority(main);
    const code = `
      const { parentPort } = require('node:worker_threads');
      import('tsx/esm/api')
        .then(({ register }) => register())
        .then(() => import(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)}))
        .then((m) => parentPort.postMessage({ tid: m.threadId(), nice: m.runInBackground() }));`;
    const worker = new Worker(code, { eval: true });
    const { tid, nice } = await new Promise<{ tid: number; nice: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(tid).not.toBe(main);
    expect(nice).toBe(Math.max(before, BACKGROUND_NICE));
    expect(getPriority(main)).toBe(before);
  });
});
