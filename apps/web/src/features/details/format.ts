// Display of the pane's figures in the viewer's units and language (spec 000 §5 display rules, §9 units),
// on the domain's formatters. Pure, so the rules are unit-tested without rendering.
import {
  formatCurrency,
  formatDiameter,
  formatLength,
  formatLof,
  formatNumber,
  formatPercent,
  rankDecimals,
  formatPopulationChange,
  formatRul,
  KM_PER_MILE,
  localizeDigits,
  LOF_RANK_OUT_OF_RANGE,
  type CurrencyCode,
  type UnitSet,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';

export interface DisplayContext {
  language: string;
  units: UnitSet;
  t: TFunction;
}

export type Formatters = ReturnType<typeof formatters>;

/** Expected breaks per km → per `unit` of the user's long distances. */
export function breaksPerUnit(perKm: number | null | undefined, unit: 'km' | 'mi'): number | null {
  if (perKm == null || !Number.isFinite(perKm)) return null;
  return unit === 'mi' ? perKm * KM_PER_MILE : perKm;
}

export function formatters({ language, units, t }: DisplayContext) {
  const na = t('common.na', { ns: 'details' });
  const orNa = (text: string) => (text === 'NA' ? na : text);
  return {
    na,
    /** The user's long-distance unit, for labels that name it. */
    largeUnit: units.segmentLarge,
    /** The user's segment length unit (m or ft), for rates per length. */
    lengthUnit: units.segment,
    /** Segment length (m or ft). */
    length: (meters: number | null | undefined) => orNa(formatLength(meters, units.segment, language)),
    /** Long distances (km or mi). */
    lengthLarge: (meters: number | null | undefined) =>
      orNa(formatLength(meters, units.segmentLarge, language)),
    diameter: (mm: number | null | undefined) => orNa(formatDiameter(mm, units.diameter, language)),
    integer: (value: number | null | undefined) => orNa(formatNumber(value, language)),
    /** Year without grouping (1,965 would read as a count). */
    year: (value: number | null | undefined) =>
      value == null || !Number.isFinite(value) ? na : localizeDigits(String(Math.round(value)), language),
    decimal: (value: number | null | undefined, decimals = 2) =>
      orNa(formatNumber(value, language, { decimals })),
    /** Expected breaks per km and year, per mile for imperial users (the label says which: risk.breakRatePer…). */
    breakRate: (perKm: number | null | undefined) =>
      orNa(formatNumber(breaksPerUnit(perKm, units.segmentLarge), language, { decimals: 3 })),
    /** A share 0–1 as a percentage to a tenth (12.5 %). */
    share: (value: number | null | undefined) =>
      value == null ? na : orNa(formatPercent(value * 100, { language, decimals: 1 })),
    currency: (amount: number | null | undefined, currency: CurrencyCode) =>
      orNa(formatCurrency(amount, currency, language)),
    /** A probability 0–1 as a percentage; -1 or empty is n/a (spec 000 §5). */
    lof: (value: number | null | undefined) => {
      const lof = formatLof(value);
      return lof.kind === 'na' ? na : orNa(formatPercent(lof.value * 100, { language }));
    },
    /** Percentile rank from the top (0–100); 333 marks an unscored pipe (spec 000 §9). */
    rank: (value: number | null | undefined) =>
      value == null || value < 0 || value === LOF_RANK_OUT_OF_RANGE
        ? na
        : t('lof.rankValue', {
            ns: 'details',
            value: orNa(formatPercent(value, { language, decimals: rankDecimals(value) })),
          }),
    /** RUL below 0 or empty is n/a; 100 or more '100+ years' (spec 000 §5). */
    rul: (years: number | null | undefined) => {
      const rul = formatRul(years);
      switch (rul.kind) {
        case 'na':
          return na;
        case 'over100':
          return t('rul.over100', { ns: 'details' });
        case 'years':
          return t('rul.years', { ns: 'details', count: Math.round(rul.value) });
      }
    },
    /** Rate of change rounded to a whole percent; '...' for the comparison year (spec 000 §5). */
    populationChange: (rate: number | null | undefined, isComparisonYear: boolean) =>
      orNa(formatPopulationChange(rate, isComparisonYear, language)),
  };
}
