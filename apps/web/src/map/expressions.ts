// Colour and filter expressions derived from the view definitions (ARCHITECTURE.md "Tiles and the map": colouring
// and filtering are MapLibre style expressions). Pure: the map applies them with setPaintProperty / setFilter.
import { LOF_RANK_OUT_OF_RANGE, NO_DATA_COLOR } from '@pipewise/domain';
import type { FilterState, ViewDefinition } from '@pipewise/domain';
import type { ExpressionSpecification } from 'maplibre-gl';

/** Features without a value for the view (or unscored, rank 333) are drawn in the domain palettes' grey. */
export { NO_DATA_COLOR };

/** A view applied to one layer group: the definition and the tile property it reads there. */
export interface ViewProperty {
  view: ViewDefinition;
  property: string;
}

const value = (property: string): ExpressionSpecification => ['get', property];
const missing = (property: string): ExpressionSpecification => ['==', value(property), null];

/** Tiers [low, high) as ascending `step` stops; gaps between tiers and values outside all tiers are no-data. */
function rangeColor(view: ViewDefinition, property: string): ExpressionSpecification | string {
  const tiers = view.tiers
    .filter((t) => t.low !== undefined || t.high !== undefined)
    .slice()
    .sort((a, b) => (a.low ?? -Infinity) - (b.low ?? -Infinity));
  if (tiers.length === 0) return NO_DATA_COLOR;
  const first = tiers[0];
  let base = NO_DATA_COLOR;
  const stops: [number, string][] = [];
  const push = (at: number, color: string) => {
    const last = stops[stops.length - 1];
    // Stops must rise strictly: a tier starting where the previous one ends replaces that end's no-data stop.
    if (last && last[0] === at) last[1] = color;
    else if (!last || at > last[0]) stops.push([at, color]);
  };
  for (const tier of tiers) {
    if (tier.low === undefined) {
      if (tier === first) base = tier.color;
    } else push(tier.low, tier.color);
    if (tier.high !== undefined) push(tier.high, NO_DATA_COLOR);
  }
  if (stops.length === 0) return base;
  return ['step', ['to-number', value(property)], base, ...stops.flat()] as ExpressionSpecification;
}

/** Scalar views: one colour per tier value (integers: category codes, levels, statuses). */
function scalarColor(view: ViewDefinition, property: string): ExpressionSpecification | string {
  const seen = new Set<number>();
  const branches: (number | string)[] = [];
  for (const tier of view.tiers) {
    if (tier.value === undefined || seen.has(tier.value)) continue;
    seen.add(tier.value);
    branches.push(tier.value, tier.color);
  }
  if (branches.length === 0) return NO_DATA_COLOR;
  return [
    'match',
    ['to-number', value(property)],
    ...branches,
    NO_DATA_COLOR,
  ] as unknown as ExpressionSpecification;
}

/** The rank views read percentiles where 333 means "not scored" (spec 000 §9 out-of-range LOF rank). */
const isRank = (view: ViewDefinition, property: string) =>
  view.unit === 'percentile' || property.startsWith('rank_');

/** The colour of each feature for a view: its tier's colour, or NO_DATA_COLOR without a (scored) value. */
export function colorExpression(view: ViewDefinition, property: string): ExpressionSpecification {
  const byTier = view.dataType === 'range' ? rangeColor(view, property) : scalarColor(view, property);
  const cases: ExpressionSpecification[] = [missing(property), ['literal', NO_DATA_COLOR]];
  if (isRank(view, property)) {
    cases.push(['==', value(property), LOF_RANK_OUT_OF_RANGE], ['literal', NO_DATA_COLOR]);
  }
  return [
    'case',
    ...cases,
    typeof byTier === 'string' ? ['literal', byTier] : byTier,
  ] as ExpressionSpecification;
}

/** Keeps features whose value lies in [low, high] (a null end is open); a bounded filter hides features without it. */
function rangeCondition(
  property: string,
  low: number | null,
  high: number | null,
): ExpressionSpecification[] {
  if (low === null && high === null) return [];
  const n: ExpressionSpecification = ['to-number', value(property)];
  const parts: ExpressionSpecification[] = [['!=', value(property), null]];
  if (low !== null) parts.push(['>=', n, low]);
  if (high !== null) parts.push(['<=', n, high]);
  return parts;
}

/**
 * The layer filter for the views being filtered, or null when nothing filters. Scalar selections keep features
 * whose value is selected (an empty selection hides every feature; a missing key selects everything).
 */
export function filterExpression(
  views: readonly ViewProperty[],
  state: FilterState,
): ExpressionSpecification | null {
  const conditions: ExpressionSpecification[] = [];
  for (const { view, property } of views) {
    const range = state.ranges[view.key];
    if (range) conditions.push(...rangeCondition(property, range.low, range.high));
    const selected = state.scalars[view.key];
    if (selected === undefined) continue;
    if (selected.length === 0) conditions.push(['boolean', false]);
    else conditions.push(['in', value(property), ['literal', [...selected]]]);
  }
  if (conditions.length === 0) return null;
  return ['all', ...conditions] as ExpressionSpecification;
}

/** A filter that hides every feature (LAYER-32: while the layer's data is not loaded yet). */
export const HIDE_ALL: ExpressionSpecification = ['boolean', false];
