// The pipes layer (STYLE.md "map layers as data"). Width from spec 000 §9 (pipe line width 4); colours by view
// come with the view definitions (issue 5) — until then one neutral water blue.
import type { LineLayerSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { TILE_MAX_ZOOM, TILE_MIN_ZOOM } from './tiles.ts';

export const PIPES_SOURCE_ID = 'pipes';
/** The MVT layer name the server writes (apps/server/src/modules/tiles/tile-layers.ts). */
export const PIPES_SOURCE_LAYER = 'pipes';

export function pipesSource(tileUrl: string): VectorSourceSpecification {
  return { type: 'vector', tiles: [tileUrl], minzoom: TILE_MIN_ZOOM, maxzoom: TILE_MAX_ZOOM };
}

export const PIPES_LINE_LAYER: LineLayerSpecification = {
  id: 'pipes-line',
  type: 'line',
  source: PIPES_SOURCE_ID,
  'source-layer': PIPES_SOURCE_LAYER,
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: {
    'line-color': '#1c8dc4',
    'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1, 16, 4],
  },
};
