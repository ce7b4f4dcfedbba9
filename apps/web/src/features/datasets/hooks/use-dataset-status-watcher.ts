// Polls the dataset status while the current dataset is not complete and carries out what stepStatus decides
// (DATA-ST-05…17, TOAST-07/08).
import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { isAnalysisQuery } from '../analysis-queries.ts';
import { CURRENT_SNAPSHOT_KEY } from '../api/get-current-snapshot.ts';
import { DATASET_STATUS_KEY, datasetStatusKey, getDatasetStatus } from '../api/get-dataset-status.ts';
import { SNAPSHOT_GROUPS_KEY } from '../api/get-snapshot-groups.ts';
import { refreshTiles } from '../api/refresh-tiles.ts';
import { emitDatasetReset } from '../reset.ts';
import { initialStatusMemory, shouldPoll, STATUS_POLL_MS, stepStatus } from '../status.ts';
import type { StatusEffect } from '../status.ts';
import type { DatasetStatusEntry } from '../types.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useDatasetStatusQuery(datasetId: number | null) {
  return useQuery({
    queryKey: datasetStatusKey(datasetId),
    queryFn: getDatasetStatus,
    enabled: datasetId !== null,
    refetchInterval: (query) => (shouldPoll(query.state.data, datasetId) ? STATUS_POLL_MS : false),
    // A background tab still has to notice the analysis finishing.
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** `shownFolder`: the tile folder the map draws (the current snapshot's), so a page already up to date is not asked. */
export function useDatasetStatusWatcher(datasetId: number | null, shownFolder: string | null = null) {
  const { t } = useTranslation('datasets');
  const client = useQueryClient();
  const { data } = useDatasetStatusQuery(datasetId);
  const memory = useRef(initialStatusMemory);

  useEffect(() => {
    if (!data || datasetId === null) return;
    const step = stepStatus(memory.current, data, datasetId, shownFolder);
    memory.current = step.memory;
    for (const effect of step.effects) runEffect(effect, client, t);
  }, [data, datasetId, shownFolder, client, t]);
}

function refetchDatasets(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY }),
    client.invalidateQueries({ queryKey: SNAPSHOT_GROUPS_KEY }),
  ]);
}

function runEffect(effect: StatusEffect, client: QueryClient, t: TFunction<'datasets'>) {
  switch (effect.kind) {
    case 'missing':
      reportError('current status not found');
      return;
    case 'became-complete':
      emitDatasetReset('ready');
      client.removeQueries({ predicate: (q) => isAnalysisQuery(q.queryKey) });
      toast.show({ text: t('status.ready'), color: 'success' });
      void refetchDatasets(client);
      return;
    case 'refresh-required':
      toast.show({
        text: t('status.refreshRequired'),
        color: 'warning',
        // It waits for the user (the action is the point of this toast), at the top, where it covers none of the
        // map's controls, and the user can dismiss it (issue 15).
        timer: 0,
        close: true,
        top: true,
        confirmTitle: t('status.refreshMap'),
        handleConfirm: () => void refreshMap(client, effect.datasetId),
      });
      return;
  }
}

/** DATA-ST-13…16: clear the status, request a tile refresh, fetch the status again, clear the selection. */
export async function refreshMap(client: QueryClient, datasetId: number): Promise<void> {
  client.setQueriesData<DatasetStatusEntry[]>({ queryKey: DATASET_STATUS_KEY }, (entries) =>
    entries?.map((e) => (e.id === datasetId ? { ...e, refreshStatus: 'NONE' as const } : e)),
  );
  emitDatasetReset('selection');
  try {
    await refreshTiles(datasetId);
  } catch (err) {
    reportError('Refreshing the map tiles failed', err);
  }
  // The new tile revision (folder) comes with the snapshot.
  await Promise.all([
    client.invalidateQueries({ queryKey: DATASET_STATUS_KEY }),
    client.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY }),
  ]);
}
