// Asset overlays drawn over the active layer group (spec 000 §1: breaks, valves, hydrants, purification plants,
// reservoirs, drains, supply areas, other critical infrastructure). Points are served from zoom 10 (valves 12),
// like the server's tile layers, with the infrastructure buffer 512.
import type { CircleLayerSpecification } from 'maplibre-gl';
import { INFRASTRUCTURE_BUFFER, layerId } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { areaFill, areaOutline } from './areas.layers.ts';
import { TILE_MIN_ZOOM } from './tiles.ts';

/** The ring around a point overlay's dot, and its width in pixels: what sets the points apart from the pipes. */
const OVERLAY_RING = '#ffffff';
export const OVERLAY_RING_WIDTH = 2;

/**
 * The MVT point layers, each with its colour and the zoom the server serves it from. Issue 38: red breaks and
 * orange hydrants read as the LOF ramp's high risk. A point overlay is a badge now — a dot in a ring of white,
 * larger than a pipe is wide — in colours no risk ramp uses (LOF, COF, BRE, rank: green, yellow, orange, red):
 * near-black, blues, cyan, purple, slate, and white with a dark ring for critical infrastructure.
 */
const POINTS = {
  valves: { color: '#7b1fa2', stroke: OVERLAY_RING, minzoom: 12 },
  breaks: { color: '#212121', stroke: OVERLAY_RING, minzoom: 10 },
  hydrants: { color: '#1e88e5', stroke: OVERLAY_RING, minzoom: 10 },
  reservoirs: { color: '#283593', stroke: OVERLAY_RING, minzoom: 10 },
  purification_plants: { color: '#00acc1', stroke: OVERLAY_RING, minzoom: 10 },
  drains: { color: '#607d8b', stroke: OVERLAY_RING, minzoom: 10 },
  infrastructure: { color: '#ffffff', stroke: '#212121', minzoom: 10 },
} as const;
export type PointOverlay = keyof typeof POINTS;

export const OVERLAY_NAMES = [...(Object.keys(POINTS) as PointOverlay[]), 'supply_areas'] as const;
export type OverlayName = (typeof OVERLAY_NAMES)[number];

/** LAYER-18: hovering these shows a popup. */
export const POPUP_OVERLAYS: readonly OverlayName[] = ['breaks', 'valves'];

export const SUPPLY_AREA_FILL_OPACITY = 0.15;
const SUPPLY_AREA_COLOR = '#26a69a';

function pointCircle(name: PointOverlay): CircleLayerSpecification {
  return {
    id: layerId(name, 'circle'),
    type: 'circle',
    source: name,
    'source-layer': name,
    paint: {
      'circle-color': POINTS[name].color,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3.5, 16, 6.5],
      'circle-stroke-color': POINTS[name].stroke,
      'circle-stroke-width': OVERLAY_RING_WIDTH,
    },
  };
}

function pointLayers(name: PointOverlay): MapLayerSet {
  return {
    name,
    placement: 'overlayer',
    minzoom: POINTS[name].minzoom,
    buffer: INFRASTRUCTURE_BUFFER,
    colorTargets: [],
    layers: [pointCircle(name)],
  };
}

const SUPPLY_AREAS_LAYERS: MapLayerSet = {
  name: 'supply_areas',
  placement: 'overlayer',
  minzoom: TILE_MIN_ZOOM,
  buffer: INFRASTRUCTURE_BUFFER,
  colorTargets: [],
  layers: [
    areaFill('supply_areas', SUPPLY_AREA_COLOR, SUPPLY_AREA_FILL_OPACITY),
    areaOutline('supply_areas', SUPPLY_AREA_COLOR, 2),
  ],
};

export const OVERLAY_LAYERS: Readonly<Record<OverlayName, MapLayerSet>> = {
  valves: pointLayers('valves'),
  breaks: pointLayers('breaks'),
  hydrants: pointLayers('hydrants'),
  reservoirs: pointLayers('reservoirs'),
  purification_plants: pointLayers('purification_plants'),
  drains: pointLayers('drains'),
  infrastructure: pointLayers('infrastructure'),
  supply_areas: SUPPLY_AREAS_LAYERS,
};

export const isOverlayName = (name: string): name is OverlayName => name in OVERLAY_LAYERS;
