// The slider text-input rules of spec 000 §5 (FILT-SLD-01…09).
import type { RangeFilter, SliderSettings } from './types.ts';

/** FILT-SLD-01: strip everything but digits, '.' and '-', then parse; not a finite number → null. */
export function parseSliderInput(text: string): number | null {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** FILT-SLD-03: low is never above high. */
export function sortRange(low: number, high: number): [number, number] {
  return low <= high ? [low, high] : [high, low];
}

/** FILT-SLD-03/07: sorted, and an end at or beyond the slider's min (low) or max (high) is unbounded (null). */
export function toRangeFilter(
  low: number,
  high: number,
  slider: Pick<SliderSettings, 'min' | 'max'>,
): RangeFilter {
  const [a, b] = sortRange(low, high);
  return { low: a <= slider.min ? null : a, high: b >= slider.max ? null : b };
}

/** FILT-SLD-09: decimal places of a step (0.01 → 2, 0.5 → 1, 10 → 0). */
export function decimalsForStep(step: number): number {
  if (!Number.isFinite(step) || Number.isInteger(step)) return 0;
  const [mantissa = '', exponent = '0'] = step.toExponential().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

export function formatSliderValue(value: number, step: number): string {
  return value.toFixed(decimalsForStep(step));
}

/** The label of a slider value: the custom maximum at the top end (FILT-SLD-08), else the value by the step. */
export function sliderLabel(
  value: number,
  slider: Pick<SliderSettings, 'max' | 'step' | 'maxLabel'>,
): string {
  if (slider.maxLabel !== undefined && value >= slider.max) return slider.maxLabel;
  return formatSliderValue(value, slider.step);
}
