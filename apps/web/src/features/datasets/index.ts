// Public surface of the datasets feature: the shell parts (dropdown, scenario button, status overlay, lifecycle)
// and what other features and routes need to follow the current dataset.
export {
  getSnapshotGroups,
  snapshotGroupsQueryOptions,
  useSnapshotGroups,
  SNAPSHOT_GROUPS_KEY,
} from './api/get-snapshot-groups.ts';
export {
  CURRENT_SNAPSHOT_KEY,
  currentSnapshotQueryOptions,
  getCurrentSnapshot,
  useCurrentSnapshot,
} from './api/get-current-snapshot.ts';
export { DATASET_STATUS_KEY } from './api/get-dataset-status.ts';
export { useSetDatasetView } from './api/set-view.ts';
export { refreshTiles } from './api/refresh-tiles.ts';
export type { DatasetView } from './api/set-view.ts';
export type { Dataset, DatasetStatusEntry, DatasetSummary, Snapshot, SnapshotGroup } from './types.ts';
export { useDatasetSelection } from './state.ts';
export { onDatasetReset, useDatasetReset } from './reset.ts';
export type { DatasetResetReason } from './reset.ts';
export { ANALYSIS_QUERY_ROOTS } from './analysis-queries.ts';
export { scenarioLabel } from './scenario.ts';
export { useDatasetLifecycle } from './hooks/use-dataset-lifecycle.ts';
export { DatasetDropdown } from './components/DatasetDropdown.tsx';
export { DatasetStatusOverlay } from './components/DatasetStatusOverlay.tsx';
export { ScenarioButton } from './components/ScenarioButton.tsx';
export { SetViewButton } from './components/SetViewButton.tsx';
