// The breakRate view's tiers (issue 15): mesh cells, districts and custom zones coloured by their expected breaks per
// length and year. Their combined LOF, 1 − Π(1 − lof), reads 100 % for any area of a few hundred pipes, so it could
// not tell areas apart; a rate per length does, and compares a small cell with a large district.
//
// Class breaks: quantiles of this analysis' areas of the layer (tile-properties' break_rate_quantiles), five tiers,
// so each colour holds about a fifth of the areas whatever the network's level of breaks — the question a user asks
// of the map is "which areas are worse than the others". Fixed classes (per-pipe rates, industry benchmarks) would
// paint a calibrated network with few breaks, or a hot one, in one or two colours. The fixed classes stay the fallback
// while the quantiles are unknown or give fewer than two bounds: 5, 10, 20 and 40 breaks per 100 km and year (0.1,
// 0.2, 0.4, 0.8 per mile), the range water-main break surveys report from good to poor networks.
//
// Bounds are computed and rounded in the user's unit (per km, or per mile), so the legend reads round numbers; the
// tiles carry per km, so an imperial tier's low/high are its per-mile bounds divided back for the colour expression.
import { KM_PER_MILE, type UnitSystem } from '../format/units.ts';
import { BREAK_RATE_STOPS, gradient } from './palettes.ts';
import { dynamicTierBounds } from './population-tiers.ts';
import { rangeTiers } from './tiers.ts';
import type { Tier, ViewContext, ViewDefinition } from './types.ts';

/** Five classes: with a dozen districts each still holds two or three. */
export const BREAK_RATE_TIERS = 5;

/** The fallback inner bounds, per km (metric) and per mile (imperial) and year. */
export const STATIC_BREAK_RATE_BOUNDS: Readonly<Record<UnitSystem, readonly number[]>> = {
  metric: [0.05, 0.1, 0.2, 0.4],
  imperial: [0.1, 0.2, 0.4, 0.8],
};

/** Two significant digits: 0.0437 → 0.044, 0.1234 → 0.12, 1.234 → 1.2 (rates are mostly below 1). */
export function roundToTwoDigits(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const places = 1 - Math.floor(Math.log10(Math.abs(value)));
  return places >= 0
    ? Math.round(value * 10 ** places) / 10 ** places
    : Math.round(value / 10 ** -places) * 10 ** -places;
}

/** Tiles carry per km; a user's unit is km or mile. */
const perUnit = (unitSystem: UnitSystem) => (unitSystem === 'imperial' ? KM_PER_MILE : 1);

/**
 * The tiers for the user's units from the layer's quantiles (per km, ascending), or the static ones without them.
 * Imperial tiers keep their per-mile bounds as imperialLow/High for the labels.
 */
export function breakRateTiers(unitSystem: UnitSystem, quantilesPerKm?: readonly number[] | null): Tier[] {
  const factor = perUnit(unitSystem);
  const dynamic = quantilesPerKm
    ? dynamicTierBounds(
        quantilesPerKm.map((q) => q * factor),
        BREAK_RATE_TIERS,
        roundToTwoDigits,
      )
    : [];
  const bounds = dynamic.length >= 2 ? dynamic : STATIC_BREAK_RATE_BOUNDS[unitSystem];
  const colors = gradient(BREAK_RATE_STOPS, bounds.length + 1);
  if (unitSystem === 'metric') return rangeTiers(bounds, colors);
  return rangeTiers(
    bounds.map((b) => b / factor),
    colors,
    { imperialBounds: bounds },
  );
}

/** `view` in the user's units: the breakRate view gets its title and tiers per km or per mile; others are kept. */
export function withBreakRateTiers(
  view: ViewDefinition,
  ctx: Pick<ViewContext, 'unitSystem' | 'breakRateQuantiles'>,
): ViewDefinition {
  if (view.key !== 'breakRate') return view;
  const unitSystem = ctx.unitSystem ?? 'metric';
  return {
    ...view,
    titleKey: unitSystem === 'imperial' ? 'views.breakRate.titleImperial' : view.titleKey,
    tiers: breakRateTiers(unitSystem, ctx.breakRateQuantiles),
  };
}
