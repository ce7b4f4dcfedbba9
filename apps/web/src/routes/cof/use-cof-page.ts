// What both COF scenario pages take from the shell: the user, the current snapshot group and dataset, and how to
// fetch the datasets feature's queries again when the scenario in use changes (its name is the dataset's scenario,
// SHELL-SUB-07) or a re-run ends (the dataset status then asks for 'Refresh map').
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  CURRENT_SNAPSHOT_KEY,
  DATASET_STATUS_KEY,
  SNAPSHOT_GROUPS_KEY,
  useCurrentSnapshot,
} from '../../features/datasets/index.ts';

export function useCofPage() {
  const client = useQueryClient();
  const snapshot = useCurrentSnapshot();
  const refresh = useMemo(() => {
    const invalidate = (keys: readonly (readonly unknown[])[]) =>
      void Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    return {
      onApplied: () => invalidate([CURRENT_SNAPSHOT_KEY, SNAPSHOT_GROUPS_KEY]),
      onResultsReady: () => invalidate([DATASET_STATUS_KEY, CURRENT_SNAPSHOT_KEY]),
    };
  }, [client]);
  return { snapshot, ...refresh };
}
