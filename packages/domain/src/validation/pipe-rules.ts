// Year and diameter rules of spec §5.
import { ruleCheck, type RuleCheck } from './rule-check.ts';
import { toFiniteNumber, toText } from './values.ts';

export const MIN_YEAR = 1800;

export interface YearOptions {
  /** Injectable for tests; defaults to the calendar year now. */
  currentYear?: number;
}

/** Four digits from 1800 to the current year. */
export function year(options: YearOptions = {}): RuleCheck<'year'> {
  const maxYear = options.currentYear ?? new Date().getFullYear();
  return ruleCheck('year', { min: MIN_YEAR, max: maxYear }, (value) => {
    const text = toText(value);
    if (text === undefined || !/^\d{4}$/.test(text)) return false;
    const n = Number(text);
    return n >= MIN_YEAR && n <= maxYear;
  });
}

export const DIAMETER_RULE_RANGE = { min: 2, max: 50 } as const;

/** Reads '12,5' as 12.5: the rule accepts a comma or a point as decimal separator. NaN when not a number. */
export function parseDecimalComma(value: unknown): number {
  if (typeof value === 'string' && (value.match(/,/g) ?? []).length === 1 && !value.includes('.')) {
    return toFiniteNumber(value.replace(',', '.'));
  }
  return toFiniteNumber(value);
}

/**
 * The general `diameter` rule (2 to 50). The pipe edit dialog instead bounds diameter 0 to 999 with
 * numeric/min_value/max_value (CHECKLIST PIPE-EDIT-07); this rule is for forms that ask for it by name.
 */
export function diameter(): RuleCheck<'diameter'> {
  const { min, max } = DIAMETER_RULE_RANGE;
  return ruleCheck('diameter', { min, max }, (value) => {
    const n = parseDecimalComma(value);
    return n >= min && n <= max;
  });
}
