// The valve isolation segments the analysis makes of an imported network (its preprocess stage on the inputs it
// loads), as sets of the utility's own link ids: segment ids are arbitrary, partitions are compared as sets of sets.
import { preprocessDataset } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/db/database.ts';
import { loadDatasetInputs } from '../../src/modules/analysis/load-inputs.ts';
import type { Harness } from './harness.ts';

/** Each segment with links as its sorted native link ids joined by spaces; the list sorted. */
export async function segmentPartition(h: Harness, datasetId: number): Promise<string[]> {
  return withSystem(h.database.db, async (tx) => {
    const inputs = await loadDatasetInputs(tx, datasetId, 1, { breaks: false });
    const native = new Map(inputs.pipes.map((p) => [p.id, p.nativeId]));
    return preprocessDataset(inputs)
      .segments.filter((s) => s.pipeIds.length > 0)
      .map((s) =>
        s.pipeIds
          .map((id) => native.get(id)!)
          .sort()
          .join(' '),
      )
      .sort();
  });
}

/** What the import linked each valve to: its pipe (native id) and the node it names, by valve id. */
export async function linkedValves(h: Harness, datasetId: number): Promise<Record<string, [string, string]>> {
  return withSystem(h.database.db, async (tx) => {
    const r = await tx.execute(sql`
      SELECT v.native_valve_id, p.native_pipe_id, v.node_id FROM valves v LEFT JOIN pipes p ON p.id = v.pipe_id
      WHERE v.dataset_id = ${datasetId} ORDER BY v.native_valve_id`);
    return Object.fromEntries(
      r.rows.map((row) => [
        String(row['native_valve_id']),
        [String(row['native_pipe_id']), String(row['node_id'])],
      ]),
    );
  });
}
