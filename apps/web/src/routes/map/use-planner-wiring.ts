// The planner's links to the map screen (features do not import each other, so the route joins them): the
// scenario list reads and loads the filters through the filters feature (the saved-filter apply sequence), the
// panel gets the drawn area as WKT (boundaries), the selected pipe, a capture of the map and a way to fly to a
// box, and the map gets the planner's shapes and pipe halo.
import { toSavedFilters, type LayerGroup, type ViewKey } from '@pipewise/domain';
import { useMemo, type RefObject } from 'react';
import { polygonsToWkt } from '../../features/boundaries/index.ts';
import { useFilterStore, type SavedFilterView } from '../../features/filters/index.ts';
import type { MapSelection } from '../../features/map-settings/index.ts';
import {
  usePlannerMap,
  type PlannerMapBridge,
  type ScenarioFiltersView,
} from '../../features/planner/map-screen.ts';
import type { MapViewHandle } from '../../map/map-handle.ts';

export interface PlannerWiringInput {
  datasetId: number;
  /** What printed work names (the project PDF): the dataset and the COF scenario whose figures are shown. */
  heading: PlannerMapBridge['heading'];
  /** The planner page with the JOB_PLANNER subscription: only then the planner draws on the map. */
  enabled: boolean;
  handle: RefObject<MapViewHandle | null>;
  layerGroup: LayerGroup;
  activeView: ViewKey;
  selection: MapSelection | null;
  boundary: { polygons: number[][][]; ids: number[] | null; reset: () => void };
  applySaved: (saved: SavedFilterView) => Promise<void>;
}

/** Zoom no closer than a street: a one-pipe proposal should still show its surroundings. */
const ZOOM_TO = { padding: 48, maxZoom: 17 } as const;

export function usePlannerWiring(input: PlannerWiringInput) {
  const { handle, layerGroup, activeView, boundary, applySaved } = input;
  const unsaved = useFilterStore((s) => s.unsaved);

  const scenarios = {
    unsaved,
    currentFilters: () => {
      const { applied, boundaries } = useFilterStore.getState();
      return { filters: toSavedFilters(applied, { layerGroup, boundaries }), lofType: activeView };
    },
    onLoadFilters: (saved: ScenarioFiltersView | null) => {
      boundary.reset();
      if (saved) {
        void applySaved(saved);
        return;
      }
      // A scenario with nothing saved yet has no filters: the map shows it so.
      const store = useFilterStore.getState();
      store.reset();
      store.clearBoundaries();
      store.setUnsaved(false);
    },
    onFiltersSaved: () => useFilterStore.getState().setUnsaved(false),
  };

  const area = useMemo(
    () => (boundary.polygons.length > 0 ? polygonsToWkt(boundary.polygons) : null),
    [boundary.polygons],
  );
  const selection = input.selection;
  const bridge: PlannerMapBridge = {
    area,
    // Intersecting assets are pipes only on the pipes layer group (segments, zones otherwise).
    areaPipeIds: layerGroup === 'pipes' ? boundary.ids : null,
    selectedPipeId:
      selection?.layerGroup === 'pipes' && typeof selection.id === 'number' ? selection.id : null,
    captureImage: async () => (await handle.current?.getCanvasDataUrl('image/png')) ?? null,
    zoomTo: (bbox) => handle.current?.fitBounds(bbox, ZOOM_TO),
    captureBox: async (bbox) => (await handle.current?.captureBox(bbox, ZOOM_TO)) ?? null,
    metresPerPixel: () => handle.current?.metresPerCanvasPixel() ?? null,
    heading: input.heading,
  };

  const map = usePlannerMap(input.datasetId, input.enabled);
  return { scenarios, bridge, map };
}
