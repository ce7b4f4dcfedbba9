// Turns a rule key (`validations.<rule>`, spec 000 §5 / FMT-RULE-14) and its params into text.
// Every inline error of the account forms goes through here, whether it came from the
// zod form schema or from the server's `fields[]`.
import {
  DECIMAL_RULE_PLACES,
  DIAMETER_RULE_RANGE,
  MAX_ABS_LATITUDE,
  MAX_ABS_LONGITUDE,
  MIN_YEAR,
  PASSWORD_MIN_LENGTH,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleParams } from './form-resolver.ts';

const RULE_PREFIX = 'validations.';

/**
 * The server's `fields[]` carry the rule but not its params; for rules whose bounds are fixed
 * by the spec we know them, so "{{min}}" never reaches the screen.
 */
const FIXED_PARAMS: Record<string, RuleParams> = {
  password: { min: PASSWORD_MIN_LENGTH },
  latitude: { max: MAX_ABS_LATITUDE },
  longitude: { max: MAX_ABS_LONGITUDE },
  decimal: { n: DECIMAL_RULE_PLACES },
  diameter: { ...DIAMETER_RULE_RANGE },
  year: { min: MIN_YEAR, max: new Date().getFullYear() },
};

export type FieldErrorLike = { message?: string; params?: RuleParams } | undefined;

/**
 * `validations.max` + `{ max: 150 }` → "Must be at most 150 characters." A key without a
 * translation (the server also uses e.g. `validations.country`) falls back to a generic
 * text rather than showing the raw key; a plain sentence (a server message) is shown as is.
 */
export function fieldErrorText(t: TFunction, error: FieldErrorLike): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (!message.startsWith(RULE_PREFIX)) return message;
  const rule = message.slice(RULE_PREFIX.length);
  const fallback = t('errors.invalidValue', { ns: 'account' });
  return t(rule, { ns: 'validations', ...FIXED_PARAMS[rule], ...error.params, defaultValue: fallback });
}

/** Hook form of {@link fieldErrorText}, bound to the current language. */
export function useFieldErrorText(): (error: FieldErrorLike) => string | undefined {
  const { t } = useTranslation(['validations', 'account']);
  return useCallback((error: FieldErrorLike) => fieldErrorText(t, error), [t]);
}
