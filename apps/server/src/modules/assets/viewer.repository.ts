// The caller's language and subscriptions, and the dataset with its served analysis. Runs under withTenant: the
// user and client rows of the caller's own client are visible, another client's dataset is not.
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { analyses } from '../../db/schema-analysis.ts';
import { datasets } from '../../db/schema-network.ts';
import { clients, users } from '../../db/schema.ts';
import { effectiveSubscriptionsOf, languageOf } from '../users/user-view.ts';
import type { Viewer } from './viewer.ts';

export async function loadViewer(tx: Db, userId: number, clientId: number): Promise<Viewer> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return {
    language: languageOf({ language: user?.language ?? 'en' }),
    subscriptions: client ? effectiveSubscriptionsOf(client) : [],
  };
}

export interface ServedDataset {
  id: number;
  clientId: number;
  /** Pipe edits re-scored with the served model since its run (rescore-pipe.ts). */
  editsSinceAnalysis: number;
  /** The COMPLETE analysis whose results are served; null before the first one. */
  analysis: ServedAnalysis | null;
}

/** The run's row without its stored model (hundreds of kB of trees only a pipe edit reads: rescore-pipe.ts). */
const { lofScoring: _model, ...servedColumns } = getTableColumns(analyses);
export type ServedAnalysis = Omit<typeof analyses.$inferSelect, 'lofScoring'>;

export async function findServedDataset(tx: Db, datasetId: number): Promise<ServedDataset | undefined> {
  const [row] = await tx
    .select({
      id: datasets.id,
      clientId: datasets.clientId,
      editsSinceAnalysis: datasets.editsSinceAnalysis,
      analysis: servedColumns,
    })
    .from(datasets)
    .leftJoin(analyses, eq(analyses.id, datasets.analysisId))
    .where(eq(datasets.id, datasetId));
  return row;
}
