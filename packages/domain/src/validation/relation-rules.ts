// Rules that compare a value with another one (spec §5: after, overlap) as single-field checks.
// For comparisons between two fields of one form see cross-field.ts.
import { ruleCheck, type RuleCheck } from './rule-check.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds of a Date or an ISO date/time string; NaN when unreadable. Date-only strings are UTC days. */
export function toTime(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return Date.parse(ISO_DATE.test(text) ? `${text}T00:00:00Z` : text);
}

/** Whether `value` is strictly after `start` (an end date equal to the start fails). */
export function isAfter(value: unknown, start: unknown): boolean {
  const end = toTime(value);
  const begin = toTime(start);
  return Number.isFinite(end) && Number.isFinite(begin) && end > begin;
}

/** A date after `start`; `otherLabel` names the start field in the message. */
export function after(start: Date | string, otherLabel: string): RuleCheck<'after'> {
  return ruleCheck('after', { other: otherLabel }, (value) => isAfter(value, start));
}

export interface NumericRange {
  readonly low: number;
  readonly high: number;
}

function isRange(value: unknown): value is NumericRange {
  if (typeof value !== 'object' || value === null) return false;
  const range = value as Partial<NumericRange>;
  return Number.isFinite(range.low) && Number.isFinite(range.high);
}

/**
 * Whether two ranges share more than an end point. Tiers are written as [0, 10], [10, 20]: ranges that only
 * touch do not overlap. Reversed ranges (low above high) are read as their sorted form.
 */
export function rangesOverlap(a: NumericRange, b: NumericRange): boolean {
  const [aLow, aHigh] = a.low <= a.high ? [a.low, a.high] : [a.high, a.low];
  const [bLow, bHigh] = b.low <= b.high ? [b.low, b.high] : [b.high, b.low];
  return aLow < bHigh && bLow < aHigh;
}

/** A range that must not overlap `other`; `otherLabel` names the other range in the message. */
export function overlap(other: NumericRange, otherLabel: string): RuleCheck<'overlap'> {
  return ruleCheck(
    'overlap',
    { other: otherLabel },
    (value) => isRange(value) && !rangesOverlap(value, other),
  );
}
