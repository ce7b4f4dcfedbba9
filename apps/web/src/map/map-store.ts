// What the map remembers that is neither server data nor URL: the active layer group and the selection.
// Reset on a dataset switch (spec 000 §4: the active layer group returns to pipes).
import { create } from 'zustand';

/** Spec 000 §4 layer groups. */
export const LAYER_GROUPS = ['pipes', 'vis', 'mesh', 'district', 'custom_zone'] as const;
export type LayerGroup = (typeof LAYER_GROUPS)[number];

export interface MapSelection {
  layerGroup: LayerGroup;
  id: string;
}

interface MapState {
  layerGroup: LayerGroup;
  selection: MapSelection | null;
  setLayerGroup: (group: LayerGroup) => void;
  select: (selection: MapSelection | null) => void;
  reset: () => void;
}

const initial = { layerGroup: 'pipes' as LayerGroup, selection: null };

export const useMapStore = create<MapState>()((set) => ({
  ...initial,
  setLayerGroup: (layerGroup) => set({ layerGroup, selection: null }),
  select: (selection) => set({ selection }),
  reset: () => set(initial),
}));
