// The reports' figures in the reader's units and language, on the domain's converters and formatters. Table cells
// carry bare numbers and the column header names the unit ('Length (mi)'), so a downloaded CSV states its units
// once; money keeps its sign and the 'k' of 001 §9, which only formatCurrency applies. The CSV itself is written
// with csvFormat: the same cells as plain numbers a spreadsheet can add up.
import {
  NA,
  convertDiameter,
  convertLength,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  lengthToMeters,
  localeFor,
  localizeDigits,
  type CurrencyCode,
  type UnitSet,
} from '@pipewise/domain';

export interface FormatContext {
  language: string;
  units: UnitSet;
  currency: CurrencyCode;
  timeZone: string;
  /** What an empty or unreadable figure shows. */
  na: string;
}

/** Metres in one 100 km, the length the wire's break rate is per (breaks_per_100km_year). */
const RATE_BASE_M = 100_000;

/** The short symbol Intl writes for a unit in this language (fr writes 'pi' for feet), as formatLength does. */
export function unitSymbol(unit: 'km' | 'mi' | 'm' | 'ft' | 'mm' | 'in', language: string): string {
  const intlUnit = { km: 'kilometer', mi: 'mile', m: 'meter', ft: 'foot', mm: 'millimeter', in: 'inch' }[
    unit
  ];
  const parts = new Intl.NumberFormat(localeFor(language), {
    style: 'unit',
    unit: intlUnit,
    unitDisplay: 'short',
  }).formatToParts(1);
  return parts.find((p) => p.type === 'unit')?.value ?? unit;
}

export type ReportFormat = ReturnType<typeof reportFormat>;

export function reportFormat(ctx: FormatContext) {
  const { language, units, currency, na } = ctx;
  const orNa = (text: string) => (text === NA ? na : text);
  const number = (value: number | null | undefined, decimals = 0) =>
    value == null || Number.isNaN(value) ? na : orNa(formatNumber(value, language, { decimals }));
  return {
    language,
    currency,
    na,
    /** Unit symbols for headers and axis labels. */
    unit: {
      large: unitSymbol(units.segmentLarge, language),
      segment: unitSymbol(units.segment, language),
      diameter: unitSymbol(units.diameter, language),
    },
    /** Network lengths as a number in km or mi (chart values). */
    large: (m: number | null | undefined): number | null => {
      const v = convertLength(m, units.segmentLarge);
      return Number.isNaN(v) ? null : v;
    },
    /** Network lengths in km or mi, two decimals. */
    lengthLarge: (m: number | null | undefined) => number(convertLength(m, units.segmentLarge), 2),
    /** One pipe's length in m or ft. */
    length: (m: number | null | undefined) => number(convertLength(m, units.segment), 1),
    diameter: (mm: number | null | undefined) =>
      number(convertDiameter(mm, units.diameter), units.diameter === 'in' ? 1 : 0),
    count: (value: number | null | undefined) => number(value),
    decimal: (value: number | null | undefined, decimals = 2) => number(value, decimals),
    /** An axis tick: whole numbers bare, fractions (0.5, 2.5 on short axes) with what they need. */
    tick: (value: number) => number(value, Number.isInteger(value) ? 0 : Math.abs(value) < 1 ? 2 : 1),
    /** Breaks per 100 km per year (the wire's rate) as breaks per 100 km or 100 mi per year. */
    rate: (per100km: number | null | undefined): number | null =>
      per100km == null ? null : (per100km / RATE_BASE_M) * lengthToMeters(100, units.segmentLarge),
    money: (amount: number | null | undefined) => orNa(formatCurrency(amount, currency, language)),
    /** A share 0–1 as a percentage with one decimal. */
    share: (fraction: number | null | undefined) =>
      fraction == null ? na : orNa(formatPercent(fraction * 100, { language, decimals: 1 })),
    /** A probability 0–1 (LOF) as a percentage; negative is no likelihood (000 §5: -1 shows n/a). */
    lof: (p: number | null | undefined) =>
      p == null || p < 0 ? na : orNa(formatPercent(p * 100, { language, decimals: 2 })),
    /** Percent points: distribution buckets (whole), percentile ranks (0.04 → '0.04%'). */
    percent: (value: number, decimals = 0) => orNa(formatPercent(value, { language, decimals })),
    /** A year without grouping (1,965 would read as a count). */
    year: (value: number | null | undefined) =>
      value == null || !Number.isFinite(value) ? na : localizeDigits(String(Math.round(value)), language),
    date: (value: Date | string | null | undefined) =>
      value == null ? na : orNa(formatDate(value, language, { timeZone: ctx.timeZone })),
  };
}

/**
 * The same figures for a spreadsheet (a table's CSV download): in the same units and currency as the headers say,
 * but as plain numbers — ASCII digits, '.' decimals, no grouping, no currency sign or 'k', more decimals; shares and
 * likelihoods as 'n%', which spreadsheets read as fractions; dates as YYYY-MM-DD; an unknown value as an empty cell.
 * Words (materials, levels) stay in the reader's language.
 */
export function csvFormat(ctx: FormatContext): ReportFormat {
  const shown = reportFormat({ ...ctx, na: '' });
  const { units } = ctx;
  const plain = (value: number | null | undefined, decimals: number) =>
    value == null || !Number.isFinite(value) ? '' : String(Number(value.toFixed(decimals)));
  const percent = (value: number | null | undefined, decimals: number) => {
    const text = plain(value, decimals);
    return text === '' ? '' : `${text}%`;
  };
  return {
    ...shown,
    lengthLarge: (m) => plain(convertLength(m, units.segmentLarge), 4),
    length: (m) => plain(convertLength(m, units.segment), 2),
    diameter: (mm) => plain(convertDiameter(mm, units.diameter), 2),
    count: (value) => plain(value, 0),
    decimal: (value, decimals = 2) => plain(value, decimals + 2),
    money: (amount) => plain(amount, 2),
    share: (fraction) => percent(fraction == null ? null : fraction * 100, 3),
    lof: (p) => (p == null || p < 0 ? '' : percent(p * 100, 4)),
    percent: (value, decimals = 0) => percent(value, decimals + 2),
    year: (value) => plain(value, 0),
    date: (value) => {
      if (value == null) return '';
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
    },
  };
}
