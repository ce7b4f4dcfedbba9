// The form rule set of spec 000 §5 / 001 §5 (CHECKLIST FMT-RULE-01), in the spec's order.
export const RULE_NAMES = [
  'required',
  'min',
  'max',
  'between',
  'max_value',
  'min_value',
  'alpha',
  'email',
  'image',
  'size',
  'digits',
  'regex',
  'integer',
  'numeric',
  'decimals',
  'phone',
  'password',
  'password_confirmation',
  'zip_code',
  'latitude',
  'longitude',
  'year',
  'diameter',
  'after',
  'decimal',
  'overlap',
  'digits_between',
  'locale_string',
  'min_value_label',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/**
 * What each rule puts in the zod issue's `params`, so the web can render `t('validations.<rule>', params)`.
 * `label`/`other` carry an already-translated or translatable field label chosen by the caller.
 */
export interface RuleParamsMap {
  required: Record<string, never>;
  min: { min: number };
  max: { max: number };
  between: { min: number; max: number };
  max_value: { max: number };
  min_value: { min: number };
  alpha: Record<string, never>;
  email: Record<string, never>;
  image: Record<string, never>;
  size: { size: number };
  digits: { n: number };
  regex: { pattern: string };
  integer: Record<string, never>;
  numeric: Record<string, never>;
  decimals: { n: number };
  phone: Record<string, never>;
  password: { min: number };
  password_confirmation: { other: string };
  zip_code: { country: string };
  latitude: { max: number };
  longitude: { max: number };
  year: { min: number; max: number };
  diameter: { min: number; max: number };
  after: { other: string };
  decimal: { n: number };
  overlap: { other: string };
  digits_between: { min: number; max: number };
  locale_string: { locale: string };
  min_value_label: { min: number; label: string };
}

export type RuleParams<R extends RuleName = RuleName> = RuleParamsMap[R];

/** The i18n key a rule's message uses (CHECKLIST FMT-RULE-14). */
export type RuleMessageKey<R extends RuleName = RuleName> = `validations.${R}`;

export function ruleMessageKey<R extends RuleName>(rule: R): RuleMessageKey<R> {
  return `validations.${rule}`;
}

export function isRuleName(value: unknown): value is RuleName {
  return typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);
}
