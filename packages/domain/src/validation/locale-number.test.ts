import { describe, expect, it } from 'vitest';
import { localeString, parseLocaleNumber, toLocale } from './locale-number.ts';

describe('parseLocaleNumber', () => {
  it('reads German numbers', () => {
    expect(parseLocaleNumber('1.234,5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('1234,5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('-0,25', 'de-DE')).toBe(-0.25);
  });
  it('reads English numbers', () => {
    expect(parseLocaleNumber('1,234.5', 'en')).toBe(1234.5);
    expect(parseLocaleNumber('1,234,567', 'en')).toBe(1234567);
  });
  it('reads French numbers with any space as group separator', () => {
    expect(parseLocaleNumber('1 234,5', 'fr')).toBe(1234.5);
    expect(parseLocaleNumber('1\u202f234,5', 'fr')).toBe(1234.5);
  });
  it('refuses other locales’ separators and bad grouping', () => {
    expect(parseLocaleNumber('1,234.5', 'de')).toBeNaN();
    expect(parseLocaleNumber('1.23,5', 'de')).toBeNaN();
    expect(parseLocaleNumber('12,34.5', 'en')).toBeNaN();
    expect(parseLocaleNumber('abc', 'en')).toBeNaN();
    expect(parseLocaleNumber('', 'en')).toBeNaN();
  });
});

describe('locale_string', () => {
  it('checks against the given locale and carries it', () => {
    expect(localeString('de').test('1.234,5')).toBe(true);
    expect(localeString('de').test('1,234.5')).toBe(false);
    expect(localeString('de').test(1234.5)).toBe(false);
    expect(localeString('de').params).toEqual({ locale: 'de-DE' });
  });
  it('maps languages to locales', () => {
    expect(toLocale('ja')).toBe('ja-JP');
    expect(toLocale('pt-BR')).toBe('pt-BR');
  });
});
