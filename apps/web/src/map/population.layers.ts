// Population regions under the network (spec 000 §9 population layer opacity 0.33, LAYER-19). The colour is the
// population control's expression when given (e.g. colorExpression of the population view on `pop_{year}`).
import { INFRASTRUCTURE_BUFFER } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { areaFill } from './areas.layers.ts';
import { TILE_MIN_ZOOM } from './tiles.ts';

export const POPULATION_OPACITY = 0.33;
export const DEFAULT_POPULATION_COLOR = '#ffb74d';

const POPULATION_FILL = areaFill('population', DEFAULT_POPULATION_COLOR, POPULATION_OPACITY);

export const POPULATION_LAYERS: MapLayerSet = {
  name: 'population',
  placement: 'underlayer',
  minzoom: TILE_MIN_ZOOM,
  buffer: INFRASTRUCTURE_BUFFER,
  colorTargets: [{ layerId: POPULATION_FILL.id, property: 'fill-color' }],
  layers: [POPULATION_FILL],
};
