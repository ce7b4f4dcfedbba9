// GET /api/datasets/status → [{id, status, refresh_status, snapshot_entity_id, origin}] for the datasets of every
// group's CURRENT snapshot (DATA-ST-06). Polled by hooks/use-dataset-status-watcher.ts.
import { api } from '../../../lib/api-client.ts';
import type { DatasetStatusEntry } from '../types.ts';

export const DATASET_STATUS_KEY = ['datasets', 'status'] as const;

export function getDatasetStatus(): Promise<DatasetStatusEntry[]> {
  return api<DatasetStatusEntry[]>('GET', '/api/datasets/status');
}

/** Keyed by the current dataset, so a switch starts a fresh watch (and a fresh polling decision). */
export const datasetStatusKey = (datasetId: number | null) => [...DATASET_STATUS_KEY, datasetId] as const;
