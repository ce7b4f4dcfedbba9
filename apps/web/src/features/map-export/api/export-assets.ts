// POST /api/datasets/{id}/exports/email?extension=csv&type=lof|vis (spec 000 §7, EXP-02…05): the server mails
// every asset of the layer except the hidden ones and those the map's filter rejects (the filter goes along: the
// map knows the hidden ids of its loaded tiles only), and answers the recipient's address.
import { api } from '../../../lib/api-client.ts';

export type ExportType = 'lof' | 'vis';

export function exportAssetsByEmail(
  datasetId: number,
  type: ExportType,
  hiddenIds: readonly number[],
  filter: readonly unknown[] | null = null,
): Promise<{ email: string }> {
  return api<{ email: string }>(
    'POST',
    `/api/datasets/${datasetId}/exports/email?extension=csv&type=${type}`,
    { hiddenIds: [...hiddenIds], ...(filter && { filter }) },
  );
}
