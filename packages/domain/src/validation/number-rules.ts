// Number-shape rules of spec §5.
import { ruleCheck, type RuleCheck } from './rule-check.ts';
import { decimalPlaces, toFiniteNumber, toText } from './values.ts';

const NO_PARAMS: Record<string, never> = {};
const DIGITS = /^\d+$/;

/** A whole number, negative allowed ('-3', 12). */
export function integer(): RuleCheck<'integer'> {
  return ruleCheck('integer', NO_PARAMS, (value) => Number.isInteger(toFiniteNumber(value)));
}

/**
 * Any finite decimal number ('12.5', '-3'). vee-validate's numeric accepts digits only, but the spec applies
 * it to pipe diameters, where a user expects 12.5 to pass; `digits`/`integer` cover the stricter cases.
 */
export function numeric(): RuleCheck<'numeric'> {
  return ruleCheck('numeric', NO_PARAMS, (value) => Number.isFinite(toFiniteNumber(value)));
}

function hasAtMostDecimals(value: unknown, places: number): boolean {
  const written = decimalPlaces(value);
  return written !== undefined && written <= places;
}

/** A number with up to `places` decimal places. */
export function decimals(places: number): RuleCheck<'decimals'> {
  return ruleCheck('decimals', { n: places }, (value) => hasAtMostDecimals(value, places));
}

/** The spec's `decimal` rule: a number with up to 9 decimal places. */
export const DECIMAL_RULE_PLACES = 9;

export function decimal(): RuleCheck<'decimal'> {
  return ruleCheck('decimal', { n: DECIMAL_RULE_PLACES }, (value) =>
    hasAtMostDecimals(value, DECIMAL_RULE_PLACES),
  );
}

function digitCount(value: unknown): number | undefined {
  const text = toText(value);
  return text !== undefined && DIGITS.test(text) ? text.length : undefined;
}

/** Exactly `length` digits and nothing else. */
export function digits(length: number): RuleCheck<'digits'> {
  return ruleCheck('digits', { n: length }, (value) => digitCount(value) === length);
}

/** Only digits, from `minLength` to `maxLength` of them. */
export function digitsBetween(minLength: number, maxLength: number): RuleCheck<'digits_between'> {
  return ruleCheck('digits_between', { min: minLength, max: maxLength }, (value) => {
    const count = digitCount(value);
    return count !== undefined && count >= minLength && count <= maxLength;
  });
}
