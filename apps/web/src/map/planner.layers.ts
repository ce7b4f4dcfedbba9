// The job planner's shapes on the map (STYLE.md "map layers as data"): project areas and plan proposals from one
// GeoJSON source the planner builds (features with a `kind` and a `selected` flag), and a halo under the pipes a
// project, a proposal or the pipe finder names, drawn from the pipes tiles by feature id.
import type { ExpressionSpecification, FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { PIPE_HIGHLIGHT_WIDTH } from './pipes.layers.ts';

export const PLANNER_SOURCE = 'planner-shapes';

/** The `kind` property of the planner's GeoJSON features. */
export const PLANNER_SHAPE_KINDS = ['projectArea', 'proposal'] as const;
export type PlannerShapeKind = (typeof PLANNER_SHAPE_KINDS)[number];

// Off the views' palettes (red–amber–yellow–green risk tiers, blues and browns): indigo areas, purple proposals,
// magenta for the chosen one, a cyan halo.
const AREA_COLOR = '#3949ab';
const PROPOSAL_COLOR = '#8e24aa';
const SELECTED_COLOR = '#d500f9';
export const PIPE_HALO_COLOR = '#00e5ff';

const isKind = (kind: PlannerShapeKind): ExpressionSpecification => ['==', ['get', 'kind'], kind];
const ifSelected = <T extends string | number>(selected: T, otherwise: T): ExpressionSpecification => [
  'case',
  ['boolean', ['get', 'selected'], false],
  selected,
  otherwise,
];

export const PLANNER_AREA_FILL: FillLayerSpecification = {
  id: 'planner-area-fill',
  type: 'fill',
  source: PLANNER_SOURCE,
  filter: isKind('projectArea'),
  paint: { 'fill-color': ifSelected(SELECTED_COLOR, AREA_COLOR), 'fill-opacity': 0.12 },
};

export const PLANNER_AREA_LINE: LineLayerSpecification = {
  id: 'planner-area-line',
  type: 'line',
  source: PLANNER_SOURCE,
  filter: isKind('projectArea'),
  paint: {
    'line-color': ifSelected(SELECTED_COLOR, AREA_COLOR),
    'line-width': ifSelected(3, 1.5),
    'line-dasharray': [2, 1],
  },
};

export const PLANNER_PROPOSAL_LINE: LineLayerSpecification = {
  id: 'planner-proposal-line',
  type: 'line',
  source: PLANNER_SOURCE,
  filter: isKind('proposal'),
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: {
    'line-color': ifSelected(SELECTED_COLOR, PROPOSAL_COLOR),
    'line-width': ifSelected(8, 5),
    'line-opacity': 0.85,
  },
};

/** Bottom to top; all above the data layers and below the boundary drawing. */
export const PLANNER_SHAPE_LAYERS = [PLANNER_AREA_FILL, PLANNER_AREA_LINE, PLANNER_PROPOSAL_LINE] as const;

/** A wide halo under the pipe line (spec 000 §9 highlight width), so the pipe keeps its view colour on top. */
export const PIPE_HALO_LINE: LineLayerSpecification = {
  id: 'pipes-halo-line',
  type: 'line',
  source: 'pipes',
  'source-layer': 'pipes',
  filter: ['in', ['id'], ['literal', []]],
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: { 'line-color': PIPE_HALO_COLOR, 'line-width': PIPE_HIGHLIGHT_WIDTH, 'line-opacity': 0.9 },
};

/** The halo's filter: exactly these pipe ids. */
export const haloFilter = (ids: readonly number[]): ExpressionSpecification => [
  'in',
  ['id'],
  ['literal', [...ids]],
];

/** Layers drawn from another set's source: they go when that source goes (a layer group switch). */
export const SOURCE_RIDERS: Readonly<Record<string, readonly string[]>> = {
  pipes: [PIPE_HALO_LINE.id, 'pipes-portfolio-line'],
};

/**
 * The portfolio's pipes coloured by their project's status (issue 36), under the pipe line like the halo. Off the
 * risk palettes: blue in progress, amber inspecting, teal finished, brown delayed, grey closed.
 */
export const PORTFOLIO_STATUS_COLORS = ['#1e88e5', '#ffb300', '#00897b', '#6d4c41', '#9e9e9e'] as const;

export const PORTFOLIO_LINE: LineLayerSpecification = {
  id: 'pipes-portfolio-line',
  type: 'line',
  source: 'pipes',
  'source-layer': 'pipes',
  filter: ['in', ['id'], ['literal', []]],
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: {
    'line-color': PORTFOLIO_STATUS_COLORS[0],
    'line-width': PIPE_HIGHLIGHT_WIDTH,
    'line-opacity': 0.85,
  },
};

export interface PortfolioGroup {
  /** Index in PROJECT_STATES. */
  status: number;
  pipeIds: readonly number[];
}

/** Each group's pipes in its status colour (a match on the feature id; empty groups have no label). */
export function portfolioPaint(groups: readonly PortfolioGroup[]): {
  filter: ExpressionSpecification;
  color: ExpressionSpecification | string;
} {
  const present = groups.filter((g) => g.pipeIds.length > 0);
  const all = present.flatMap((g) => g.pipeIds);
  if (present.length === 0) return { filter: haloFilter([]), color: PORTFOLIO_STATUS_COLORS[0] };
  const labels = present.flatMap((g) => [
    [...g.pipeIds],
    PORTFOLIO_STATUS_COLORS[g.status] ?? PORTFOLIO_STATUS_COLORS[0],
  ]);
  return {
    filter: haloFilter(all),
    color: ['match', ['id'], ...labels, PORTFOLIO_STATUS_COLORS[0]] as unknown as ExpressionSpecification,
  };
}
