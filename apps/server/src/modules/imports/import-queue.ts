// The API's side of the 'import' queue: a pg-boss that only sends (no maintenance, no schedules: the worker does
// those), started on the first commit so an API that never imports never touches the queue schema.
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { createBoss } from '../../jobs/boss.ts';

export const IMPORT_QUEUE = 'import';

export interface ImportJobData {
  importId: number;
  clientId: number;
  /** Absolute path of the uploaded file (DATA_DIR is shared by API and workers). */
  path: string;
}

export class ImportQueue {
  private boss: Promise<PgBoss> | null = null;
  constructor(private readonly database: Database) {}

  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const boss = createBoss(this.database, { supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.createQueue(IMPORT_QUEUE);
      return boss;
    })();
    return this.boss;
  }

  async send(data: ImportJobData): Promise<void> {
    const boss = await this.started();
    // One attempt: an import either commits whole or leaves nothing, and a failure is reported, not retried.
    await boss.send(IMPORT_QUEUE, data, { retryLimit: 0 });
  }

  async stop(): Promise<void> {
    if (!this.boss) return;
    const boss = await this.boss.catch(() => null);
    await boss?.stop({ graceful: false, close: false, wait: true });
  }
}
