// LAYER-32 (spec 000 §4, §9): while a layer's data is not loaded yet, filtering hides all of its features and is
// retried after DELAYS.retryMs. It is also applied as soon as the source reports it has loaded, so a filter given
// with the first tiles does not leave the map blank for 3.3 s.
import { DELAYS } from '@pipewise/domain';
import type { ExpressionSpecification } from 'maplibre-gl';
import { HIDE_ALL } from './expressions.ts';
import type { MapLayerSet } from './layer-set.ts';

/** The part of the map this needs (the MapLibre map satisfies it; tests pass a fake). */
export interface FilterTarget {
  getSource(id: string): unknown;
  getLayer(id: string): unknown;
  isSourceLoaded(id: string): boolean;
  setFilter(layerId: string, filter: ExpressionSpecification | null): unknown;
}

export interface FilterApplier {
  apply(set: MapLayerSet, filter: ExpressionSpecification | null): void;
  /** Called on the map's `sourcedata` events: a pending filter applies once its source has loaded. */
  sourceLoaded(sourceId: string): void;
  /** A filter is waiting for its source to load (the layer is hidden meanwhile). */
  isPending(): boolean;
  dispose(): void;
}

export function createFilterApplier(map: FilterTarget, retryMs: number = DELAYS.retryMs): FilterApplier {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { set: MapLayerSet; filter: ExpressionSpecification } | null = null;

  const setAll = (set: MapLayerSet, filter: ExpressionSpecification | null) => {
    for (const layer of set.layers) if (map.getLayer(layer.id)) map.setFilter(layer.id, filter);
  };
  const run = (set: MapLayerSet, filter: ExpressionSpecification | null) => {
    clearTimeout(timer);
    pending = null;
    if (!map.getSource(set.name)) return;
    if (filter === null || map.isSourceLoaded(set.name)) {
      setAll(set, filter);
      return;
    }
    setAll(set, HIDE_ALL);
    pending = { set, filter };
    timer = setTimeout(() => run(set, filter), retryMs);
  };

  return {
    apply: run,
    sourceLoaded(sourceId) {
      if (pending && pending.set.name === sourceId && map.isSourceLoaded(sourceId))
        run(pending.set, pending.filter);
    },
    isPending: () => pending !== null,
    dispose() {
      clearTimeout(timer);
      pending = null;
    },
  };
}
