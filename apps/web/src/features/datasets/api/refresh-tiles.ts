// POST /api/datasets/{id}/refresh-tiles → the dataset with a new tile revision (DATA-ST-14).
import { api } from '../../../lib/api-client.ts';
import type { Dataset } from '../types.ts';

export function refreshTiles(datasetId: number): Promise<Dataset> {
  return api<Dataset>('POST', `/api/datasets/${datasetId}/refresh-tiles`);
}
