// The filters being applied on the map (STYLE.md: a small Zustand store per feature): ranges and scalar selections
// per view, drawn boundary polygons per layer group (BOUND-12) and whether the user changed anything since the last
// save or restore (the planner's unsaved-changes prompt, spec 000 §4).
import {
  emptyFilterState,
  isFilterActive,
  withRange,
  withScalars,
  type Boundaries,
  type FilterState,
  type LayerGroup,
  type Polygons,
  type RangeFilter,
  type ViewKey,
} from '@pipewise/domain';
import { create } from 'zustand';

export interface FilterStore {
  applied: FilterState;
  boundaries: Boundaries;
  unsaved: boolean;
  setRange: (key: ViewKey, range: RangeFilter | null) => void;
  /** null = every value selected (no filter). */
  setScalars: (key: ViewKey, values: readonly number[] | null) => void;
  /** Clears every filter (boundaries stay: they have their own Delete all). */
  reset: () => void;
  /** Replaces the filters as a whole (a restored saved filter): nothing unsaved afterwards. */
  replace: (state: FilterState) => void;
  setBoundaries: (layerGroup: LayerGroup, polygons: Polygons) => void;
  replaceBoundaries: (boundaries: Boundaries) => void;
  /** One layer group's polygons, or all of them. */
  clearBoundaries: (layerGroup?: LayerGroup) => void;
  setUnsaved: (unsaved: boolean) => void;
}

export const useFilterStore = create<FilterStore>()((set) => ({
  applied: emptyFilterState(),
  boundaries: {},
  unsaved: false,
  setRange: (key, range) => set((s) => ({ applied: withRange(s.applied, key, range), unsaved: true })),
  setScalars: (key, values) => set((s) => ({ applied: withScalars(s.applied, key, values), unsaved: true })),
  reset: () => set((s) => ({ applied: emptyFilterState(), unsaved: s.unsaved || isFilterActive(s.applied) })),
  replace: (state) => set({ applied: state, unsaved: false }),
  setBoundaries: (layerGroup, polygons) =>
    set((s) => ({ boundaries: { ...s.boundaries, [layerGroup]: polygons }, unsaved: true })),
  replaceBoundaries: (boundaries) => set({ boundaries }),
  clearBoundaries: (layerGroup) =>
    set((s) => {
      if (layerGroup === undefined) return { boundaries: {} };
      const boundaries = { ...s.boundaries };
      delete boundaries[layerGroup];
      return { boundaries };
    }),
  setUnsaved: (unsaved) => set({ unsaved }),
}));

/** Back to the start (logout, dataset switch, tests). */
export function resetFilterStore(): void {
  useFilterStore.setState({ applied: emptyFilterState(), boundaries: {}, unsaved: false });
}
