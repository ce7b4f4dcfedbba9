// Chart sizes that print: 180 mm (≈ 680 CSS px) is the width left on A4 and on Letter with margins of at least
// 12 mm, so no chart is ever drawn wider, and the print stylesheet keeps that width on paper.
export const CHART_MAX_WIDTH = 680;
export const CHART_HEIGHT = 320;
/** Horizontal bars: a row per category, at least the height of a vertical chart. */
export const horizontalHeight = (categories: number) => Math.max(CHART_HEIGHT, 90 + categories * 28);
/** A vertical value axis: its title and ticks up to '$1,250k' or '１２０'. */
export const VALUE_AXIS_WIDTH = 84;
