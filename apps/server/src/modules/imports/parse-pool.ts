// Warm parse threads. A thread's start loads the parsers with the domain and the engine (about 0.5 s on an idle
// machine, seconds on a busy one), so a thread that finished a parse cleanly waits for the next one instead of
// ending (lib/warm-threads.ts); one that ran out of its budget or failed is terminated (parse-thread.ts). At most
// `limit` threads parse at once (issue 18: twenty uploads at once were twenty threads of up to 2 GB each); a parse
// past the limit waits for a thread to come back, and its time budget starts when it gets one.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { WarmThreads } from '../../lib/warm-threads.ts';

/** Threads kept waiting: one parse at a time is usual, an upload beside an import job the busy case. */
const threads = new WarmThreads({ entry: new URL('./parse.boot.mjs', import.meta.url), keepIdle: 2 });

/** Two per core (the CPU is shared fairly enough), at least two; PARSE_THREADS overrides. */
let limit = Math.max(2, Number(process.env['PARSE_THREADS']) || 2 * availableParallelism());
let busy = 0;
const queued: (() => void)[] = [];

/** Changes how many threads parse at once (tests); answers the undo. */
export function setParseThreadLimit(n: number): () => void {
  const before = limit;
  setLimit(n);
  return () => setLimit(before);
}

/** A raised limit lets waiting parses start at once. */
function setLimit(n: number): void {
  limit = n;
  while (busy < limit && queued.length > 0) {
    busy += 1;
    queued.shift()!();
  }
}

/** Parses waiting for a thread. */
export const parsesWaiting = () => queued.length;

/** A thread with this heap limit, once fewer than `limit` are parsing; give it back or discard it when done. */
export function acquireThread(heapMb: number): Promise<Worker> {
  if (busy < limit) {
    busy += 1;
    return Promise.resolve(takeThread(heapMb));
  }
  return new Promise((resolve) => queued.push(() => resolve(takeThread(heapMb))));
}

/** A parse is done with its thread: the first waiting parse takes the slot. */
function freeSlot(): void {
  const next = queued.shift();
  if (next) next();
  else busy -= 1;
}

/** A waiting thread with this heap limit, or a new one. */
const takeThread = (heapMb: number): Worker => threads.take({ maxOldGenerationSizeMb: heapMb });

/** A thread whose parse ended cleanly waits for the next one (without keeping the process alive), or ends. */
export function giveBack(worker: Worker, heapMb: number): void {
  threads.giveBack(worker, { maxOldGenerationSizeMb: heapMb });
  freeSlot();
}

/** A thread out of its budget, failed or stuck: terminated, and its slot freed. */
export function discard(worker: Worker): void {
  void worker.terminate();
  freeSlot();
}
