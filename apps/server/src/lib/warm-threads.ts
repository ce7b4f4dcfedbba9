// Worker threads kept warm between tasks. A thread's start registers tsx and loads the domain and the engine: about
// 1.1 s of CPU on an idle 2-core machine (2026-12-01), more than a small network's whole analysis stage takes. A
// thread that ended its task cleanly waits for the next one (without keeping the process alive); a failed, stuck or
// aborted one is terminated by its owner. Used by the parse pool (imports/parse-pool.ts) and the analysis stages
// (analysis/compute-thread.ts).
import { Worker, type ResourceLimits } from 'node:worker_threads';

interface Idle {
  readonly worker: Worker;
  readonly key: string;
  readonly timer: NodeJS.Timeout | undefined;
}

export interface WarmThreadsOptions {
  /** The thread's entry module (a plain .mjs that registers tsx). */
  readonly entry: URL;
  /** Threads kept waiting at most; one more given back is terminated. */
  readonly keepIdle: number;
  /** A thread waiting longer is terminated, so that its heap goes back to the system (default: kept). */
  readonly idleMs?: number;
}

export class WarmThreads {
  private readonly idle: Idle[] = [];

  constructor(private readonly options: WarmThreadsOptions) {}

  /** A waiting thread with these limits, or a new one. */
  take(limits: ResourceLimits): Worker {
    const key = JSON.stringify(limits);
    // A thread that has exited (its 'exit' not yet handled) has threadId −1.
    const at = this.idle.findIndex((t) => t.key === key && t.worker.threadId >= 0);
    if (at >= 0) {
      const [{ worker, timer }] = this.idle.splice(at, 1) as [Idle];
      clearTimeout(timer);
      worker.ref();
      return worker;
    }
    const worker = new Worker(this.options.entry, { resourceLimits: limits });
    // A waiting thread has no task listening: its failure must not become the process's uncaught error.
    worker.on('error', () => undefined);
    worker.once('exit', () => this.forget(worker));
    return worker;
  }

  /** A thread whose task ended cleanly waits for the next one, or ends when enough are waiting. */
  giveBack(worker: Worker, limits: ResourceLimits): void {
    if (this.idle.length >= this.options.keepIdle) {
      void worker.terminate();
      return;
    }
    worker.unref();
    // Out of the list first, then ended: a thread being terminated is never handed out (its 'exit' comes later).
    const timer =
      this.options.idleMs === undefined
        ? undefined
        : setTimeout(() => {
            this.forget(worker);
            void worker.terminate();
          }, this.options.idleMs).unref();
    this.idle.push({ worker, key: JSON.stringify(limits), timer });
  }

  /** Threads waiting now (tests). */
  get waiting(): number {
    return this.idle.length;
  }

  private forget(worker: Worker): void {
    const i = this.idle.findIndex((t) => t.worker === worker);
    if (i >= 0) {
      clearTimeout(this.idle[i]!.timer);
      this.idle.splice(i, 1);
    }
  }
}
