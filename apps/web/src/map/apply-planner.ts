// Puts the planner's shapes and the pipe halo on the map (called only by MapView: one component applies the
// layers). The shapes sit above the data layers and below the boundary drawing; the halo just under the pipes.
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { DRAW_LAYER_PREFIX } from './apply-layers.ts';
import { PIPES_LINE_LAYER } from './pipes.layers.ts';
import {
  PIPE_HALO_LINE,
  PLANNER_SHAPE_LAYERS,
  PLANNER_SOURCE,
  PORTFOLIO_LINE,
  haloFilter,
  portfolioPaint,
  type PortfolioGroup,
} from './planner.layers.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function applyPlannerShapes(map: MapLibreMap, shapes: FeatureCollection | null): void {
  const source = map.getSource<GeoJSONSource>(PLANNER_SOURCE);
  if (!source && !shapes) return;
  try {
    if (source) void source.setData(shapes ?? EMPTY);
    else map.addSource(PLANNER_SOURCE, { type: 'geojson', data: shapes ?? EMPTY });
    const anchor = map.getLayersOrder().find((id) => id.startsWith(DRAW_LAYER_PREFIX));
    for (const layer of PLANNER_SHAPE_LAYERS) {
      if (!map.getLayer(layer.id)) map.addLayer(layer, anchor);
      else map.moveLayer(layer.id, anchor);
    }
  } catch (err) {
    console.warn('Showing the planner shapes failed', err);
  }
}

/** The halo under the given pipes; none (or no pipes source: another layer group is shown) takes it off. */
export function applyPipeHalo(map: MapLibreMap, ids: readonly number[] | null): void {
  const present = Boolean(map.getLayer(PIPE_HALO_LINE.id));
  if (!map.getSource('pipes') || !ids || ids.length === 0) {
    if (present) map.removeLayer(PIPE_HALO_LINE.id);
    return;
  }
  const below = map.getLayer(PIPES_LINE_LAYER.id) ? PIPES_LINE_LAYER.id : undefined;
  if (!present) map.addLayer(PIPE_HALO_LINE, below);
  else if (below) map.moveLayer(PIPE_HALO_LINE.id, below);
  map.setFilter(PIPE_HALO_LINE.id, haloFilter(ids));
}

/** The portfolio's pipes by status (issue 36); none (or no pipes source) takes the layer off. */
export function applyPortfolioPipes(map: MapLibreMap, groups: readonly PortfolioGroup[] | null): void {
  const present = Boolean(map.getLayer(PORTFOLIO_LINE.id));
  if (!map.getSource('pipes') || !groups || groups.every((g) => g.pipeIds.length === 0)) {
    if (present) map.removeLayer(PORTFOLIO_LINE.id);
    return;
  }
  const below = map.getLayer(PIPES_LINE_LAYER.id) ? PIPES_LINE_LAYER.id : undefined;
  if (!present) map.addLayer(PORTFOLIO_LINE, below);
  else if (below) map.moveLayer(PORTFOLIO_LINE.id, below);
  const paint = portfolioPaint(groups);
  map.setFilter(PORTFOLIO_LINE.id, paint.filter);
  map.setPaintProperty(PORTFOLIO_LINE.id, 'line-color', paint.color);
}
