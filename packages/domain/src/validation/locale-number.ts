// Numbers typed in a user's locale (spec §5 locale_string), e.g. '1.234,5' in German.
import { LOCALE_BY_LANGUAGE, isLanguage } from '../constants/index.ts';
import { ruleCheck, type RuleCheck } from './rule-check.ts';

interface Separators {
  group: string;
  decimal: string;
}

function separatorsOf(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A language code ('de') or a locale ('de-DE') to an Intl locale. */
export function toLocale(languageOrLocale: string): string {
  return isLanguage(languageOrLocale) ? LOCALE_BY_LANGUAGE[languageOrLocale] : languageOrLocale;
}

/**
 * Parses a number written in `languageOrLocale`; NaN when the text is not one. Group separators are optional
 * but, when used, must group by three. French groups with narrow no-break spaces, which nobody types:
 * any space counts as a group separator when the locale groups with a space.
 */
export function parseLocaleNumber(text: string, languageOrLocale: string): number {
  const { group, decimal } = separatorsOf(toLocale(languageOrLocale));
  const groupPattern = /\s/.test(group) ? '[\\s\\u202f\\u00a0]' : escapeRegExp(group);
  const pattern = new RegExp(
    `^([-+])?(\\d{1,3}(?:${groupPattern}\\d{3})+|\\d+)(?:${escapeRegExp(decimal)}(\\d+))?$`,
    'u',
  );
  const match = pattern.exec(text.trim());
  if (!match) return Number.NaN;
  const [, sign = '', whole = '', fraction] = match;
  const digitsOnly = whole.replace(/\D/g, '');
  return Number(`${sign}${digitsOnly}${fraction === undefined ? '' : `.${fraction}`}`);
}

export function localeString(languageOrLocale: string): RuleCheck<'locale_string'> {
  const locale = toLocale(languageOrLocale);
  return ruleCheck(
    'locale_string',
    { locale },
    (value) => typeof value === 'string' && Number.isFinite(parseLocaleNumber(value, locale)),
  );
}
