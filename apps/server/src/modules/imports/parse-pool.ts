// Warm parse threads. A thread's start loads the parsers with the domain and the engine (about 0.5 s on an idle
// machine, seconds on a busy one), so a thread that finished a parse cleanly waits for the next one instead of
// ending; one that ran out of its budget or failed is terminated (parse-thread.ts).
import { Worker } from 'node:worker_threads';

/** Threads kept waiting: one parse at a time is usual, an upload beside an import job the busy case. */
const KEEP_IDLE = 2;

interface Idle {
  readonly worker: Worker;
  readonly heapMb: number;
}

const idle: Idle[] = [];

/** A thread with this heap limit: a waiting one, or a new one. */
export function takeThread(heapMb: number): Worker {
  const at = idle.findIndex((t) => t.heapMb === heapMb);
  if (at >= 0) {
    const [{ worker }] = idle.splice(at, 1) as [Idle];
    worker.ref();
    return worker;
  }
  const worker = new Worker(new URL('./parse.boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  // A waiting thread has no parse listening: its failure must not become the process's uncaught error.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const i = idle.findIndex((t) => t.worker === worker);
    if (i >= 0) idle.splice(i, 1);
  });
  return worker;
}

/** A thread whose parse ended cleanly waits for the next one (without keeping the process alive), or ends. */
export function giveBack(worker: Worker, heapMb: number): void {
  if (idle.length >= KEEP_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idle.push({ worker, heapMb });
}
