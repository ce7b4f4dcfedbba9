// Filter state helpers and the conversion to and from saved filters (spec 000 §3 "Saved filter", FILT-SAV-02).
import type { SavedFilterFilters } from '../api/saved-filters.ts';
import { VIEW_KEYS } from './types.ts';
import type { FilterState, LayerGroup, RangeFilter, ViewKey } from './types.ts';

export type Polygons = number[][][];
export type Boundaries = Partial<Record<LayerGroup, Polygons>>;

export function emptyFilterState(): FilterState {
  return { ranges: {}, scalars: {} };
}

/** A range with both ends unbounded (or null) removes the key: it filters nothing. */
export function withRange(state: FilterState, key: ViewKey, range: RangeFilter | null): FilterState {
  const ranges = { ...state.ranges };
  if (range === null || (range.low === null && range.high === null)) delete ranges[key];
  else ranges[key] = { low: range.low, high: range.high };
  return { ...state, ranges };
}

/** null = everything selected (removes the key); an empty list selects nothing. */
export function withScalars(state: FilterState, key: ViewKey, values: readonly number[] | null): FilterState {
  const scalars = { ...state.scalars };
  if (values === null) delete scalars[key];
  else scalars[key] = [...values];
  return { ...state, scalars };
}

export function clearFilter(state: FilterState, key: ViewKey): FilterState {
  return withScalars(withRange(state, key, null), key, null);
}

export function isFilterActive(state: FilterState): boolean {
  const ranged = Object.values(state.ranges).some(
    (r) => r !== undefined && (r.low !== null || r.high !== null),
  );
  return ranged || Object.values(state.scalars).some((v) => v !== undefined);
}

export interface SavedFilterContext {
  layerGroup: LayerGroup;
  boundaries: Boundaries;
}

export function toSavedFilters(
  state: FilterState,
  { layerGroup, boundaries }: SavedFilterContext,
): SavedFilterFilters {
  const scalar_type: SavedFilterFilters['scalar_type'] = [];
  const slider_type: SavedFilterFilters['slider_type'] = [];
  for (const key of VIEW_KEYS) {
    const values = state.scalars[key];
    if (values !== undefined) scalar_type.push({ key, values: [...values] });
    const range = state.ranges[key];
    if (range && (range.low !== null || range.high !== null)) {
      slider_type.push({ key, low_input: range.low, high_input: range.high });
    }
  }
  const boundary_type = Object.entries(boundaries)
    .filter((entry): entry is [LayerGroup, Polygons] => entry[1] !== undefined && entry[1].length > 0)
    .map(([layer_group, polygons]) => ({ layer_group, polygons }));
  return { active_pipe_layer_group: layerGroup, scalar_type, slider_type, boundary_type };
}

export interface RestoredFilters {
  state: FilterState;
  layerGroup: LayerGroup;
  boundaries: Boundaries;
}

/** Saved filters (already normalized) → filter state, layer group and boundaries. */
export function fromSavedFilters(saved: SavedFilterFilters): RestoredFilters {
  let state = emptyFilterState();
  for (const { key, values } of saved.scalar_type) state = withScalars(state, key, values);
  for (const { key, low_input, high_input } of saved.slider_type) {
    state = withRange(state, key, { low: low_input, high: high_input });
  }
  const boundaries: Boundaries = {};
  for (const { layer_group, polygons } of saved.boundary_type) {
    boundaries[layer_group] = [...(boundaries[layer_group] ?? []), ...polygons];
  }
  return { state, layerGroup: saved.active_pipe_layer_group, boundaries };
}
