// Shared by the analysis job tests: raw queries in the system context, the seeded demo town, queuing a run and
// reading its latest run row.
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/db/database.ts';
import { queueAnalysis } from '../../src/modules/analysis/analysis-queue.ts';
import type { Harness } from './harness.ts';

export type Row = Record<string, unknown>;

export const q = async (h: Harness, query: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(query)).rows as Row[]);

export async function demoDataset(h: Harness) {
  const [d] = await q(
    h,
    sql`SELECT id, client_id, tile_revision, analysis_id, status FROM datasets ORDER BY id LIMIT 1`,
  );
  return {
    datasetId: Number(d!['id']),
    clientId: Number(d!['client_id']),
    revision: Number(d!['tile_revision']),
  };
}

export async function queued(h: Harness, datasetId: number, clientId: number) {
  return withSystem(h.database.db, (tx) => queueAnalysis(tx, { clientId, datasetId, reason: 'execute' }));
}

export async function latestRun(h: Harness, datasetId: number) {
  const [run] = await q(
    h,
    sql`SELECT * FROM analyses WHERE dataset_id = ${datasetId} ORDER BY id DESC LIMIT 1`,
  );
  return run!;
}
