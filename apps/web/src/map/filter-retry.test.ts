import { DELAYS } from '@pipewise/domain';
import type { ExpressionSpecification } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESH_LAYERS } from './areas.layers.ts';
import { HIDE_ALL } from './expressions.ts';
import { createFilterApplier } from './filter-retry.ts';
import type { FilterTarget } from './filter-retry.ts';

/** A map with the mesh layers on it whose source loads when the test says so. */
function fakeMap() {
  const filters = new Map<string, ExpressionSpecification | null>();
  const state = { loaded: false };
  const map: FilterTarget = {
    getSource: (id) => (id === 'mesh' ? {} : undefined),
    getLayer: (id) => (id.startsWith('mesh-') ? {} : undefined),
    isSourceLoaded: () => state.loaded,
    setFilter: (id, f) => filters.set(id, f),
  };
  return { map, filters, state };
}

const FILTER: ExpressionSpecification = ['>=', ['get', 'lof_12'], 0.5];

describe('filtering before the data has loaded (LAYER-32)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides every feature, then retries after 3300 ms', () => {
    const { map, filters, state } = fakeMap();
    createFilterApplier(map).apply(MESH_LAYERS, FILTER);
    expect(filters.get('mesh-fill')).toEqual(HIDE_ALL);
    expect(filters.get('mesh-line')).toEqual(HIDE_ALL);
    vi.advanceTimersByTime(DELAYS.retryMs - 1);
    state.loaded = true;
    expect(filters.get('mesh-fill')).toEqual(HIDE_ALL);
    vi.advanceTimersByTime(1);
    expect(DELAYS.retryMs).toBe(3300);
    expect(filters.get('mesh-fill')).toEqual(FILTER);
    expect(filters.get('mesh-line')).toEqual(FILTER);
  });

  it('keeps retrying while the data is still loading', () => {
    const { map, filters, state } = fakeMap();
    createFilterApplier(map).apply(MESH_LAYERS, FILTER);
    vi.advanceTimersByTime(DELAYS.retryMs);
    expect(filters.get('mesh-fill')).toEqual(HIDE_ALL);
    state.loaded = true;
    vi.advanceTimersByTime(DELAYS.retryMs);
    expect(filters.get('mesh-fill')).toEqual(FILTER);
  });

  it('applies at once when the source reports it has loaded, and only the latest filter', () => {
    const { map, filters, state } = fakeMap();
    const applier = createFilterApplier(map);
    applier.apply(MESH_LAYERS, ['==', 1, 1]);
    applier.apply(MESH_LAYERS, FILTER);
    state.loaded = true;
    applier.sourceLoaded('pipes');
    expect(filters.get('mesh-fill')).toEqual(HIDE_ALL);
    expect(applier.isPending()).toBe(true);
    applier.sourceLoaded('mesh');
    expect(filters.get('mesh-fill')).toEqual(FILTER);
    // The map counts as settled (MapView's data-settled) only once no filter waits.
    expect(applier.isPending()).toBe(false);
  });

  it('applies loaded data and clearing the filter at once', () => {
    const { map, filters, state } = fakeMap();
    const applier = createFilterApplier(map);
    applier.apply(MESH_LAYERS, null);
    expect(filters.get('mesh-fill')).toBeNull();
    expect(applier.isPending()).toBe(false);
    state.loaded = true;
    applier.apply(MESH_LAYERS, FILTER);
    expect(filters.get('mesh-fill')).toEqual(FILTER);
  });

  it('stops retrying when disposed', () => {
    const { map, filters, state } = fakeMap();
    const applier = createFilterApplier(map);
    applier.apply(MESH_LAYERS, FILTER);
    applier.dispose();
    state.loaded = true;
    vi.advanceTimersByTime(DELAYS.retryMs * 2);
    expect(filters.get('mesh-fill')).toEqual(HIDE_ALL);
  });
});
