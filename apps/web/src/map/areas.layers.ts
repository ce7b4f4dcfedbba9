// The aggregate area groups (mesh, district, custom zone): a fill coloured by the view at spec 000 §9 fill opacity
// 0.5, under an outline that thickens for the selected area.
import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { INFRASTRUCTURE_BUFFER, layerId, whenSelected } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { TILE_MIN_ZOOM } from './tiles.ts';

export const FILL_OPACITY = 0.5;
export const DEFAULT_AREA_COLOR = '#90a4ae';
const OUTLINE_COLOR = '#37474f';

export type AreaGroup = 'mesh' | 'district' | 'custom_zone';

export function areaFill(name: string, color: string, opacity: number): FillLayerSpecification {
  return {
    id: layerId(name, 'fill'),
    type: 'fill',
    source: name,
    'source-layer': name,
    paint: { 'fill-color': color, 'fill-opacity': opacity },
  };
}

export function areaOutline(name: string, color: string, width: number): LineLayerSpecification {
  return {
    id: layerId(name, 'line'),
    type: 'line',
    source: name,
    'source-layer': name,
    paint: { 'line-color': color, 'line-width': whenSelected(width * 3, width) },
  };
}

function areaLayers(name: AreaGroup): MapLayerSet {
  const fill = areaFill(name, DEFAULT_AREA_COLOR, FILL_OPACITY);
  return {
    name,
    placement: 'default',
    minzoom: TILE_MIN_ZOOM,
    buffer: INFRASTRUCTURE_BUFFER,
    colorTargets: [{ layerId: fill.id, property: 'fill-color' }],
    layers: [fill, areaOutline(name, OUTLINE_COLOR, 1)],
  };
}

export const MESH_LAYERS = areaLayers('mesh');
export const DISTRICT_LAYERS = areaLayers('district');
export const CUSTOM_ZONE_LAYERS = areaLayers('custom_zone');
