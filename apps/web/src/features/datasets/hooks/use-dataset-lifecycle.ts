// Everything the shell runs once for the datasets while a user is in the default layout: the current snapshot
// (and its failure rule) and the status watch of its dataset.
import { useCurrentSnapshotGuard } from './use-current-snapshot-guard.ts';
import { useDatasetStatusWatcher } from './use-dataset-status-watcher.ts';

export function useDatasetLifecycle() {
  const { data: snapshot } = useCurrentSnapshotGuard();
  useDatasetStatusWatcher(snapshot?.dataset.id ?? null, snapshot?.dataset.folder ?? null);
}
