// Presence, length, range and text rules of spec §5. Names follow vee-validate, where the rule set comes from:
// min/max measure length, min_value/max_value/between measure the number.
import { z } from 'zod';
import { ruleCheck, type RuleCheck } from './rule-check.ts';
import { isEmptyValue, toFiniteNumber, toText } from './values.ts';

const NO_PARAMS: Record<string, never> = {};

function lengthOf(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  const text = toText(value);
  return text === undefined ? undefined : [...text].length;
}

export function required(): RuleCheck<'required'> {
  return ruleCheck('required', NO_PARAMS, (value) => !isEmptyValue(value));
}

/** At least `min` characters (or array items). */
export function min(minLength: number): RuleCheck<'min'> {
  return ruleCheck('min', { min: minLength }, (value) => (lengthOf(value) ?? -1) >= minLength);
}

/** At most `max` characters (or array items). */
export function max(maxLength: number): RuleCheck<'max'> {
  return ruleCheck('max', { max: maxLength }, (value) => {
    const length = lengthOf(value);
    return length !== undefined && length <= maxLength;
  });
}

/** A number from `min` to `max`, both included. */
export function between(minValue: number, maxValue: number): RuleCheck<'between'> {
  return ruleCheck('between', { min: minValue, max: maxValue }, (value) => {
    const n = toFiniteNumber(value);
    return n >= minValue && n <= maxValue;
  });
}

export function minValue(minimum: number): RuleCheck<'min_value'> {
  return ruleCheck('min_value', { min: minimum }, (value) => toFiniteNumber(value) >= minimum);
}

export function maxValue(maximum: number): RuleCheck<'max_value'> {
  return ruleCheck('max_value', { max: maximum }, (value) => toFiniteNumber(value) <= maximum);
}

/** min_value whose message names what the minimum is (e.g. "must be at least the low value"). */
export function minValueLabel(minimum: number, label: string): RuleCheck<'min_value_label'> {
  return ruleCheck('min_value_label', { min: minimum, label }, (value) => toFiniteNumber(value) >= minimum);
}

// Letters of any script, since the app runs in Japanese and European languages.
const ALPHA = /^[\p{L}\p{M}]+$/u;

export function alpha(): RuleCheck<'alpha'> {
  return ruleCheck('alpha', NO_PARAMS, (value) => typeof value === 'string' && ALPHA.test(value));
}

export function email(): RuleCheck<'email'> {
  return ruleCheck(
    'email',
    NO_PARAMS,
    (value) => typeof value === 'string' && z.regexes.email.test(value.trim()),
  );
}

export function regex(pattern: RegExp): RuleCheck<'regex'> {
  // A global or sticky pattern keeps lastIndex between calls; test on a fresh copy.
  const flags = pattern.flags.replace(/[gy]/g, '');
  return ruleCheck('regex', { pattern: pattern.source }, (value) => {
    const text = toText(value);
    return text !== undefined && new RegExp(pattern.source, flags).test(text);
  });
}
