// The apply sequence of a saved filter (apply-saved.ts) wired to this feature's store; the map's parts of it (view,
// layer group, selection) come from the caller, since features do not import each other.
import type { LayerGroup, ViewKey } from '@pipewise/domain';
import { useCallback } from 'react';
import type { SavedFilterView } from '../api/types.ts';
import { toWireFilters } from '../api/types.ts';
import { applySavedFilter } from '../apply-saved.ts';
import { useFilterStore } from '../state.ts';

export interface MapSteps {
  setView: (view: ViewKey) => void;
  setLayerGroup: (layerGroup: LayerGroup) => void;
  clearSelection: () => void;
}

export function useApplySavedFilter({ setView, setLayerGroup, clearSelection }: MapSteps) {
  return useCallback(
    (saved: SavedFilterView): Promise<void> => {
      const store = () => useFilterStore.getState();
      return applySavedFilter(
        { filters: toWireFilters(saved.filters), lofType: saved.lofType },
        {
          clearUnsaved: () => store().setUnsaved(false),
          setView,
          setLayerGroup,
          clearBoundaries: () => store().clearBoundaries(),
          clearSelection,
          applyFilters: (state) => store().replace(state),
          applyBoundaries: (boundaries) => store().replaceBoundaries(boundaries),
        },
      );
    },
    [setView, setLayerGroup, clearSelection],
  );
}
