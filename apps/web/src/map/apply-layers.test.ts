import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { sameTiles, syncLayers } from './apply-layers.ts';
import { planLayers } from './layer-plan.ts';

/** Just what syncLayers reads of a map with the pipes source already on it (MapLibre needs WebGL, jsdom has none). */
function mapWithPipes(tiles: string[]) {
  const source = { tiles, setTiles: vi.fn() };
  const map = {
    getSource: (id: string) => (id === 'pipes' ? source : undefined),
    getLayer: () => ({}),
    removeLayer: vi.fn(),
    removeSource: vi.fn(),
    addSource: vi.fn(),
    addLayer: vi.fn(),
    moveLayer: vi.fn(),
    getLayersOrder: () => [],
  };
  return { map: map as unknown as MapLibreMap, source };
}

const plan = (urls: string[]) =>
  planLayers({ activeGroup: 'pipes', overlays: [], showPopulation: false, tiles: () => urls });

describe('syncLayers and the tile mirrors (LAYER-21)', () => {
  it('compares tile lists by content and order', () => {
    expect(sameTiles(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTiles(['a', 'b'], ['a'])).toBe(false);
    expect(sameTiles(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTiles(undefined, ['a'])).toBe(false);
  });

  it('sets new tiles only when a mirror was added, dropped or changed', () => {
    const same = mapWithPipes(['a', 'b', 'c']);
    syncLayers(same.map, plan(['a', 'b', 'c']));
    expect(same.source.setTiles).not.toHaveBeenCalled();
    const fewer = mapWithPipes(['a', 'b', 'c']);
    syncLayers(fewer.map, plan(['a']));
    expect(fewer.source.setTiles).toHaveBeenCalledWith(['a']);
  });
});
