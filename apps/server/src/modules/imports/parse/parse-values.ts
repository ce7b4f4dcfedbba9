// Cell values → numbers, SI units and dates, as the user answered the import questions. Return null for "cannot
// read", never throw: the validation report collects the failures.

export type LengthUnit = 'm' | 'km' | 'ft' | 'mi';
export type DiameterUnit = 'mm' | 'cm' | 'm' | 'in';
/** How to read d/m order in slash dates; ISO, year-only and 和暦 are recognised in every mode. */
export type DateFormat = 'mdy' | 'dmy' | 'ymd';

const LENGTH_TO_M: Record<LengthUnit, number> = { m: 1, km: 1000, ft: 0.3048, mi: 1609.344 };
const DIAMETER_TO_MM: Record<DiameterUnit, number> = { mm: 1, cm: 10, m: 1000, in: 25.4 };

export const isBlank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A number from a cell ('1,234.5', ' 150 ', 150); null for text. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const text = v.trim().replace(/(?<=\d),(?=\d{3}\b)/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  return Number(text);
}

export const lengthM = (v: number, unit: LengthUnit) => v * LENGTH_TO_M[unit];
export const diameterMm = (v: number, unit: DiameterUnit) => v * DIAMETER_TO_MM[unit];

/** Japanese era start years (the era's year 1); 元年 = 1. */
const ERAS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:令和|R)/i, 2018],
  [/^(?:平成|H)/i, 1988],
  [/^(?:昭和|S)/i, 1925],
  [/^(?:大正|T)/i, 1911],
  [/^(?:明治|M)/i, 1867],
];

export interface ParsedDate {
  readonly year: number;
  /** ISO date (yyyy-mm-dd) when month and day are known. */
  readonly iso: string | null;
  /** The month (1–12) when it is known, with or without the day. */
  readonly month?: number;
  /** How much of the date the cell gave (issue 40: the LOF model aligns its yearly windows to it). */
  readonly precision: 'year' | 'month' | 'day';
}

/** The first day of the date's period (1 January for a year, the 1st for a month), as yyyy-mm-dd. */
export const periodStartIso = (d: ParsedDate): string =>
  d.iso ?? `${String(d.year).padStart(4, '0')}-${String(d.month ?? 1).padStart(2, '0')}-01`;

export function toDate(v: unknown, format: DateFormat = 'mdy'): ParsedDate | null {
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? null : ymd(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  if (typeof v === 'number')
    return Number.isInteger(v) && v >= 1000 && v <= 9999 ? { year: v, iso: null, precision: 'year' } : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})(?:\.0+)?$/.exec(s))) return { year: Number(m[1]), iso: null, precision: 'year' };
  // The year and month only: 2009-03, 2009/3, 2009年3月; 03/2009, 3.2009.
  if ((m = /^(\d{4})(?:[-/]|年)(\d{1,2})月?$/.exec(s))) return yearMonth(+m[1]!, +m[2]!);
  if ((m = /^(\d{1,2})[-/.](\d{4})$/.exec(s))) return yearMonth(+m[2]!, +m[1]!);
  if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) return ymd(+m[1]!, +m[2]!, +m[3]!);
  if ((m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(s))) return ymd(+m[1]!, +m[2]!, +m[3]!);
  if ((m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/.exec(s))) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    return format === 'dmy' || a > 12 ? ymd(y, b, a) : ymd(y, a, b);
  }
  for (const [era, base] of ERAS) {
    const rest = s.replace(era, '');
    if (rest === s) continue;
    if ((m = /^(\d{1,2}|元)(?:年|[.\-/])?(?:(\d{1,2})(?:月|[.\-/])(\d{1,2})日?)?/.exec(rest))) {
      const year = base + (m[1] === '元' ? 1 : Number(m[1]));
      return m[2] ? ymd(year, +m[2], +m[3]!) : { year, iso: null, precision: 'year' };
    }
  }
  return null;
}

function yearMonth(year: number, month: number): ParsedDate | null {
  return month >= 1 && month <= 12 ? { year, iso: null, month, precision: 'month' } : null;
}

function ymd(year: number, month: number, day: number): ParsedDate | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return {
    year,
    iso: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    month,
    precision: 'day',
  };
}
