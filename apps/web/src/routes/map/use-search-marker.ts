// LAYER-28: the pin where the user chose an address search result. It is replaced by the next address and taken
// off once the user selects something else or changes dataset or layer group. Choosing an address that names a
// pipe selects that pipe just before the pin is placed (MapSearchBox), so the pin belongs to that selection.
import type { LayerGroup } from '@pipewise/domain';
import { useState } from 'react';
import { useMapSettings, type MapSelection } from '../../features/map-settings/index.ts';

const selectionKey = (s: MapSelection | null) => (s ? `${s.layerGroup}:${s.id}` : '-');

interface Placed {
  at: [number, number];
  /** What was on the map when the pin was set; any other context clears the pin. */
  context: string;
}

export function useSearchMarker(datasetId: number, layerGroup: LayerGroup) {
  const selection = useMapSettings((s) => s.selection);
  const contextOf = (s: MapSelection | null) => `${datasetId}|${layerGroup}|${selectionKey(s)}`;
  const context = contextOf(selection);
  const [placed, setPlaced] = useState<Placed | null>(null);
  // Cleared during render (React's "adjust state on a prop change"): the pin must not come back if the
  // selection returns to what it was when the pin was set.
  if (placed && placed.context !== context) setPlaced(null);
  return {
    marker: placed?.context === context ? placed.at : null,
    // Read from the store, not this render: a selection made in the same event is not rendered yet.
    place: (at: [number, number]) =>
      setPlaced({ at, context: contextOf(useMapSettings.getState().selection) }),
  };
}
