import { NO_DATA_COLOR, VIEW_DEFINITIONS } from '@pipewise/domain';
import type { CircleLayerSpecification, FillLayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { demoTownStyle, plainStyle } from './basemap.ts';
import { DEMO_BASEMAP_SOURCE, demoBlocksLayer, demoStreetsLayer } from './demo-basemap.layers.ts';
import { colorExpression } from './expressions.ts';
import { planLayers } from './layer-plan.ts';
import { expressionColors, legendLayers } from './legend-layers.ts';
import { OVERLAY_LAYERS } from './overlays.layers.ts';
import { POPULATION_OPACITY } from './population.layers.ts';

const tiles = (layer: string) => [`https://pw.test/api/tiles/1/1/${layer}/{z}/{x}/{y}.mvt`];
const legendOf = (overlays: string[], opts: { showPopulation?: boolean; style?: 'plain' | 'town' } = {}) =>
  legendLayers({
    plan: planLayers({ activeGroup: 'pipes', overlays, showPopulation: opts.showPopulation ?? false, tiles }),
    color: colorExpression(VIEW_DEFINITIONS.installYear, 'install_year'),
    populationColor: colorExpression(VIEW_DEFINITIONS.population, 'pop_2030'),
    style: opts.style === 'town' ? demoTownStyle('dark', false, 'https://pw.test/town') : plainStyle('light'),
  });

describe('legendLayers', () => {
  it('lists an overlay while it is on, and no longer once it is off', () => {
    expect(legendOf([]).map((l) => l.id)).toEqual(['pipes']);
    expect(legendOf(['hydrants', 'valves']).map((l) => l.id)).toEqual(['hydrants', 'valves', 'pipes']);
    expect(legendOf(['valves']).map((l) => l.id)).toEqual(['valves', 'pipes']);
  });

  it('draws an overlay’s symbol in the colours of its own layer', () => {
    const [valves] = legendOf(['valves']);
    const paint = (OVERLAY_LAYERS.valves.layers[0] as CircleLayerSpecification).paint!;
    expect(valves).toEqual({
      id: 'valves',
      role: 'overlay',
      symbol: {
        shape: 'circle',
        colors: [paint['circle-color']],
        opacity: 1,
        outline: paint['circle-stroke-color'],
        background: null,
      },
    });
    const [areas] = legendOf(['supply_areas']);
    const fill = OVERLAY_LAYERS.supply_areas.layers[0] as FillLayerSpecification;
    expect(areas!.symbol).toMatchObject({
      shape: 'fill',
      colors: [fill.paint!['fill-color']],
      opacity: fill.paint!['fill-opacity'],
    });
  });

  it('shows the active group in the view’s colours and the population as its ramp', () => {
    const legend = legendOf([], { showPopulation: true });
    expect(legend.map((l) => [l.id, l.role])).toEqual([
      ['pipes', 'group'],
      ['population', 'underlayer'],
    ]);
    const tierColors = VIEW_DEFINITIONS.installYear.tiers.map((t) => t.color);
    expect(legend[0]!.symbol).toMatchObject({ shape: 'line' });
    expect(new Set(legend[0]!.symbol.colors)).toEqual(new Set(tierColors.filter((c) => c !== NO_DATA_COLOR)));
    const ramp = VIEW_DEFINITIONS.population.tiers.map((t) => t.color);
    expect(legend[1]!.symbol).toMatchObject({ shape: 'fill', colors: ramp, opacity: POPULATION_OPACITY });
  });

  it('names the demo town’s own streets, as its style draws them, under everything', () => {
    expect(legendOf([]).some((l) => l.role === 'basemap')).toBe(false);
    const town = legendOf(['breaks'], { style: 'town' }).at(-1)!;
    expect(town).toEqual({
      id: DEMO_BASEMAP_SOURCE,
      role: 'basemap',
      symbol: {
        shape: 'fill',
        colors: [demoBlocksLayer('dark').paint!['fill-color']],
        opacity: demoBlocksLayer('dark').paint!['fill-opacity'],
        outline: demoStreetsLayer('dark').paint!['line-color'],
        background: '#0e1620',
      },
    });
  });
});

describe('expressionColors', () => {
  it('reads the output colours of step, match, case and interpolate, without the no-value grey', () => {
    expect(expressionColors('#123456')).toEqual(['#123456']);
    expect(
      expressionColors(['step', ['get', 'x'], NO_DATA_COLOR, 1, '#a', 2, NO_DATA_COLOR, 3, '#b']),
    ).toEqual(['#a', '#b']);
    expect(expressionColors(['match', ['get', 'x'], 1, '#a', 2, '#b', NO_DATA_COLOR])).toEqual(['#a', '#b']);
    expect(expressionColors(['case', ['has', 'x'], '#a', '#b'])).toEqual(['#a', '#b']);
    expect(expressionColors(['interpolate', ['linear'], ['get', 'x'], 0, '#a', 1, '#b'])).toEqual([
      '#a',
      '#b',
    ]);
    expect(expressionColors(NO_DATA_COLOR)).toEqual([NO_DATA_COLOR]);
  });
});
