// Imports left `queued` with no job to run them (issue 18: an import stuck in `queued` was never swept). The API
// commits the imports row and then sends its job; a process killed between the two, or a job the queue lost,
// leaves a row no worker will ever take, and the wizard would poll it forever. Nothing of such an import has
// started, so the sweep sends its job again (it keeps its fair rank); when its upload is gone it is failed with
// what to do. A job sent twice runs once: runImport claims the row under a lock.
import { sql } from 'drizzle-orm';
import { withSystem, withTenant, type Database } from '../../db/database.ts';
import type { JobSend } from '../analysis/analysis-queue.ts';
import { IMPORT_QUEUE, ImportQueue, importRank } from './import-queue.ts';
import { updateImport } from './imports.repository.ts';
import { keptUpload } from './upload-files.ts';

type Row = Record<string, unknown>;

/** How long a queued import may wait for the job its request sends after committing the row. */
export const LOST_IMPORT_GRACE_S = 60;

export interface LostImports {
  resent: number;
  failed: number;
}

/**
 * Sends again the job of every import queued more than `minAgeSeconds` ago that has no job waiting or running in
 * pg-boss's table; fails those whose upload is gone.
 */
export async function resendLostImports(
  database: Database,
  send: JobSend,
  dataDir: string,
  minAgeSeconds: number,
): Promise<LostImports> {
  const lost = await withSystem(database.db, async (tx) => {
    const r = await tx.execute(sql`
      SELECT i.id, i.client_id, i.upload_id, i.file_name
      FROM imports i
      WHERE i.status = 'queued' AND i.created_at <= now() - make_interval(secs => ${minAgeSeconds})
        AND NOT EXISTS (
          SELECT 1 FROM pgboss.job j
          WHERE j.name = ${IMPORT_QUEUE} AND j.state IN ('created', 'retry', 'active')
            AND j.data->>'importId' = i.id::text)
      ORDER BY i.id`);
    return r.rows as Row[];
  });
  const queue = new ImportQueue(send);
  const outcome: LostImports = { resent: 0, failed: 0 };
  for (const row of lost) {
    const importId = Number(row['id']);
    const clientId = Number(row['client_id']);
    const path = await keptUpload(dataDir, row['upload_id'] ? String(row['upload_id']) : null);
    if (path) {
      // Its fair place, as the request that queued it had counted it.
      const rank = await withTenant(database.db, clientId, (tx) => importRank(tx, clientId, importId));
      await queue.send({ importId, clientId, path }, rank);
      outcome.resent++;
      continue;
    }
    const failed = await withTenant(database.db, clientId, async (tx) => {
      // Under the lock runImport claims with: a worker that took the row meanwhile keeps it.
      const r = await tx.execute(sql`SELECT status FROM imports WHERE id = ${importId} FOR UPDATE`);
      if ((r.rows[0] as Row | undefined)?.['status'] !== 'queued') return false;
      await updateImport(tx, importId, {
        status: 'failed',
        message: `${String(row['file_name'])}: the uploaded file is gone, so this import could not start and nothing was changed; please upload it again`,
        finishedAt: new Date(),
      });
      return true;
    });
    if (failed) outcome.failed++;
  }
  return outcome;
}
