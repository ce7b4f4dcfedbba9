// Work a request starts but does not wait for (issue 18): mail of the public account flows is sent after the
// answer, so an address with an account answers as fast as one without. A failure is logged, never shown: the
// caller has had its answer. `idle()` lets shutdown and tests wait for what is still running.
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` on a later turn of the event loop, after the current request's answer is on its way. */
  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
