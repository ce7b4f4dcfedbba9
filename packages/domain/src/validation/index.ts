export { RULE_NAMES, ruleMessageKey, isRuleName } from './rule-names.ts';
export type { RuleName, RuleParams, RuleParamsMap, RuleMessageKey } from './rule-names.ts';
export { ruleCheck, ruleIssueFields, firstFailingRule, withRules, ruleIssue } from './rule-check.ts';
export type { RuleCheck, AnyRuleCheck, RuleIssue } from './rule-check.ts';
export { isEmptyValue, toFiniteNumber, decimalPlaces } from './values.ts';
export {
  required,
  min,
  max,
  between,
  minValue,
  maxValue,
  minValueLabel,
  alpha,
  email,
  regex,
} from './basic-rules.ts';
export {
  integer,
  numeric,
  decimals,
  decimal,
  digits,
  digitsBetween,
  DECIMAL_RULE_PLACES,
} from './number-rules.ts';
export {
  phone,
  password,
  isValidPassword,
  PASSWORD_MIN_LENGTH,
  zipCode,
  isValidZipCode,
} from './format-rules.ts';
export { latitude, longitude, MAX_ABS_LATITUDE, MAX_ABS_LONGITUDE } from './geo-rules.ts';
export { year, MIN_YEAR, diameter, DIAMETER_RULE_RANGE, parseDecimalComma } from './pipe-rules.ts';
export type { YearOptions } from './pipe-rules.ts';
export { image, size } from './file-rules.ts';
export type { FileLike } from './file-rules.ts';
export { after, isAfter, toTime, overlap, rangesOverlap } from './relation-rules.ts';
export type { NumericRange } from './relation-rules.ts';
export { parseLocaleNumber, localeString, toLocale } from './locale-number.ts';
export { passwordConfirmation, afterField, noOverlapFields } from './cross-field.ts';
export { stripToNumber, limitDecimals } from './inputs.ts';
