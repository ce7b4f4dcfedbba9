// The one read the demo basemap needs: whether a dataset is a generated town, and with which parameters.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export interface DatasetOrigin {
  synthetic: boolean;
  metadata: Record<string, unknown>;
}

/** Under the caller's tenant: another client's dataset reads as none. */
export async function datasetOrigin(tx: Db, datasetId: number): Promise<DatasetOrigin | null> {
  const r = await tx.execute(sql`SELECT synthetic, metadata FROM datasets WHERE id = ${datasetId}`);
  const row = r.rows[0];
  if (!row) return null;
  const metadata = typeof row['metadata'] === 'string' ? JSON.parse(row['metadata']) : row['metadata'];
  return { synthetic: Boolean(row['synthetic']), metadata: (metadata ?? {}) as Record<string, unknown> };
}
