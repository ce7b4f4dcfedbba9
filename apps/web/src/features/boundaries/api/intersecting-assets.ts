// POST /api/datasets/{id}/intersecting-assets {active_pipe_layer, wktpoly} → {id_list} (spec 000 §7, BOUND-09):
// the assets of the active layer group inside the finalised boundary.
import type { LayerGroup } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';
import { polygonsToWkt } from '../wkt.ts';

export function getIntersectingAssets(
  datasetId: number,
  layerGroup: LayerGroup,
  polygons: readonly (readonly (readonly number[])[])[],
): Promise<number[]> {
  return api<{ idList: number[] }>('POST', `/api/datasets/${datasetId}/intersecting-assets`, {
    activePipeLayer: layerGroup,
    wktpoly: polygonsToWkt(polygons),
  }).then((r) => r.idList);
}
