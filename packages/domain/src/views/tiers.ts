// Builders for the tier lists of view definitions (spec 000 §3): contiguous [low, high) ranges from a list of
// bounds, or one tier per value.
import type { Tier } from './types.ts';

interface RangeTierOptions {
  /** Lower end of the first tier; undefined = open (everything below the first bound). */
  first?: number;
  /** Upper end of the last tier; undefined = open (everything from the last bound up). */
  last?: number;
  imperialBounds?: readonly number[];
  labelKeys?: readonly (string | undefined)[];
}

/**
 * `bounds` are the inner edges: n bounds make n + 1 tiers [first, b0), [b0, b1), …, [b(n-1), last).
 * `colors` needs one colour per tier.
 */
export function rangeTiers(
  bounds: readonly number[],
  colors: readonly string[],
  { first, last, imperialBounds, labelKeys }: RangeTierOptions = {},
): Tier[] {
  const edges = [first, ...bounds, last];
  if (colors.length !== edges.length - 1) throw new Error(`Expected ${edges.length - 1} colors`);
  const imperialEdges = imperialBounds ? [undefined, ...imperialBounds, undefined] : undefined;
  return colors.map((color, i) => {
    const tier: Tier = { id: String(i), color };
    const low = edges[i];
    const high = edges[i + 1];
    if (low !== undefined) tier.low = low;
    if (high !== undefined) tier.high = high;
    const imperialLow = imperialEdges?.[i];
    const imperialHigh = imperialEdges?.[i + 1];
    if (imperialLow !== undefined) tier.imperialLow = imperialLow;
    if (imperialHigh !== undefined) tier.imperialHigh = imperialHigh;
    const labelKey = labelKeys?.[i];
    if (labelKey !== undefined) tier.labelKey = labelKey;
    return tier;
  });
}

/** One tier per value; the id is the value (saved filters store values). */
export function valueTiers(
  values: readonly number[],
  colors: readonly string[],
  labelKey?: (value: number, index: number) => string,
): Tier[] {
  return values.map((value, i) => {
    const color = colors[i];
    if (color === undefined) throw new Error(`No color for value ${value}`);
    const tier: Tier = { id: String(value), value, color };
    if (labelKey) tier.labelKey = labelKey(value, i);
    return tier;
  });
}
