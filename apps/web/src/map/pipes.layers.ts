// The pipes layer (STYLE.md "map layers as data"). Spec 000 §9: pipe line width 4, highlight width 12 for the
// selected pipe (feature state set by the map), buffer 128. The colour is the active view's (expressions.ts); this
// is the colour before a view applies.
import type { LineLayerSpecification } from 'maplibre-gl';
import { PIPE_BUFFER, layerId, whenSelected } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { TILE_MIN_ZOOM } from './tiles.ts';

export const PIPE_LINE_WIDTH = 4;
export const PIPE_HIGHLIGHT_WIDTH = 12;
export const DEFAULT_PIPE_COLOR = '#1c8dc4';

/** Spec 000 §9 line, highlighted by the map's selection; shared by the VIS segments. */
export function networkLine(name: string, color: string): LineLayerSpecification {
  return {
    id: layerId(name, 'line'),
    type: 'line',
    source: name,
    'source-layer': name,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': color,
      'line-width': whenSelected(PIPE_HIGHLIGHT_WIDTH, PIPE_LINE_WIDTH),
    },
  };
}

export const PIPES_LINE_LAYER = networkLine('pipes', DEFAULT_PIPE_COLOR);

export const PIPES_LAYERS: MapLayerSet = {
  name: 'pipes',
  placement: 'default',
  minzoom: TILE_MIN_ZOOM,
  buffer: PIPE_BUFFER,
  colorTargets: [{ layerId: PIPES_LINE_LAYER.id, property: 'line-color' }],
  layers: [PIPES_LINE_LAYER],
};
