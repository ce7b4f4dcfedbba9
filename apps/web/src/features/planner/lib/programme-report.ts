// A programme as a council reads it (issue 39: "a council-ready report … PDF, A4 and Letter; CSV of the yearly
// table; each page naming dataset, COF scenario, assumptions and date, in six languages and the user's units and
// currency"). Made in the browser, so in the reader's language: the CSV here (key, value lines naming the programme,
// dataset, COF scenario, currency, units, when it was made and the assumptions' key figures; a blank line; then one
// row per scenario and year, numbers rounded but unformatted so a spreadsheet reads them, as the project CSV does),
// and the PDF's content (programme-pdf.ts lays it out). Pure, so the tests read exactly what the buttons download.
import {
  convertLength,
  csvLine,
  formatCurrency,
  formatNumber,
  formatPercent,
  NA,
  type CsvCell,
  type CurrencyCode,
  type SegmentLargeUnit,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { materialName } from '../../../lib/materials.ts';
import type { ProgrammeView } from '../api/programmes.ts';
import {
  PROGRAMME_METRICS,
  assumptionRows,
  holdLine,
  metricValue,
  programmeYears,
  ratePer100,
} from './programme-result.ts';
import type { Paper, ProgrammeChart, ProgrammePdfInput } from './programme-pdf.ts';

export interface ProgrammeReportContext {
  /** The planner namespace's t (materials read 'views' and 'details' by their own ns). */
  t: TFunction;
  language: string;
  /** km or mi: the user's unit for long lengths. */
  large: SegmentLargeUnit;
  datasetName: string;
  /** The COF scenario as the app names it. */
  cofName: string;
  /** When the programme was made, as the reader reads a date. */
  madeOn: string;
}

const BOM = '\uFEFF';
const round = (v: number | null | undefined, decimals: number): number | null =>
  v == null || !Number.isFinite(v) ? null : Math.round(v * 10 ** decimals) / 10 ** decimals;

/** The report's figures in the reader's language, units and the programme's currency. */
export function reportFormat(p: Pick<ProgrammeView, 'currency'>, ctx: ProgrammeReportContext) {
  const na = ctx.t('common.na');
  const orNa = (text: string) => (text === NA ? na : text);
  const number = (v: number | null | undefined, decimals = 0) =>
    v == null ? na : orNa(formatNumber(v, ctx.language, { decimals }));
  return {
    na,
    number,
    money: (v: number | null | undefined) =>
      orNa(formatCurrency(v, p.currency as CurrencyCode, ctx.language)),
    share: (v: number | null | undefined) =>
      v == null ? na : orNa(formatPercent(v * 100, { language: ctx.language, decimals: 1 })),
    length: (m: number | null | undefined) => number(convertLength(m, ctx.large), 2),
  };
}

/** "Dataset · COF scenario: … · Made …": the line at the top of every page. */
export const reportHeader = (ctx: ProgrammeReportContext): string =>
  ctx.t('programme.report.header', { dataset: ctx.datasetName, cof: ctx.cofName, date: ctx.madeOn });

function holdText(p: ProgrammeView, ctx: ProgrammeReportContext): string {
  const fmt = reportFormat(p, ctx);
  const hold = holdLine(p);
  return hold.kind === 'hold'
    ? ctx.t('programme.result.hold', { amount: fmt.money(hold.amount), breaks: fmt.number(hold.breaks, 1) })
    : ctx.t('programme.result.noHold', { breaks: fmt.number(hold.breaks, 1) });
}

const lastYear = (p: ProgrammeView) => p.startYear + p.horizonYears - 1;

// ---------------------------------------------------------------------------------------------------------- CSV

export function programmeCsvText(p: ProgrammeView, ctx: ProgrammeReportContext): string {
  const { t } = ctx;
  const a = p.assumptions;
  const c = p.currency;
  const meta: CsvCell[][] = [
    [t('programme.report.programme'), p.name],
    [t('programme.report.dataset'), ctx.datasetName],
    [t('programme.report.cof'), ctx.cofName],
    [t('programme.report.strategy'), t(`programme.strategy.${p.strategy}`)],
    [t('programme.report.years'), `${p.startYear}-${lastYear(p)}`],
    [t('programme.report.currency'), c],
    [t('programme.report.unit'), ctx.large],
    [t('programme.report.made'), ctx.madeOn],
    [t('programme.report.holdBudget'), round(p.holdFlatBudget, 0)],
    [t('programme.report.todaysBreaks'), round(p.todaysBreaks, 2)],
    ...(a
      ? ([
          [t('programme.assumptions.scoredAsOf'), a.scoredAsOfYear],
          [t('programme.assumptions.lof'), t(`programme.assumptions.lofSource.${a.lofSource}`)],
          [t('programme.report.dispersion'), round(a.dispersion, 2)],
          [t('programme.assumptions.uncosted'), a.pipesUncosted],
          ...(a.pipesBooked != null ? [[t('programme.assumptions.booked'), a.pipesBooked]] : []),
          [t('programme.assumptions.pipes'), a.pipes],
        ] as CsvCell[][])
      : []),
  ];
  const columns = [
    t('programme.report.col.scenario'),
    t('programme.report.col.year'),
    t('programme.report.col.budget', { currency: c }),
    t('programme.report.col.spend', { currency: c }),
    t('programme.report.col.breaks'),
    t('programme.report.col.low'),
    t('programme.report.col.high'),
    t('programme.report.col.bre', { currency: c }),
    t('programme.report.col.length', { unit: ctx.large }),
    t('programme.report.col.pipes'),
    t('programme.report.col.projects'),
    t('programme.report.col.meanAge'),
    t('programme.report.col.p90Age'),
    t('programme.report.col.pastRul'),
  ];
  const rows = p.scenarios.flatMap((s) =>
    s.years.map((y): CsvCell[] => [
      s.name,
      y.year,
      round(y.budget, 0),
      round(y.spend, 0),
      round(y.expectedBreaks, 2),
      round(y.expectedBreaksLow, 2),
      round(y.expectedBreaksHigh, 2),
      round(y.bre, 0),
      round(convertLength(y.lengthRenewedM, ctx.large), 3),
      y.pipesRenewed,
      y.projects,
      round(y.meanAge, 1),
      round(y.p90Age, 1),
      round(y.sharePastRul == null ? null : y.sharePastRul * 100, 1),
    ]),
  );
  return `${BOM}${meta.map(csvLine).join('')}\r\n${csvLine(columns)}${rows.map(csvLine).join('')}`;
}

// ---------------------------------------------------------------------------------------------------------- PDF

export function programmePdfInput(
  p: ProgrammeView,
  ctx: ProgrammeReportContext,
  paper: Paper,
): ProgrammePdfInput {
  const { t } = ctx;
  const fmt = reportFormat(p, ctx);
  const a = p.assumptions;
  const unit = ctx.large;
  const facts: [string, string][] = [
    [t('programme.report.dataset'), ctx.datasetName],
    [t('programme.report.cof'), ctx.cofName],
    [t('programme.report.strategy'), t(`programme.strategy.${p.strategy}`)],
    [
      t('programme.report.years'),
      t('programme.report.yearsValue', { first: p.startYear, last: lastYear(p), horizon: p.horizonYears }),
    ],
    [t('programme.report.currency'), p.currency],
    [t('programme.report.made'), ctx.madeOn],
  ];
  const assumptions: [string, string][] = a
    ? [
        ...Object.values(assumptionRows(a, t, (v) => fmt.number(v))).flat(),
        ...(a.breaksPerYearOnRecord?.length
          ? [
              [
                t('programme.report.breaksOnRecord'),
                a.breaksPerYearOnRecord.map((n) => fmt.number(n)).join(', '),
              ] as [string, string],
            ]
          : []),
        ...(a.dispersion != null
          ? [[t('programme.report.dispersion'), fmt.number(a.dispersion, 2)] as [string, string]]
          : []),
      ]
    : [];
  const notes: string[] = a
    ? [
        t('programme.assumptions.newPipeRates', { unit }),
        ...a.newPipeRates.map(
          (r) =>
            `${t('programme.assumptions.rate', {
              material: materialName(t, r.material),
              rate: fmt.number(ratePer100(r.ratePerKm, unit), 2),
              unit,
            })} ${
              r.source === 'utility'
                ? t('programme.assumptions.utilityRate', {
                    length: fmt.number(convertLength(r.youngKm * 1000, unit), 1),
                    unit,
                  })
                : t('programme.assumptions.publishedRate')
            }`,
        ),
        `${t('programme.report.interval')}: ${t('programme.report.intervalText', {
          phi: fmt.number(a.dispersion ?? 1, 2),
        })}`,
        `${t('programme.report.notAged')}: ${t('programme.report.notAgedText')}`,
      ]
    : [];
  const headers = [
    t('programme.table.year'),
    t('programme.table.budget'),
    t('programme.table.spend'),
    t('programme.table.breaks'),
    t('programme.table.interval'),
    t('programme.table.bre'),
    t('programme.table.length', { unit }),
    t('programme.table.meanAge'),
    t('programme.table.p90Age'),
    t('programme.table.pastRul'),
  ];
  const tables = p.scenarios.map((s) => ({
    title: t('programme.report.scenarioTable', { name: s.name }),
    headers,
    rows: s.years.map((y) => [
      String(y.year),
      fmt.money(y.budget),
      fmt.money(y.spend),
      fmt.number(y.expectedBreaks, 1),
      t('programme.table.range', {
        low: fmt.number(y.expectedBreaksLow, 1),
        high: fmt.number(y.expectedBreaksHigh, 1),
      }),
      fmt.money(y.bre),
      fmt.length(y.lengthRenewedM),
      fmt.number(y.meanAge, 1),
      fmt.number(y.p90Age, 1),
      fmt.share(y.sharePastRul),
    ]),
  }));
  const years = programmeYears(p);
  const charts: ProgrammeChart[] = PROGRAMME_METRICS.map((metric) => {
    const money = metric === 'bre' || metric === 'spend';
    const decimalsOf = (v: number) => (Number.isInteger(v) ? 0 : Number.isInteger(v * 10) ? 1 : 2);
    return {
      title: t(`programme.metric.${metric}`, { unit }),
      ...(metric === 'breaks' && { note: t('programme.result.band') }),
      series: p.scenarios.map((s) => ({
        name: s.name,
        values: s.years.map((y) => metricValue(metric, y, unit)),
        ...(metric === 'breaks' && {
          band: s.years.map((y) => [y.expectedBreaksLow, y.expectedBreaksHigh] as const),
        }),
      })),
      fromZero: metric !== 'meanAge' && metric !== 'p90Age',
      tick: (v: number) =>
        money
          ? v === 0
            ? fmt.number(0)
            : fmt.money(v)
          : `${fmt.number(v, decimalsOf(v))}${metric === 'pastRul' ? ' %' : ''}`,
    };
  });
  return {
    paper,
    title: t('programme.report.title', { name: p.name }),
    header: reportHeader(ctx),
    footer: p.name,
    facts,
    hold: holdText(p, ctx),
    assumptionsTitle: t('programme.assumptions.title'),
    assumptions,
    notes,
    chartsTitle: t('programme.report.charts'),
    years,
    charts,
    tables,
    pageLabel: (page, pages) => t('programme.report.page', { page, pages }),
  };
}

/** A file name from the programme's name: letters and digits of any script kept, the rest collapsed to '-'. */
export const reportFileName = (name: string, ext: string): string =>
  `${
    name
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'programme'
  }.${ext}`;
