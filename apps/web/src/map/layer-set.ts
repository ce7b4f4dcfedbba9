// The shape every *.layers.ts file exports (STYLE.md "map layers as data"): one vector source per MVT layer of the
// server (apps/server/src/modules/tiles/tile-layers.ts: the layer names and property names are the contract) and
// the style layers drawn from it.
import type { ExpressionSpecification, LayerSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { TILE_MAX_ZOOM } from './tiles.ts';

/**
 * Spec 000 §9 layer options. The placement decides the order on the map: population under everything, the
 * active layer group in the middle, the asset overlays on top.
 */
export const LAYER_PLACEMENTS = ['underlayer', 'default', 'overlayer'] as const;
export type LayerPlacement = (typeof LAYER_PLACEMENTS)[number];

/** Spec 000 §9 layer id suffixes: a layer's id is `${name}-${suffix}`. */
export const LAYER_SUFFIXES = ['line', 'circle', 'fill'] as const;
export type LayerSuffix = (typeof LAYER_SUFFIXES)[number];

/** Spec 000 §9 tile buffers (tile units). The server clips with them; listed here for the layer sets' records. */
export const PIPE_BUFFER = 128;
export const INFRASTRUCTURE_BUFFER = 512;

/** Paint properties a colour expression (view colour, population colour) can go to. */
export type ColorTarget =
  | { layerId: string; property: 'line-color' }
  | { layerId: string; property: 'fill-color' }
  | { layerId: string; property: 'circle-color' };

export interface MapLayerSet {
  /** The MVT layer name; also the source id and the prefix of the layer ids. */
  name: string;
  placement: LayerPlacement;
  /** The zoom the server starts serving the layer at (points are too dense below it). */
  minzoom: number;
  buffer: number;
  /** Where a colour expression is applied (the active view's colour; the population colour). */
  colorTargets: readonly ColorTarget[];
  /** The layers drawn, bottom to top. Their `source` and `source-layer` are `name`. */
  layers: readonly LayerSpecification[];
}

export const layerId = (name: string, suffix: LayerSuffix) => `${name}-${suffix}`;

/** LAYER-21: one tile URL template per mirror; MapLibre spreads the requests over them. */
export function vectorSource(set: MapLayerSet, tileUrls: readonly string[]): VectorSourceSpecification {
  return { type: 'vector', tiles: [...tileUrls], minzoom: set.minzoom, maxzoom: TILE_MAX_ZOOM };
}

/** Feature-state key the map sets on the selected feature (highlight width, outline). */
export const SELECTED_STATE = 'selected';
/** `selected ? whenSelected : otherwise`, read from the feature state. */
export const whenSelected = (selected: number, otherwise: number): ExpressionSpecification => [
  'case',
  ['boolean', ['feature-state', SELECTED_STATE], false],
  selected,
  otherwise,
];
