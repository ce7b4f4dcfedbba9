// Unit systems and currencies of spec 000 §9 / 001 §9 (CHECKLIST FMT-UNIT-01..08).
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  LANGUAGE_BY_COUNTRY,
  type Country,
  type Language,
} from '../constants/index.ts';

export const MM_PER_INCH = 25.4;
export const M_PER_FOOT = 0.3048;
export const KM_PER_MILE = 1.60934;

export type SegmentUnit = 'm' | 'ft';
export type DiameterUnit = 'mm' | 'in';
export type SegmentLargeUnit = 'km' | 'mi';
export type LengthUnit = SegmentUnit | SegmentLargeUnit;
export type CurrencyCode = 'USD' | 'JPY' | 'EUR';
export type UnitSystem = 'metric' | 'imperial';

/** The units a user sees for pipe segments, diameters and long distances. */
export interface UnitSet {
  readonly segment: SegmentUnit;
  readonly diameter: DiameterUnit;
  readonly segmentLarge: SegmentLargeUnit;
}

export const METRIC_UNITS: UnitSet = { segment: 'm', diameter: 'mm', segmentLarge: 'km' };
export const IMPERIAL_UNITS: UnitSet = { segment: 'ft', diameter: 'in', segmentLarge: 'mi' };

/** A user's country, defaulting to US when missing or unknown (CHECKLIST ACC-USER-08). */
export function countryOrDefault(country: string | null | undefined): Country {
  const upper = country?.trim().toUpperCase();
  return (COUNTRIES as readonly string[]).includes(upper ?? '') ? (upper as Country) : DEFAULT_COUNTRY;
}

/** US is imperial; JP, DE, IT, FR and ES are metric. */
export function unitSystemForCountry(country: string | null | undefined): UnitSystem {
  return countryOrDefault(country) === 'US' ? 'imperial' : 'metric';
}

export function defaultUnitsForCountry(country: string | null | undefined): UnitSet {
  return unitSystemForCountry(country) === 'imperial' ? IMPERIAL_UNITS : METRIC_UNITS;
}

const CURRENCY_BY_LANGUAGE: Record<Language, CurrencyCode> = {
  en: 'USD',
  ja: 'JPY',
  de: 'EUR',
  it: 'EUR',
  fr: 'EUR',
  es: 'EUR',
};

/** USD for en (and anything unknown: USD is the spec's default), JPY for ja, EUR for de/it/fr/es. */
export function currencyForLanguage(language: string | null | undefined): CurrencyCode {
  return CURRENCY_BY_LANGUAGE[language as Language] ?? 'USD';
}

export function currencyForCountry(country: string | null | undefined): CurrencyCode {
  return currencyForLanguage(LANGUAGE_BY_COUNTRY[countryOrDefault(country)]);
}

/** What choosing a country sets (CHECKLIST FMT-UNIT-01): language, units and currency. */
export interface CountrySettings {
  readonly country: Country;
  readonly language: Language;
  readonly units: UnitSet;
  readonly currencyCode: CurrencyCode;
}

export function settingsForCountry(country: string | null | undefined): CountrySettings {
  const resolved = countryOrDefault(country);
  return {
    country: resolved,
    language: LANGUAGE_BY_COUNTRY[resolved],
    units: defaultUnitsForCountry(resolved),
    currencyCode: currencyForCountry(resolved),
  };
}
