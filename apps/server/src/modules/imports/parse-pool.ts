// Warm parse threads. A thread's start loads the parsers with the domain and the engine (about 0.5 s on an idle
// machine, seconds on a busy one), so a thread that finished a parse cleanly waits for the next one instead of
// ending (lib/warm-threads.ts); one that ran out of its budget or failed is terminated (parse-thread.ts). At most
// `limit` threads parse at once (issue 18: twenty uploads at once were twenty threads of up to 2 GB each); a parse
// past the limit waits for a thread to come back, and its time budget starts when it gets one.
//
// Shared fairly between clients (lib/fair-slots.ts; issue 37: four crafted uploads of one client held all four
// threads for five minutes, and another client's 12-pipe upload waited 287 s).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { FairSlots } from '../../lib/fair-slots.ts';
import { currentTenant, type Tenant } from '../../lib/tenant-context.ts';
import { WarmThreads } from '../../lib/warm-threads.ts';

/** Threads kept waiting: one parse at a time is usual, an upload beside an import job the busy case. */
const threads = new WarmThreads({ entry: new URL('./parse.boot.mjs', import.meta.url), keepIdle: 2 });

/** Two per core (the CPU is shared fairly enough), at least two; PARSE_THREADS overrides. */
const limit = Math.max(2, Number(process.env['PARSE_THREADS']) || 2 * availableParallelism());
const slots = new FairSlots(limit);

/** Changes how many threads parse at once (tests); answers the undo. */
export function setParseThreadLimit(n: number): () => void {
  const before = slots.setLimit(n);
  return () => void slots.setLimit(before);
}

/** Parses waiting for a thread. */
export const parsesWaiting = () => slots.waiting;

/** Threads waiting for a parse (tests). */
export const threadsWaiting = () => threads.waiting;

/**
 * A thread with this heap limit for the client of the work in hand (lib/tenant-context.ts), once the pool allows it;
 * hand the lease back to `giveBack` or `discard` when done.
 */
export async function acquireThread(heapMb: number): Promise<Lease> {
  const tenant = currentTenant();
  await slots.acquire(tenant);
  return { worker: takeThread(heapMb), tenant };
}

/**
 * Starts a thread for a parse about to come, unless one is waiting: an upload's listing follows its body, and a
 * thread's start (tsx, the parsers, the domain, the engine: about a second of CPU) then overlaps the body's arrival
 * instead of coming after it. The thread waits as one given back does; it takes no slot until a parse has it.
 */
export function warmThread(heapMb: number): void {
  if (threads.waiting > 0) return;
  const limits = { maxOldGenerationSizeMb: heapMb };
  threads.giveBack(threads.take(limits), limits);
}

/** A thread and the client it parses for. */
export interface Lease {
  readonly worker: Worker;
  readonly tenant: Tenant;
}

/** A waiting thread with this heap limit, or a new one. */
const takeThread = (heapMb: number): Worker => threads.take({ maxOldGenerationSizeMb: heapMb });

/** A thread whose parse ended cleanly waits for the next one (without keeping the process alive), or ends. */
export function giveBack({ worker, tenant }: Lease, heapMb: number): void {
  threads.giveBack(worker, { maxOldGenerationSizeMb: heapMb });
  slots.release(tenant);
}

/** A thread out of its budget, failed or stuck: terminated, and its slot freed. */
export function discard({ worker, tenant }: Lease): void {
  void worker.terminate();
  slots.release(tenant);
}
