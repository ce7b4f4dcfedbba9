// Where to fly for a selection, from the same queries the pane uses (no extra request once the pane has loaded
// it): lets the map screen fly to a search match as soon as its details arrive (SRCH-07, SRCH-10/11).
import { useQuery } from '@tanstack/react-query';
import { assetQueryOptions } from '../api/get-asset.ts';
import { areaQueryOptions } from '../api/get-area.ts';
import { visQueryOptions } from '../api/get-vis.ts';
import { lineFlyTarget, zoneFlyTarget, type FlyTarget } from '../fly-to.ts';
import { isAreaKind, type DetailsSelection } from '../types.ts';
import { useViewer } from './use-viewer.ts';

export function useFlyTarget(datasetId: number, selection: DetailsSelection | null): FlyTarget | null {
  const { units } = useViewer();
  const group = selection?.layerGroup;
  const id = selection?.id ?? 0;
  const pipe = useQuery({ ...assetQueryOptions(datasetId, Number(id)), enabled: group === 'pipes' });
  const vis = useQuery({ ...visQueryOptions(datasetId, Number(id)), enabled: group === 'vis' });
  const areaKind = group && isAreaKind(group) ? group : 'mesh';
  const area = useQuery({
    ...areaQueryOptions(datasetId, areaKind, String(id)),
    enabled: group != null && isAreaKind(group),
  });
  if (group === 'pipes' && pipe.data)
    return lineFlyTarget(pipe.data.geometry, pipe.data.length, units.segment);
  if (group === 'vis' && vis.data)
    return lineFlyTarget(vis.data.geometry, vis.data.pipesAggLen, units.segment);
  if (group && isAreaKind(group) && area.data) return zoneFlyTarget(area.data.geometry);
  return null;
}
