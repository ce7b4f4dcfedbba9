// Text-format rules of spec §5: phone, password, zip code.
import { ruleCheck, type RuleCheck } from './rule-check.ts';

const NO_PARAMS: Record<string, never> = {};

/**
 * Optional '+' and country code, then 3/3/4 digit groups separated by nothing, a space, a dash or a dot
 * ("+1 555-123-4567", "555.123.4567"); the area code may sit in parentheses ("(555) 123-4567").
 */
const PHONE = /^(\+?\d{1,3}[ .-]?)?(\d{3}|\(\d{3}\))[ .-]?\d{3}[ .-]?\d{4}$/;

export function phone(): RuleCheck<'phone'> {
  return ruleCheck('phone', NO_PARAMS, (value) => typeof value === 'string' && PHONE.test(value.trim()));
}

export const PASSWORD_MIN_LENGTH = 8;
// Letters of any script count, so a user typing a Japanese or accented password is not refused.
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\d/;

export function isValidPassword(value: string): boolean {
  return [...value].length >= PASSWORD_MIN_LENGTH && HAS_LETTER.test(value) && HAS_DIGIT.test(value);
}

export function password(): RuleCheck<'password'> {
  return ruleCheck(
    'password',
    { min: PASSWORD_MIN_LENGTH },
    (value) => typeof value === 'string' && isValidPassword(value),
  );
}

const ZIP_JP = /^\d{3}-\d{4}$/;
const ZIP_OTHER = /^\d{5}(-\d{4})?$/;

/** Japan: ddd-dddd; any other country: ddddd with an optional -dddd (spec §5). */
export function isValidZipCode(value: string, country: string | null | undefined): boolean {
  const pattern = country?.toUpperCase() === 'JP' ? ZIP_JP : ZIP_OTHER;
  return pattern.test(value.trim());
}

export function zipCode(country: string | null | undefined): RuleCheck<'zip_code'> {
  return ruleCheck(
    'zip_code',
    { country: country ?? '' },
    (value) => typeof value === 'string' && isValidZipCode(value, country),
  );
}
