// Valve isolation segments (spec 000 §3 VIS record): drawn like pipes, one line per segment, coloured by the view.
import { PIPE_BUFFER } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { networkLine } from './pipes.layers.ts';
import { TILE_MIN_ZOOM } from './tiles.ts';

export const DEFAULT_VIS_COLOR = '#5c6bc0';

const VIS_LINE_LAYER = networkLine('vis', DEFAULT_VIS_COLOR);

export const VIS_LAYERS: MapLayerSet = {
  name: 'vis',
  placement: 'default',
  minzoom: TILE_MIN_ZOOM,
  buffer: PIPE_BUFFER,
  colorTargets: [{ layerId: VIS_LINE_LAYER.id, property: 'line-color' }],
  layers: [VIS_LINE_LAYER],
};
