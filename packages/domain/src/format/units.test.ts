import { describe, expect, it } from 'vitest';
import {
  KM_PER_MILE,
  MM_PER_INCH,
  M_PER_FOOT,
  countryOrDefault,
  currencyForCountry,
  currencyForLanguage,
  defaultUnitsForCountry,
  settingsForCountry,
  unitSystemForCountry,
} from './units.ts';

describe('conversion constants', () => {
  it('are the spec values', () => {
    expect(MM_PER_INCH).toBe(25.4);
    expect(M_PER_FOOT).toBe(0.3048);
    expect(KM_PER_MILE).toBe(1.60934);
  });
});

describe('defaultUnitsForCountry', () => {
  it('gives US inches, feet and miles', () => {
    expect(defaultUnitsForCountry('US')).toEqual({ segment: 'ft', diameter: 'in', segmentLarge: 'mi' });
    expect(unitSystemForCountry('US')).toBe('imperial');
  });
  it.each(['JP', 'DE', 'IT', 'FR', 'ES'])('gives %s metric units', (country) => {
    expect(defaultUnitsForCountry(country)).toEqual({ segment: 'm', diameter: 'mm', segmentLarge: 'km' });
  });
  it('falls back to the US for a missing or unknown country', () => {
    expect(countryOrDefault(undefined)).toBe('US');
    expect(countryOrDefault('XX')).toBe('US');
    expect(countryOrDefault('jp')).toBe('JP');
    expect(defaultUnitsForCountry(null).segment).toBe('ft');
  });
});

describe('currencies', () => {
  it('by language: USD for en, JPY for ja, EUR for de/it/fr/es', () => {
    expect(currencyForLanguage('en')).toBe('USD');
    expect(currencyForLanguage('ja')).toBe('JPY');
    for (const language of ['de', 'it', 'fr', 'es']) expect(currencyForLanguage(language)).toBe('EUR');
  });
  it('defaults to USD', () => {
    expect(currencyForLanguage('zz')).toBe('USD');
    expect(currencyForLanguage(undefined)).toBe('USD');
  });
  it('by country', () => {
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('JP')).toBe('JPY');
    expect(currencyForCountry('FR')).toBe('EUR');
  });
});

describe('settingsForCountry', () => {
  it('sets language, units and currency together', () => {
    expect(settingsForCountry('JP')).toEqual({
      country: 'JP',
      language: 'ja',
      units: { segment: 'm', diameter: 'mm', segmentLarge: 'km' },
      currencyCode: 'JPY',
    });
    expect(settingsForCountry('DE').language).toBe('de');
    expect(settingsForCountry(undefined).currencyCode).toBe('USD');
  });
});
