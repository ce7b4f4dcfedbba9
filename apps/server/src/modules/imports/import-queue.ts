// The API's side of the 'import' queue.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { JobSend } from '../analysis/analysis-queue.ts';

export const IMPORT_QUEUE = 'import';

export interface ImportJobData {
  importId: number;
  clientId: number;
  /** Absolute path of the uploaded file (DATA_DIR is shared by API and workers). */
  path: string;
  /** The rows the validation staged (staged-rows.ts); a job without them (a resent one, a retry) reads the file. */
  stagedRows?: string;
}

export class ImportQueue {
  constructor(private readonly sender: JobSend) {}

  /** `rank`: importRank, so that one client's many imports do not hold another client's (issue 18). */
  async send(data: ImportJobData, rank = 0): Promise<void> {
    // One attempt: an import either commits whole or leaves nothing, and a failure is reported, not retried.
    await this.sender.send(IMPORT_QUEUE, data, { retryLimit: 0, priority: -rank });
  }
}

/**
 * The client's unfinished imports queued before this one. pg-boss takes the highest priority first, then the oldest:
 * with -rank as the priority, clients take turns (round robin), and one client's imports keep their order.
 */
export async function importRank(tx: Db, clientId: number, importId: number): Promise<number> {
  const r = await tx.execute(sql`
    SELECT count(*)::int AS n FROM imports
    WHERE client_id = ${clientId} AND id < ${importId} AND status IN ('queued', 'running')`);
  return Number((r.rows[0] as { n: number } | undefined)?.n ?? 0);
}
