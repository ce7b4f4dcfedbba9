// Tier colours of the map views (spec 000 §9: "risk colour ramp has 8 colours; tier colour palette per view
// exists") and the gradient helper of spec 000 §5 ("colour gradients need at least two valid colours, otherwise an
// error ('Invalid color' for a bad colour)"). culori/fn with only the RGB mode keeps the web bundle small.
import { formatHex, interpolate, modeRgb, parse, useMode } from 'culori/fn';

useMode(modeRgb);

/** Interpolates `steps` hex colours evenly from the first to the last of `colors` (MAP-TIER-25/26). */
export function gradient(colors: readonly string[], steps: number): string[] {
  const parsed = colors.map((c) => {
    const color = parse(c);
    if (!color) throw new Error('Invalid color');
    return color;
  });
  if (parsed.length < 2) throw new Error('A gradient needs at least two colors');
  if (!Number.isInteger(steps) || steps < 1)
    throw new Error('A gradient needs a positive whole number of steps');
  const at = interpolate(parsed, 'rgb');
  return Array.from({ length: steps }, (_, i) => formatHex(at(steps === 1 ? 0 : i / (steps - 1))));
}

/** Spec 000 §9: 8 colours, green (low risk) → yellow → red (high risk); the lof view's 8 tiers use it as is. */
export const RISK_RAMP: readonly string[] = [
  '#1a9850',
  '#66bd63',
  '#a6d96a',
  '#d9ef8b',
  '#fee08b',
  '#fdae61',
  '#f46d43',
  '#d73027',
];

/** Features that lack the view's property (or hold a sentinel outside every tier). */
export const NO_DATA_COLOR = '#9e9e9e';

/** rank: top 3 %, 10 %, 25 %, 50 %, lower risk — riskiest first. */
export const RANK_PALETTE: readonly string[] = ['#d73027', '#f46d43', '#fdae61', '#fee08b', '#1a9850'];
/** highest: 7 tiers of expected breaks, low → high. */
export const HIGHEST_PALETTE: readonly string[] = gradient(['#1a9850', '#fee08b', '#d73027'], 7);
/** breakRate: few (green) → many (red) expected breaks per length; spread over as many tiers as the bounds make. */
export const BREAK_RATE_STOPS: readonly string[] = ['#1a9850', '#fee08b', '#d73027'];
/** installYear: old (dark) → new (light), 7 tiers. */
export const INSTALL_YEAR_PALETTE: readonly string[] = gradient(['#3f007d', '#807dba', '#dadaeb'], 7);
/** diameter: small (light) → large (dark), 7 tiers. */
export const DIAMETER_PALETTE: readonly string[] = gradient(['#c6dbef', '#4292c6', '#08306b'], 7);
/** population: few (light) → many (dark); the stops are spread over as many tiers as the dynamic bounds make. */
export const POPULATION_STOPS: readonly string[] = ['#fff5eb', '#fd8d3c', '#7f2704'];
/** population's 7 static tiers (MAP-TIER-08). */
export const POPULATION_PALETTE: readonly string[] = gradient(POPULATION_STOPS, 7);
/** populationChange: shrinking (red) ↔ growing (blue) around 0, 7 tiers with the split at tier 4 (0 %). */
export const POPULATION_CHANGE_PALETTE: readonly string[] = [
  '#b2182b',
  '#d6604d',
  '#f4a582',
  '#fddbc7',
  '#d1e5f0',
  '#67a9cf',
  '#2166ac',
];
/** materialTypeCode: one categorical colour per material code 0–10 (Tableau 10 plus one). */
export const MATERIAL_PALETTE: readonly string[] = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#bab0ac',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#17becf',
];
/** Attribute status 0 provided, 1 imputed, 2 overridden. */
export const STATUS_PALETTE: readonly string[] = ['#1976d2', '#ff9800', '#d32f2f'];
/** cof and bre levels 1–5 (low → very high). */
export const LEVEL_PALETTE: readonly string[] = ['#1a9850', '#a6d96a', '#fee08b', '#f46d43', '#a50026'];
/** breakCount 0, 1, 2, 3, 4, 5+. */
export const BREAK_COUNT_PALETTE: readonly string[] = gradient(['#e0e0e0', '#fdae61', '#a50026'], 6);
/** length (not production ready): 6 tiers. */
export const LENGTH_PALETTE: readonly string[] = gradient(['#d9f0a3', '#41ab5d', '#004529'], 6);
