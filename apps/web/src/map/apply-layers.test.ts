import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { sameTiles, syncLayers } from './apply-layers.ts';
import { planLayers } from './layer-plan.ts';

/** Just what syncLayers reads of a map with the pipes source and its layers on it (MapLibre needs WebGL, jsdom
 * has none): sources and layers are kept, so a removal is seen by the next lookup. */
function mapWithPipes(tiles: string[]) {
  const sources = new Map<string, { tiles: string[] }>([['pipes', { tiles }]]);
  const layers = new Set(plan(tiles).flatMap((p) => p.set.layers.map((l) => l.id)));
  const map = {
    getSource: (id: string) => sources.get(id),
    getLayer: (id: string) => (layers.has(id) ? {} : undefined),
    removeLayer: vi.fn((id: string) => layers.delete(id)),
    removeSource: vi.fn((id: string) => sources.delete(id)),
    addSource: vi.fn((id: string, spec: { tiles: string[] }) => sources.set(id, { tiles: spec.tiles })),
    addLayer: vi.fn((layer: { id: string }) => layers.add(layer.id)),
    moveLayer: vi.fn(),
    getLayersOrder: () => [...layers],
  };
  return { map: map as unknown as MapLibreMap, calls: map, sources };
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

  it('leaves the source alone when its tiles are the same', () => {
    const same = mapWithPipes(['a', 'b', 'c']);
    syncLayers(same.map, plan(['a', 'b', 'c']));
    expect(same.calls.removeSource).not.toHaveBeenCalled();
    expect(same.calls.addSource).not.toHaveBeenCalled();
    expect(same.calls.removeLayer).not.toHaveBeenCalled();
  });

  it('replaces the source and its layers when a mirror was dropped or a new revision came', () => {
    for (const next of [['a'], ['a2', 'b2', 'c2']]) {
      const m = mapWithPipes(['a', 'b', 'c']);
      syncLayers(m.map, plan(next));
      expect(m.calls.removeSource).toHaveBeenCalledWith('pipes');
      expect(m.sources.get('pipes')?.tiles).toEqual(next);
      // The layers were taken off before the source (MapLibre refuses otherwise) and put back.
      expect(m.calls.removeLayer.mock.invocationCallOrder[0]).toBeLessThan(
        m.calls.removeSource.mock.invocationCallOrder[0]!,
      );
      expect(m.calls.addLayer).toHaveBeenCalled();
    }
  });
});
