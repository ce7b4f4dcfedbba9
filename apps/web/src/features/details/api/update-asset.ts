// PATCH /api/datasets/{id}/assets/{pipeId} with exactly one of installYear, materialTypeCode, diameter (mm) or
// abandoned; `null` removes an override (spec 000 §7 / 001 §7, docs/api-assets.md). After the edit the current
// snapshot is fetched again (PIPE-EDIT-14) and so is the analysis status. The spec asks for the status only after
// an abandoned edit (PIPE-EDIT-15), but every edit changes the served results: an attribute is re-scored in place
// (refresh_status LOF at once), an abandoned pipe re-runs the analysis; without the fetch the 'Refresh map' toast
// would wait for a reload. The answer also says what the edit did to the results (`edit`: re-scored in place, left
// to the analysis under way, or a full analysis queued and why), which the edit dialog shows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetEditOutcome } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';
import { CURRENT_SNAPSHOT_KEY, DATASET_STATUS_KEY } from '../../datasets/index.ts';
import type { AssetDetails } from '../types.ts';
import { assetKey } from './get-asset.ts';

export type AssetPatchBody =
  | { installYear: number | null }
  | { materialTypeCode: number | null }
  | { diameter: number | null }
  | { abandoned: boolean };

/** What the edit did to the results (docs/api-assets.md). */
export type EditOutcome = AssetEditOutcome;
export type AssetPatchAnswer = AssetDetails & { edit: EditOutcome };

export interface UpdateAssetVars {
  pipeId: number;
  patch: AssetPatchBody;
}

export function updateAsset(
  datasetId: number,
  pipeId: number,
  patch: AssetPatchBody,
): Promise<AssetPatchAnswer> {
  return api<AssetPatchAnswer>('PATCH', `/api/datasets/${datasetId}/assets/${pipeId}`, patch);
}

export function useUpdateAsset(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pipeId, patch }: UpdateAssetVars) => updateAsset(datasetId, pipeId, patch),
    onSuccess: async ({ edit: _edit, ...asset }, { pipeId }) => {
      client.setQueryData(assetKey(datasetId, pipeId), asset);
      await Promise.all([
        client.invalidateQueries({ queryKey: assetKey(datasetId, pipeId) }),
        client.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY }),
        client.invalidateQueries({ queryKey: DATASET_STATUS_KEY }),
      ]);
    },
  });
}
