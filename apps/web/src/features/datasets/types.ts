// The web's camelCased view of the dataset wire schemas (packages/domain/src/api/datasets.ts).
import type {
  Dataset as WireDataset,
  DatasetStatusEntry as WireStatusEntry,
  Snapshot as WireSnapshot,
  SnapshotGroup as WireSnapshotGroup,
} from '@pipewise/domain';
import type { Camelize } from '../../lib/case.ts';

export type Dataset = Camelize<WireDataset>;
export type SnapshotGroup = Camelize<WireSnapshotGroup>;
export type Snapshot = Camelize<WireSnapshot>;
export type DatasetStatusEntry = Camelize<WireStatusEntry>;
/** Kept for callers written before the dataset API: the fields the shell reads. */
export type DatasetSummary = Pick<Dataset, 'id' | 'originalDatasetId' | 'name' | 'scenario'>;
