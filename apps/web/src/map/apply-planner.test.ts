import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { syncLayers } from './apply-layers.ts';
import { applyPipeHalo, applyPlannerShapes, applyPortfolioPipes } from './apply-planner.ts';
import { planLayers } from './layer-plan.ts';
import { vectorSource } from './layer-set.ts';
import { PIPES_LAYERS } from './pipes.layers.ts';
import {
  PIPE_HALO_LINE,
  PLANNER_SHAPE_LAYERS,
  PLANNER_SOURCE,
  PORTFOLIO_LINE,
  PORTFOLIO_STATUS_COLORS,
  haloFilter,
  portfolioPaint,
} from './planner.layers.ts';

/** A map that keeps its sources and layer order (MapLibre itself needs WebGL, jsdom has none). */
function fakeMap(sources: string[] = ['pipes'], layers: string[] = ['pipes-line', 'td-fill']) {
  const order = [...layers];
  const data = new Map<string, { setData: ReturnType<typeof vi.fn> }>(
    sources.map((s) => [s, { setData: vi.fn() }]),
  );
  const map = {
    getSource: (id: string) => data.get(id),
    addSource: vi.fn((id: string) => data.set(id, { setData: vi.fn() })),
    removeSource: vi.fn((id: string) => data.delete(id)),
    getLayer: (id: string) => (order.includes(id) ? { id } : undefined),
    addLayer: vi.fn((layer: { id: string }, before?: string) => {
      order.splice(before ? order.indexOf(before) : order.length, 0, layer.id);
    }),
    moveLayer: vi.fn((id: string, before?: string) => {
      order.splice(order.indexOf(id), 1);
      order.splice(before ? order.indexOf(before) : order.length, 0, id);
    }),
    removeLayer: vi.fn((id: string) => order.splice(order.indexOf(id), 1)),
    setFilter: vi.fn(),
    setPaintProperty: vi.fn(),
    getLayersOrder: () => [...order],
  };
  return { map: map as unknown as MapLibreMap, order, data, fake: map };
}

const shapes = { type: 'FeatureCollection' as const, features: [] };

describe('the planner on the map', () => {
  it('are valid MapLibre layers', () => {
    const style: StyleSpecification = {
      version: 8,
      sources: {
        pipes: vectorSource(PIPES_LAYERS, ['http://x.test/pipes/{z}/{x}/{y}.mvt']),
        [PLANNER_SOURCE]: { type: 'geojson', data: shapes },
      },
      layers: [
        ...PIPES_LAYERS.layers,
        PIPE_HALO_LINE,
        {
          ...PORTFOLIO_LINE,
          ...portfolioPaint([
            { status: 0, pipeIds: [1, 2] },
            { status: 4, pipeIds: [3] },
          ]),
        } as never,
        ...PLANNER_SHAPE_LAYERS,
      ],
    };
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('puts the shapes above the data and below the boundary drawing, and updates them in place', () => {
    const { map, order, data } = fakeMap();
    applyPlannerShapes(map, null);
    expect(data.has(PLANNER_SOURCE)).toBe(false);
    applyPlannerShapes(map, shapes);
    expect(order).toEqual(['pipes-line', ...PLANNER_SHAPE_LAYERS.map((l) => l.id), 'td-fill']);
    applyPlannerShapes(map, null);
    expect(data.get(PLANNER_SOURCE)?.setData).toHaveBeenCalledWith({
      type: 'FeatureCollection',
      features: [],
    });
  });

  it('draws the halo under the pipes for the given ids, and takes it off for none', () => {
    const { map, order, fake } = fakeMap();
    applyPipeHalo(map, [3, 4]);
    expect(order).toEqual([PIPE_HALO_LINE.id, 'pipes-line', 'td-fill']);
    expect(fake.setFilter).toHaveBeenCalledWith(PIPE_HALO_LINE.id, haloFilter([3, 4]));
    applyPipeHalo(map, []);
    expect(order).toEqual(['pipes-line', 'td-fill']);
  });

  it('shows no halo without the pipes source, and takes it off with that source', () => {
    const none = fakeMap([], []);
    applyPipeHalo(none.map, [3]);
    expect(none.fake.addLayer).not.toHaveBeenCalled();

    const { map, order, fake } = fakeMap();
    applyPipeHalo(map, [3]);
    syncLayers(
      map,
      planLayers({ activeGroup: 'vis', overlays: [], showPopulation: false, tiles: () => null }),
    );
    expect(fake.removeLayer).toHaveBeenCalledWith(PIPE_HALO_LINE.id);
    expect(fake.removeSource).toHaveBeenCalledWith('pipes');
    expect(order).not.toContain(PIPE_HALO_LINE.id);
  });

  it('colours the portfolio’s pipes by status under the pipes, and takes them off with the pipes source', () => {
    const { map, order, fake } = fakeMap();
    applyPortfolioPipes(map, [
      { status: 0, pipeIds: [1, 2] },
      { status: 1, pipeIds: [] },
      { status: 4, pipeIds: [3] },
    ]);
    expect(order).toEqual([PORTFOLIO_LINE.id, 'pipes-line', 'td-fill']);
    expect(fake.setFilter).toHaveBeenCalledWith(PORTFOLIO_LINE.id, haloFilter([1, 2, 3]));
    expect(fake.setPaintProperty).toHaveBeenCalledWith(PORTFOLIO_LINE.id, 'line-color', [
      'match',
      ['id'],
      [1, 2],
      PORTFOLIO_STATUS_COLORS[0],
      [3],
      PORTFOLIO_STATUS_COLORS[4],
      PORTFOLIO_STATUS_COLORS[0],
    ]);
    syncLayers(
      map,
      planLayers({ activeGroup: 'vis', overlays: [], showPopulation: false, tiles: () => null }),
    );
    expect(order).not.toContain(PORTFOLIO_LINE.id);
    applyPortfolioPipes(map, null);
    expect(fake.addLayer).toHaveBeenCalledTimes(1);
  });
});
