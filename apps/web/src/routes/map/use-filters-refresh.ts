// FILT-PANE-04: the filters refresh 500 ms after the pane opens. What can have changed under a pane that stayed
// shut is the set of properties the served analysis carries (a re-run swaps in new results under the same tile
// revision, e.g. COF appearing once a cost model runs): the pane's filter list is built from it, so it is fetched
// again once the pane has slid open — not while it animates, and not on every render.
import { DELAYS } from '@pipewise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tilePropertiesPrefix } from '../../features/map-settings/api/get-tile-properties.ts';

export function useFiltersRefresh(open: boolean, datasetId: number): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(
      () => void client.invalidateQueries({ queryKey: tilePropertiesPrefix(datasetId) }),
      DELAYS.filterRefreshAfterPaneOpenMs,
    );
    return () => window.clearTimeout(timer);
  }, [open, datasetId, client]);
}
