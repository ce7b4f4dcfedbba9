// PUT /api/datasets/{id}/set-view {center:[lng,lat], zoom} (CTRL-04; worker role and above).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CURRENT_SNAPSHOT_KEY } from './get-current-snapshot.ts';
import { SNAPSHOT_GROUPS_KEY } from './get-snapshot-groups.ts';

export interface DatasetView {
  center: [number, number];
  zoom: number;
}

export function setDatasetView(datasetId: number, view: DatasetView): Promise<DatasetView> {
  return api<DatasetView>('PUT', `/api/datasets/${datasetId}/set-view`, view);
}

export function useSetDatasetView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ datasetId, view }: { datasetId: number; view: DatasetView }) =>
      setDatasetView(datasetId, view),
    // The saved view is the new default centre of the dataset: the cached copies would re-centre on the old one.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY }),
        client.invalidateQueries({ queryKey: SNAPSHOT_GROUPS_KEY }),
      ]),
  });
}
