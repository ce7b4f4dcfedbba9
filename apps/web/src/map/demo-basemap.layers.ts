// The generated demo town's own streets and blocks (issue 15), drawn as the basemap of a synthetic dataset from one
// GeoJSON source (GET /api/datasets/{id}/demo-basemap; properties: packages/domain DemoBasemapProperties). Blocks are
// a faint tint of the background, streets lighter lines that widen with the zoom, arterials the widest: a town to
// orient by, quiet under the network drawn on top (whose pipes run along these very streets).
import type { DemoRoadType } from '@pipewise/domain';
import type {
  ExpressionSpecification,
  FillLayerSpecification,
  LineLayerSpecification,
  SourceSpecification,
} from 'maplibre-gl';
import type { MapTheme } from './basemap.ts';

export const DEMO_BASEMAP_SOURCE = 'demo-basemap';

interface Palette {
  block: string;
  blockOpacity: number;
  street: string;
}

/** A darker tint on the light backgrounds, a lighter one on the dark: it suits the demo users' warmer ones too. */
const PALETTES: Readonly<Record<MapTheme, Palette>> = {
  light: { block: '#51667c', blockOpacity: 0.12, street: '#ffffff' },
  dark: { block: '#a9bdd2', blockOpacity: 0.07, street: '#33414f' },
  terrain: { block: '#6d8c3e', blockOpacity: 0.12, street: '#fbf9f0' },
};

/**
 * Street width in pixels at zoom 12 and 16 (interpolated, exponential like road widths on basemaps). From about
 * zoom 14 a street is wider than the 4 px pipe laid along it, so the pipe runs inside its street as on a plan.
 */
const ROAD_WIDTH: Readonly<Record<DemoRoadType, readonly [number, number]>> = {
  arterial: [2.5, 28],
  collector: [1.5, 20],
  local: [1, 14],
};

const widthAt = (stop: 0 | 1): ExpressionSpecification => [
  'match',
  ['get', 'road'],
  'arterial',
  ROAD_WIDTH.arterial[stop],
  'collector',
  ROAD_WIDTH.collector[stop],
  ROAD_WIDTH.local[stop],
];

export function demoBasemapSource(url: string): SourceSpecification {
  return { type: 'geojson', data: url };
}

export function demoBlocksLayer(theme: MapTheme): FillLayerSpecification {
  const p = PALETTES[theme];
  return {
    id: `${DEMO_BASEMAP_SOURCE}-fill`,
    type: 'fill',
    source: DEMO_BASEMAP_SOURCE,
    filter: ['==', ['get', 'kind'], 'block'],
    paint: { 'fill-color': p.block, 'fill-opacity': p.blockOpacity },
  };
}

export function demoStreetsLayer(theme: MapTheme): LineLayerSpecification {
  return {
    id: `${DEMO_BASEMAP_SOURCE}-line`,
    type: 'line',
    source: DEMO_BASEMAP_SOURCE,
    filter: ['==', ['get', 'kind'], 'street'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': PALETTES[theme].street,
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, widthAt(0), 16, widthAt(1)],
    },
  };
}

/** Bottom to top: blocks, then streets. */
export const demoBasemapLayers = (theme: MapTheme) => [demoBlocksLayer(theme), demoStreetsLayer(theme)];
