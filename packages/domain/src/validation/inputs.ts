// Helpers for numeric text inputs (spec §5 slider boxes and precision-limited inputs).

/** Slider text boxes: strip all but digits, dot and minus, then parse; NaN when the result is not finite. */
export function stripToNumber(text: string): number {
  const n = Number.parseFloat(text.replace(/[^0-9.-]/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}

/**
 * A precision-limited input keeps `next` unless it has more than `places` decimals, then reverts to `prev`.
 * A comma counts as decimal separator too, as European users type one.
 */
export function limitDecimals(prev: string, next: string, places: number): string {
  const separator = next.search(/[.,]/);
  if (separator === -1) return next;
  if (places <= 0) return prev;
  return next.length - separator - 1 > places ? prev : next;
}
