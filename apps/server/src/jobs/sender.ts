// The API's side of the job queues: a pg-boss that only sends (no maintenance, no schedules: the worker does
// those), started on the first send so an API that never queues a job never touches the queue schema.
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { createBoss, ensureQueue } from './boss.ts';
import { announceJob } from './job-signal.ts';

export class JobSender {
  private boss: Promise<PgBoss> | null = null;
  private readonly queues = new Set<string>();
  constructor(private readonly database: Database) {}

  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const boss = createBoss(this.database, { supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      return boss;
    })();
    return this.boss;
  }

  async send(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    const boss = await this.started();
    if (!this.queues.has(queue)) {
      await ensureQueue(boss, queue);
      this.queues.add(queue);
    }
    const id = await boss.send(queue, data, options);
    // Stored (or refused as a duplicate, id null): a worker in this process need not wait for its next poll.
    announceJob(queue);
    return id;
  }

  async stop(): Promise<void> {
    if (!this.boss) return;
    const boss = await this.boss.catch(() => null);
    await boss?.stop({ graceful: false, close: false, wait: true });
  }
}
