// Puts the layer sets of a plan on the map and keeps their order, colours and selection. Called only by MapView
// (STYLE.md: one component applies the layers; nothing else touches the map object).
import type { ExpressionSpecification, Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { SELECTED_STATE, vectorSource } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { ALL_LAYER_SETS } from './layer-plan.ts';
import type { PlannedSet } from './layer-plan.ts';
import { SOURCE_RIDERS } from './planner.layers.ts';

/** terra-draw's MapLibre adapter names its layers `td-…`: the boundaries stay above the data layers. */
export const DRAW_LAYER_PREFIX = 'td-';

/** LAYER-21: a source's mirrors are compared as a list, so a mirror added or dropped also reloads its tiles. */
export const sameTiles = (current: readonly string[] | undefined, next: readonly string[]) =>
  current !== undefined && current.length === next.length && current.every((url, i) => url === next[i]);

/** Takes a set off the map: first its own layers and those riding on its source (the halo), then the source. */
function removeSet(map: MapLibreMap, set: MapLayerSet): void {
  const ids = [...set.layers.map((l) => l.id), ...(SOURCE_RIDERS[set.name] ?? [])];
  for (const id of ids) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(set.name)) map.removeSource(set.name);
}

/**
 * Adds what the plan wants, removes what it no longer does, then orders the layers bottom to top. A source whose
 * tile URLs changed (a new revision when an analysis completes, or a mirror added or dropped) is replaced, not
 * given setTiles: MapLibre keeps tiles of the old URLs when setTiles comes while they are still loading
 * (maplibre-gl-js#6251, open), which left the demo town grey after its first analysis, the map still drawing the
 * pre-analysis revision. The callers re-apply colour, filter, selection and halo after this.
 */
export function syncLayers(map: MapLibreMap, plan: readonly PlannedSet[]): void {
  const wanted = new Map(plan.map((p) => [p.set.name, p.urls]));
  for (const set of ALL_LAYER_SETS) {
    const urls = wanted.get(set.name);
    const source = map.getSource<VectorTileSource>(set.name);
    if (urls === undefined || (source && !sameTiles(source.tiles, urls))) removeSet(map, set);
  }
  for (const { set, urls } of plan) {
    try {
      if (!map.getSource(set.name)) map.addSource(set.name, vectorSource(set, urls));
      for (const layer of set.layers) if (!map.getLayer(layer.id)) map.addLayer(layer);
    } catch (err) {
      // A bad source must not take the basemap or the other layers down with it.
      console.warn(`Adding the ${set.name} layers failed`, err);
    }
  }
  const anchor = map.getLayersOrder().find((id) => id.startsWith(DRAW_LAYER_PREFIX));
  for (const { set } of plan) {
    for (const layer of set.layers) if (map.getLayer(layer.id)) map.moveLayer(layer.id, anchor);
  }
}

/** The set's colour targets take the expression, or their defaults (the layer definition's paint) when null. */
export function applyColor(
  map: MapLibreMap,
  set: MapLayerSet,
  color: ExpressionSpecification | string | null,
): void {
  for (const target of set.colorTargets) {
    if (!map.getLayer(target.layerId)) continue;
    const layer = set.layers.find((l) => l.id === target.layerId);
    const fallback = (layer?.paint as Record<string, string | undefined> | undefined)?.[target.property];
    map.setPaintProperty(target.layerId, target.property, color ?? fallback);
  }
}

/** Overlay layers take their filter (e.g. the chosen facility types), or none. */
export function applyOverlayFilters(
  map: MapLibreMap,
  plan: readonly PlannedSet[],
  filters: Readonly<Record<string, ExpressionSpecification | null>> | undefined,
): void {
  for (const { set } of plan) {
    if (set.placement !== 'overlayer') continue;
    const filter = filters?.[set.name] ?? null;
    for (const layer of set.layers) if (map.getLayer(layer.id)) map.setFilter(layer.id, filter);
  }
}

export interface SelectedFeature {
  source: string;
  id: number;
}

/** Moves the `selected` feature state (highlight width) from the previous feature to the next one. */
export function applySelection(
  map: MapLibreMap,
  previous: SelectedFeature | null,
  next: SelectedFeature | null,
): void {
  if (previous && map.getSource(previous.source)) {
    map.removeFeatureState(
      { source: previous.source, sourceLayer: previous.source, id: previous.id },
      SELECTED_STATE,
    );
  }
  if (next && map.getSource(next.source)) {
    map.setFeatureState(
      { source: next.source, sourceLayer: next.source, id: next.id },
      { [SELECTED_STATE]: true },
    );
  }
}
