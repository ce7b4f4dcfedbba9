// Public surface of the datasets feature (shell parts; the dataset pages come with the dataset API).
export {
  getSnapshotGroups,
  snapshotGroupsQueryOptions,
  useSnapshotGroups,
  SNAPSHOT_GROUPS_KEY,
} from './api/get-snapshot-groups.ts';
export type { SnapshotGroup, DatasetSummary } from './api/get-snapshot-groups.ts';
export { useDatasetSelection } from './state.ts';
export { scenarioLabel } from './scenario.ts';
export { DatasetDropdown } from './components/DatasetDropdown.tsx';
export { ScenarioButton } from './components/ScenarioButton.tsx';
