// A finished programme read for the screen (issue 39): the yearly figures each chart draws per scenario (lengths in
// the user's large unit, shares in percent), the new-pipe rates per 100 km or 100 mi, and the sentence that says
// which flat budget holds expected breaks at today's level. Pure, so the charts, the table and the tests agree.
import { convertLength, lengthToMeters, type SegmentLargeUnit } from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { materialName } from '../../../lib/materials.ts';
import type { ProgrammeView, ProgrammeYearView } from '../api/programmes.ts';

export const PROGRAMME_METRICS = [
  'breaks',
  'bre',
  'length',
  'spend',
  'meanAge',
  'p90Age',
  'pastRul',
] as const;
/** One colour per scenario, the same in every chart and in the PDF (colour-blind safe: Okabe–Ito). */
export const SCENARIO_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00'];

export type ProgrammeMetric = (typeof PROGRAMME_METRICS)[number];

/** A year's value of a metric as a chart draws it: money as is, length in km or mi, shares in percent. */
export function metricValue(
  metric: ProgrammeMetric,
  y: ProgrammeYearView,
  large: SegmentLargeUnit,
): number | null {
  switch (metric) {
    case 'breaks':
      return y.expectedBreaks;
    case 'bre':
      return y.bre;
    case 'length': {
      const v = convertLength(y.lengthRenewedM, large);
      return Number.isFinite(v) ? v : null;
    }
    case 'spend':
      return y.spend;
    case 'meanAge':
      return y.meanAge;
    case 'p90Age':
      return y.p90Age;
    case 'pastRul':
      return y.sharePastRul == null ? null : y.sharePastRul * 100;
  }
}

/** The years of the programme (every scenario has the same ones). */
export const programmeYears = (p: Pick<ProgrammeView, 'scenarios'>): number[] =>
  p.scenarios[0]?.years.map((y) => y.year) ?? [];

/** A new pipe's break rate per 100 km (metric) or per 100 mi (US) a year, from the wire's per km. */
export const ratePer100 = (ratePerKm: number, large: SegmentLargeUnit): number =>
  (ratePerKm / 1000) * lengthToMeters(100, large);

export type HoldLine =
  { kind: 'hold'; amount: number; breaks: number | null } | { kind: 'none'; breaks: number | null };

/** What the "holds breaks at today's level" line says. */
export function holdLine(p: Pick<ProgrammeView, 'holdFlatBudget' | 'todaysBreaks'>): HoldLine {
  return p.holdFlatBudget == null
    ? { kind: 'none', breaks: p.todaysBreaks }
    : { kind: 'hold', amount: p.holdFlatBudget, breaks: p.todaysBreaks };
}

/**
 * What the figures rest on, as the view and the council report both list it: the scoring year, the LOF's source,
 * the replacement materials, the mains without a cost or left to active projects, and the mains in all.
 */
export function assumptionRows(
  a: NonNullable<ProgrammeView['assumptions']>,
  t: TFunction,
  number: (v: number) => string,
): { head: [string, string][]; rest: [string, string][] } {
  return {
    head: [
      [t('programme.assumptions.scoredAsOf'), String(a.scoredAsOfYear)],
      [t('programme.assumptions.lof'), t(`programme.assumptions.lofSource.${a.lofSource}`)],
    ],
    rest: [
      [
        t('programme.assumptions.replacement'),
        t('programme.assumptions.replacementText', {
          small: materialName(t, a.replacement.smallMaterial),
          large: materialName(t, a.replacement.largeMaterial),
          from: number(a.replacement.largeFromMm),
        }),
      ],
      [t('programme.assumptions.uncosted'), number(a.pipesUncosted)],
      ...(a.pipesBooked != null
        ? [[t('programme.assumptions.booked'), number(a.pipesBooked)] as [string, string]]
        : []),
      [t('programme.assumptions.pipes'), number(a.pipes)],
    ],
  };
}
