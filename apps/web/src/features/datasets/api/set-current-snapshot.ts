// GET /api/snapshots/set-current?snapshot_group=&dataset= → 204 (spec 000 §7; a GET by contract).
import { api } from '../../../lib/api-client.ts';

export async function setCurrentSnapshot(snapshotGroupId: number, datasetId: number): Promise<void> {
  const query = new URLSearchParams({ snapshot_group: String(snapshotGroupId), dataset: String(datasetId) });
  await api<void>('GET', `/api/snapshots/set-current?${query.toString()}`);
}
