// Issue 15 "a legend for every overlay and asset layer that is on": what each layer on the map looks like, read from
// the very definitions the map draws with (the layer sets' paint, the view's and the population's colour
// expressions, the style's demo-town layers), never from a second list of colours. Pure: the screen passes the
// result to the legend.
import { NO_DATA_COLOR } from '@pipewise/domain';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { DEMO_BASEMAP_SOURCE } from './demo-basemap.layers.ts';
import type { PlannedSet } from './layer-plan.ts';
import type { MapLayerSet } from './layer-set.ts';

export interface LegendSymbol {
  shape: 'line' | 'circle' | 'fill';
  /** One colour, or the ramp of colours the layer's expression paints with, low to high. */
  colors: readonly string[];
  opacity: number;
  /** A circle's stroke, an area's outline, a block's streets. */
  outline: string | null;
  /** What the symbol is drawn on when that shows through (the demo town's translucent blocks). */
  background: string | null;
}

export interface LegendLayer {
  /** The layer set's name (an MVT layer: pipes, valves, population…), or the demo town's source. */
  id: string;
  role: 'group' | 'underlayer' | 'overlay' | 'basemap';
  symbol: LegendSymbol;
}

export interface LegendInput {
  /** What the map shows (layer-plan.ts planLayers, the same plan MapView applies). */
  plan: readonly PlannedSet[];
  /** The active view's colour expression on the active group, and the population's. */
  color: ExpressionSpecification | null;
  populationColor: ExpressionSpecification | null;
  /** The map's style: a generated town's own streets are part of it (basemap.ts demoTownStyle). */
  style: string | StyleSpecification;
}

type Value = unknown;
const isColor = (v: Value): v is string => typeof v === 'string';

/** The output colours of a colour expression (step, match, case, interpolate) or a plain colour, in order. */
export function expressionColors(value: Value): string[] {
  if (isColor(value)) return [value];
  if (!Array.isArray(value)) return [];
  const [op, ...args] = value as Value[];
  const even = (_: Value, i: number) => i % 2 === 0;
  let outputs: Value[] = [];
  // step: input, base, (stop, colour)…; interpolate: kind, input, (stop, colour)…
  if (op === 'step') outputs = [args[1], ...args.slice(3).filter(even)];
  else if (op === 'interpolate') outputs = args.slice(3).filter(even);
  // match: input, (label, colour)…, fallback; case: (condition, colour)…, fallback
  else if (op === 'match') outputs = [...args.slice(2, -1).filter(even), args.at(-1)];
  else if (op === 'case') outputs = [...args.slice(1, -1).filter(even), args.at(-1)];
  else if (op === 'literal' || op === 'to-color') outputs = [args[0]];
  const colors = [...new Set(outputs.flatMap(expressionColors))];
  // The grey of "no value" has a row of its own in the legend; a ramp shows the values' colours.
  const valued = colors.filter((c) => c !== NO_DATA_COLOR);
  return valued.length > 0 ? valued : colors;
}

type Paint = Record<string, Value>;
const paintOf = (layer: LayerSpecification | undefined): Paint =>
  ((layer as { paint?: Paint } | undefined)?.paint ?? {}) as Paint;
const numberOr = (v: Value, fallback: number) => (typeof v === 'number' ? v : fallback);
const firstColor = (v: Value) => expressionColors(v)[0] ?? null;

/** A layer set's symbol from its own layers; `color`, when given, is the expression that colours it instead. */
export function symbolOf(set: MapLayerSet, color: ExpressionSpecification | null = null): LegendSymbol {
  const of = (type: string) => set.layers.find((l) => l.type === type);
  const circle = of('circle');
  const fill = of('fill');
  const line = of('line');
  if (circle) {
    const p = paintOf(circle);
    return {
      shape: 'circle',
      colors: expressionColors(color ?? p['circle-color']),
      opacity: numberOr(p['circle-opacity'], 1),
      outline: firstColor(p['circle-stroke-color']),
      background: null,
    };
  }
  if (fill) {
    const p = paintOf(fill);
    return {
      shape: 'fill',
      colors: expressionColors(color ?? p['fill-color']),
      opacity: numberOr(p['fill-opacity'], 1),
      outline: line ? firstColor(paintOf(line)['line-color']) : null,
      background: null,
    };
  }
  const p = paintOf(line);
  return {
    shape: 'line',
    colors: expressionColors(color ?? p['line-color']),
    opacity: numberOr(p['line-opacity'], 1),
    outline: null,
    background: null,
  };
}

/** The demo town's blocks and streets as the style draws them, on its background; null for any other style. */
function demoTownSymbol(style: string | StyleSpecification): LegendSymbol | null {
  if (typeof style === 'string' || !(DEMO_BASEMAP_SOURCE in style.sources)) return null;
  const ofType = (type: string) =>
    style.layers.find(
      (l) =>
        l.type === type && (type === 'background' || ('source' in l && l.source === DEMO_BASEMAP_SOURCE)),
    );
  const blocks = paintOf(ofType('fill'));
  return {
    shape: 'fill',
    colors: expressionColors(blocks['fill-color']),
    opacity: numberOr(blocks['fill-opacity'], 1),
    outline: firstColor(paintOf(ofType('line'))['line-color']),
    background: firstColor(paintOf(ofType('background'))['background-color']),
  };
}

/** Every layer the map shows, top to bottom as drawn: overlays, the active group, population, the basemap. */
export function legendLayers(input: LegendInput): LegendLayer[] {
  const entries: LegendLayer[] = [...input.plan].reverse().map(({ set }) => {
    if (set.placement === 'overlayer') return { id: set.name, role: 'overlay', symbol: symbolOf(set) };
    if (set.placement === 'underlayer')
      return { id: set.name, role: 'underlayer', symbol: symbolOf(set, input.populationColor) };
    return { id: set.name, role: 'group', symbol: symbolOf(set, input.color) };
  });
  const town = demoTownSymbol(input.style);
  if (town) entries.push({ id: DEMO_BASEMAP_SOURCE, role: 'basemap', symbol: town });
  return entries;
}
