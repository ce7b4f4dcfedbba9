// Dynamic population tiers (spec 000 §9, MAP-TIER-09: "8 by default, rounding by digit count, at most 16").
//
// The spec is ambiguous next to MAP-TIER-08's 6 static bounds (50, 75, 100, 200, 400, 600). The reading a user
// expects, implemented here: the population view colours pipes by tiers computed from the dataset's own
// pop_{popYear} values, because fixed bounds 50…600 paint a dense city or a rural network in one colour. The static
// bounds (MAP-TIER-08) stay the fallback while the dataset's values are unknown, or when the data give fewer than
// 2 distinct bounds.
import { gradient, POPULATION_STOPS } from './palettes.ts';
import { rangeTiers } from './tiers.ts';
import type { Tier, ViewContext, ViewDefinition } from './types.ts';

/** MAP-TIER-08: the population view's static inner bounds, the fallback of the dynamic ones. */
export const STATIC_POPULATION_BOUNDS: readonly number[] = [50, 75, 100, 200, 400, 600];

/** MAP-TIER-09: the number of dynamic tiers, by default and at most. */
export const DYNAMIC_TIERS = { default: 8, max: 16 } as const;

/** The server sends the 0/16 … 16/16 quantiles (17 values): every tier count up to the maximum falls on one. */
export const POPULATION_QUANTILE_STEPS = DYNAMIC_TIERS.max;

/** Fewer distinct bounds than this and the static tiers are kept. */
const MIN_DYNAMIC_BOUNDS = 2;

/**
 * "Rounded by digit count": a bound keeps two digits, the step being set by how many digits its whole part has
 * (at least one). 1234 (4 digits) → step 100 → 1200; 43 → step 1 → 43; 7 and 0.37 (1 digit) → step 0.1 → 7 and
 * 0.4. Legend labels stay short and a bound never moves by more than 5 % of its own size (half a step).
 */
export function roundByDigits(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(1, Math.floor(Math.log10(Math.abs(value))) + 1);
  const exponent = digits - 2;
  // Dividing by a power of ten below 1 is exact where multiplying by 0.1 is not (0.30000000000000004).
  return exponent >= 0
    ? Math.round(value / 10 ** exponent) * 10 ** exponent
    : Math.round(value * 10 ** -exponent) / 10 ** -exponent;
}

/** The value at fraction `p` (0–1) of an ascending list of equally spaced quantiles, linearly interpolated. */
function quantileAt(quantiles: readonly number[], p: number): number {
  const position = p * (quantiles.length - 1);
  const below = Math.floor(position);
  const low = quantiles[below]!;
  const high = quantiles[Math.min(below + 1, quantiles.length - 1)]!;
  return low + (high - low) * (position - below);
}

/**
 * The inner bounds of `count` tiers (clamped to 2…16) from the value distribution (ascending quantiles at equal
 * steps, 0 % first and 100 % last): count − 1 bounds at equal quantile steps, each rounded by its digit count (or by
 * `round`: break rates below 1 need significant digits). Bounds that repeat or do not increase are dropped (many
 * equal values collapse tiers), and so are bounds not above the minimum (their first tier would be empty): the
 * result is strictly increasing, at most 15 bounds.
 */
export function dynamicTierBounds(
  quantiles: readonly number[],
  count: number = DYNAMIC_TIERS.default,
  round: (value: number) => number = roundByDigits,
): number[] {
  const values = quantiles.filter(Number.isFinite);
  if (values.length < 2) return [];
  const tiers = Math.min(DYNAMIC_TIERS.max, Math.max(2, Math.floor(count)));
  const min = values[0]!;
  const bounds: number[] = [];
  for (let i = 1; i < tiers; i++) {
    const bound = round(quantileAt(values, i / tiers));
    if (bound > min && bound > (bounds.at(-1) ?? -Infinity)) bounds.push(bound);
  }
  return bounds;
}

/** The population view's tiers for these inner bounds: the population palette spread over the tier count. */
export function populationTiers(bounds: readonly number[]): Tier[] {
  return rangeTiers(bounds, gradient(POPULATION_STOPS, bounds.length + 1));
}

/**
 * `view` with the tiers the context gives it: the population view gets dynamic tiers from the dataset's
 * quantiles for the current population year; every other view, or too little data, keeps its own.
 */
export function withDynamicTiers(
  view: ViewDefinition,
  ctx: Pick<ViewContext, 'populationQuantiles'>,
  count: number = DYNAMIC_TIERS.default,
): ViewDefinition {
  if (view.key !== 'population' || !ctx.populationQuantiles) return view;
  const bounds = dynamicTierBounds(ctx.populationQuantiles, count);
  if (bounds.length < MIN_DYNAMIC_BOUNDS) return view;
  return { ...view, tiers: populationTiers(bounds) };
}
