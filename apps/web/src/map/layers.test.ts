import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { CUSTOM_ZONE_LAYERS, DISTRICT_LAYERS, FILL_OPACITY, MESH_LAYERS } from './areas.layers.ts';
import { colorExpression } from './expressions.ts';
import { ALL_LAYER_SETS, GROUP_LAYERS, planKey, planLayers } from './layer-plan.ts';
import {
  INFRASTRUCTURE_BUFFER,
  LAYER_PLACEMENTS,
  LAYER_SUFFIXES,
  PIPE_BUFFER,
  vectorSource,
} from './layer-set.ts';
import { OVERLAY_LAYERS, OVERLAY_NAMES, POPUP_OVERLAYS } from './overlays.layers.ts';
import { PIPE_HIGHLIGHT_WIDTH, PIPE_LINE_WIDTH, PIPES_LAYERS } from './pipes.layers.ts';
import { POPULATION_LAYERS, POPULATION_OPACITY } from './population.layers.ts';
import { VIS_LAYERS } from './vis.layers.ts';

/** The MVT layer names the server writes (apps/server/src/modules/tiles/tile-layers.ts TILE_LAYERS). */
const SERVER_LAYERS = [
  'pipes',
  'vis',
  'valves',
  'breaks',
  'hydrants',
  'reservoirs',
  'purification_plants',
  'drains',
  'infrastructure',
  'supply_areas',
  'district',
  'mesh',
  'custom_zone',
  'population',
];

const paint = (layer: LayerSpecification | undefined) => (layer as { paint?: Record<string, unknown> }).paint;

function styleOf(sets = ALL_LAYER_SETS): StyleSpecification {
  return {
    version: 8,
    sources: Object.fromEntries(
      sets.map((s) => [s.name, vectorSource(s, [`http://x.test/${s.name}/{z}/{x}/{y}.mvt`])]),
    ),
    layers: sets.flatMap((s) => [...s.layers]),
  };
}

describe('layer definitions', () => {
  it('cover every MVT layer of the server, each reading its own source layer', () => {
    expect(ALL_LAYER_SETS.map((s) => s.name).sort()).toEqual([...SERVER_LAYERS].sort());
    for (const set of ALL_LAYER_SETS) {
      for (const layer of set.layers) {
        expect(layer).toMatchObject({ source: set.name, 'source-layer': set.name });
      }
    }
  });

  it('are a valid MapLibre style, also with view colours applied', () => {
    expect(validateStyleMin(styleOf())).toEqual([]);
    const colored = {
      ...PIPES_LAYERS,
      layers: PIPES_LAYERS.layers.map((l) => ({
        ...l,
        paint: { ...paint(l), 'line-color': colorExpression(RANK_VIEW, 'rank_12') },
      })),
    } as typeof PIPES_LAYERS;
    expect(validateStyleMin(styleOf([colored]))).toEqual([]);
  });

  it('name layers `${name}-line|circle|fill` (LAYER-26) with placements underlayer/default/overlayer (LAYER-27)', () => {
    expect(LAYER_SUFFIXES).toEqual(['line', 'circle', 'fill']);
    expect(LAYER_PLACEMENTS).toEqual(['underlayer', 'default', 'overlayer']);
    for (const set of ALL_LAYER_SETS) {
      for (const layer of set.layers)
        expect(layer.id).toMatch(new RegExp(`^${set.name}-(line|circle|fill)$`));
    }
    expect(POPULATION_LAYERS.placement).toBe('underlayer');
    for (const set of Object.values(GROUP_LAYERS)) expect(set.placement).toBe('default');
    for (const name of OVERLAY_NAMES) expect(OVERLAY_LAYERS[name].placement).toBe('overlayer');
  });

  it('draw pipes 4 wide, 12 when selected (LAYER-24)', () => {
    expect([PIPE_LINE_WIDTH, PIPE_HIGHLIGHT_WIDTH]).toEqual([4, 12]);
    for (const set of [PIPES_LAYERS, VIS_LAYERS]) {
      expect(paint(set.layers[0])?.['line-width']).toEqual([
        'case',
        ['boolean', ['feature-state', 'selected'], false],
        12,
        4,
      ]);
    }
  });

  it('fill areas at opacity 0.5 (LAYER-25) and population at 0.33 (LAYER-19)', () => {
    expect(FILL_OPACITY).toBe(0.5);
    for (const set of [MESH_LAYERS, DISTRICT_LAYERS, CUSTOM_ZONE_LAYERS]) {
      expect(set.layers.map((l) => l.type)).toEqual(['fill', 'line']);
      expect(paint(set.layers[0])?.['fill-opacity']).toBe(0.5);
    }
    expect(POPULATION_OPACITY).toBe(0.33);
    expect(paint(POPULATION_LAYERS.layers[0])?.['fill-opacity']).toBe(0.33);
  });

  it('keep the tile zooms and buffers of spec 000 §9 (LAYER-22/23)', () => {
    expect([PIPE_BUFFER, INFRASTRUCTURE_BUFFER]).toEqual([128, 512]);
    expect([PIPES_LAYERS.buffer, VIS_LAYERS.buffer]).toEqual([128, 128]);
    for (const name of OVERLAY_NAMES) expect(OVERLAY_LAYERS[name].buffer).toBe(512);
    expect(vectorSource(PIPES_LAYERS, ['u'])).toMatchObject({ minzoom: 3, maxzoom: 16 });
    expect(vectorSource(OVERLAY_LAYERS.valves, ['u'])).toMatchObject({ minzoom: 12, maxzoom: 16 });
  });

  it('show hover popups on breaks and valves (LAYER-18)', () => {
    expect([...POPUP_OVERLAYS].sort()).toEqual(['breaks', 'valves']);
    for (const name of POPUP_OVERLAYS) expect(OVERLAY_LAYERS[name].layers[0]?.type).toBe('circle');
  });
});

describe('planLayers', () => {
  const tiles = (layer: string) => (layer === 'hydrants' ? null : [`u/${layer}`]);

  it('orders population under the active group under the overlays, leaving out layers without tiles', () => {
    const plan = planLayers({
      activeGroup: 'mesh',
      overlays: ['breaks', 'hydrants', 'valves', 'unknown'],
      showPopulation: true,
      tiles,
    });
    expect(plan.map((p) => p.set.name)).toEqual(['population', 'mesh', 'valves', 'breaks']);
    expect(plan[1]?.urls).toEqual(['u/mesh']);
  });

  it('shows only the active group by default, and its key changes with names and URLs', () => {
    const plan = planLayers({ activeGroup: 'pipes', overlays: [], showPopulation: false, tiles });
    expect(plan.map((p) => p.set.name)).toEqual(['pipes']);
    expect(planKey(plan)).toBe('pipes=u/pipes');
    expect(
      planLayers({ activeGroup: 'pipes', overlays: [], showPopulation: false, tiles: () => null }),
    ).toEqual([]);
    expect(
      planLayers({ activeGroup: 'pipes', overlays: [], showPopulation: false, tiles: () => [] }),
    ).toEqual([]);
  });

  it('carries every mirror of a layer, and its key changes with them (LAYER-21)', () => {
    const mirrored = (layer: string) => [`a/${layer}`, `b/${layer}`, `c/${layer}`];
    const plan = planLayers({ activeGroup: 'pipes', overlays: [], showPopulation: false, tiles: mirrored });
    expect(plan[0]?.urls).toEqual(['a/pipes', 'b/pipes', 'c/pipes']);
    expect(planKey(plan)).toBe('pipes=a/pipes,b/pipes,c/pipes');
  });
});

const RANK_VIEW = {
  key: 'rank',
  alias: 'percentile',
  titleKey: 't',
  icon: 'i',
  uiType: 'slider',
  dataType: 'range',
  unit: 'percentile',
  properties: { pipes: 'rank_{lofMonths}' },
  tiers: [{ id: 'a', low: 0, high: 3, color: '#ff0000' }],
  productionReady: true,
  menu: true,
  menuGroup: 'lof',
  subscriptions: [],
  usesLofMonths: true,
  usesPopYear: false,
} as const satisfies Parameters<typeof colorExpression>[0];
