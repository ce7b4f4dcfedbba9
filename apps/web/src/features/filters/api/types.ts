// The saved filter as the web sees it (keys camelCased by the api client) and the way back to the wire shape the
// domain helpers read. `key` values are view keys, not object keys, so the conversion leaves them alone.
import type { SavedFilter, SavedFilterFilters } from '@pipewise/domain';
import type { Camelize } from '../../../lib/case.ts';

export type SavedFilterView = Camelize<SavedFilter>;
export type SavedFilterFiltersView = Camelize<SavedFilterFilters>;

export const savedFiltersKey = (snapshotId: number) => ['saved-filters', snapshotId] as const;

/** The camelCased `filters` of a response → the wire shape (fromSavedFilters reads it). */
export function toWireFilters(filters: SavedFilterFiltersView): SavedFilterFilters {
  return {
    active_pipe_layer_group: filters.activePipeLayerGroup,
    scalar_type: filters.scalarType.map(({ key, values }) => ({ key, values })),
    slider_type: filters.sliderType.map(({ key, lowInput, highInput }) => ({
      key,
      low_input: lowInput,
      high_input: highInput,
    })),
    boundary_type: filters.boundaryType.map(({ layerGroup, polygons }) => ({
      layer_group: layerGroup,
      polygons,
    })),
  };
}
