export {
  MM_PER_INCH,
  M_PER_FOOT,
  KM_PER_MILE,
  METRIC_UNITS,
  IMPERIAL_UNITS,
  countryOrDefault,
  unitSystemForCountry,
  defaultUnitsForCountry,
  currencyForLanguage,
  currencyForCountry,
  settingsForCountry,
} from './units.ts';
export type {
  SegmentUnit,
  DiameterUnit,
  SegmentLargeUnit,
  LengthUnit,
  CurrencyCode,
  UnitSystem,
  UnitSet,
  CountrySettings,
} from './units.ts';
export { convertLength, lengthToMeters, convertDiameter, diameterToMm } from './convert.ts';
export { toFullWidthDigits, usesFullWidthDigits, localizeDigits } from './digits.ts';
export { NA, localeFor, roundHalfExpand, formatNumber } from './number.ts';
export type { FormatOptions, NumberFormatOptions } from './number.ts';
export { formatLength, formatDiameter } from './length.ts';
export type { LengthFormatOptions } from './length.ts';
export { formatCurrency, currencyDecimals, THOUSANDS_THRESHOLD, THOUSANDS_DECIMALS } from './currency.ts';
export {
  formatPercent,
  formatPopulation,
  formatPopulationChange,
  rankDecimals,
  PERCENT_DECIMALS,
  MAP_LABEL_PERCENT_DECIMALS,
  POPULATION_DECIMALS,
  COMPARISON_YEAR_TEXT,
} from './percent.ts';
export type { PercentOptions } from './percent.ts';
export { formatRul, formatLof, RUL_OVER_LIMIT_YEARS } from './display.ts';
export type { RulDisplay, LofDisplay } from './display.ts';
export { formatDate, toIsoDate } from './date.ts';
export type { DateFormatOptions } from './date.ts';
export { csvField, csvLine, isFormulaLike } from './csv.ts';
export type { CsvCell } from './csv.ts';
