// Chart sizes that print: 180 mm (≈ 680 CSS px) is the width left on A4 and on Letter with margins of at least
// 12 mm, so no chart is ever drawn wider, and the print stylesheet keeps that width on paper.
import type { BarChartModel } from '../../lib/section.ts';
import { textWidthPx } from '../../lib/text-width.ts';

export const CHART_MAX_WIDTH = 680;
export const CHART_HEIGHT = 320;
/** Horizontal bars: a row per category, at least the height of a vertical chart. */
export const horizontalHeight = (categories: number) => Math.max(CHART_HEIGHT, 90 + categories * 28);
/** The narrowest vertical value axis: its title and ticks up to '$999.9k' or '$1.25M'. */
export const VALUE_AXIS_WIDTH = 84;
/** Beside the tick labels: the rotated axis title, the tick marks and their gaps. */
const AXIS_CHROME_PX = 34;
const TICK_FONT_PX = 12;

/**
 * The ticks a linear axis from 0 would draw up to `max` (niced up): steps of 1, 2 or 5 × 10^k, about five of them,
 * as d3's ticks (which the chart library uses) choose them for a chart of this height.
 */
export function valueTicks(max: number): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const error = rough / power;
  // d3-array's tickIncrement thresholds: the step nearest to a fifth of the span.
  const step =
    (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1) * power;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, k) => Number((k * step).toPrecision(12)));
}

/** A vertical value axis wide enough for its widest tick label whole, and never narrower than VALUE_AXIS_WIDTH. */
export function valueAxisWidth(
  model: Pick<BarChartModel, 'series' | 'categories' | 'format' | 'tick'>,
): number {
  const tick = model.tick ?? model.format;
  // Stacked series reach their sum; the others their largest value.
  const stacks = new Map<string, number[]>();
  model.series.forEach((s, i) => {
    const key = s.stack ?? `#${i}`;
    const sums = stacks.get(key) ?? new Array<number>(model.categories.length).fill(0);
    s.data.forEach((v, c) => (sums[c] = (sums[c] ?? 0) + Math.max(0, v ?? 0)));
    stacks.set(key, sums);
  });
  const max = Math.max(0, ...[...stacks.values()].flat());
  const widest = Math.max(...valueTicks(max).map((v) => textWidthPx(tick(v), TICK_FONT_PX)));
  return Math.max(VALUE_AXIS_WIDTH, Math.ceil(widest + AXIS_CHROME_PX));
}

/** The narrowest plot a band axis gets: a home-dashboard card's. */
const NARROWEST_PLOT_PX = 400;
/** Above this many categories the labels are a sequence (install years) and every few of them say enough. */
const ROTATE_MAX_CATEGORIES = 20;

/**
 * Whether a vertical chart's category labels are turned to stand at an angle: when side by side they would not fit
 * the narrowest plot, and so the chart library would drop every other one (the LOF classes '1% – 3%', '5% – 10%'
 * … of the dashboard lost their neighbours' names).
 */
export function rotatesCategoryLabels(categories: readonly string[]): boolean {
  if (categories.length < 2 || categories.length > ROTATE_MAX_CATEGORIES) return false;
  const needed = categories.reduce((sum, c) => sum + textWidthPx(c, TICK_FONT_PX) + 8, 0);
  return needed > NARROWEST_PLOT_PX;
}
