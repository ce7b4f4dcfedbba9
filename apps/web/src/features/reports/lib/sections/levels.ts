// The 5 rank columns of 001 §9: COF and BRE tables have one column per level, 1 low … 5 very high. Metrics run
// down the rows, levels across, so the table reads like the legend of the map's COF and total-risk views.
import { LEVEL_PALETTE, RISK_LEVELS, type LevelColumn, type RiskLevelRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { columns, type BarChartModel, type ReportSection, type ReportTable } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';

export type LevelColumnView = Camelize<LevelColumn>;
export type RiskLevelRowView = Camelize<RiskLevelRow>;

/** One entry per level 1–5, or undefined where the API sent none. */
function byLevel<T extends { level: number }>(rows: readonly T[]): (T | undefined)[] {
  return RISK_LEVELS.map((level) => rows.find((r) => r.level === level));
}

/** A table whose columns are the 5 levels: one row per metric. */
function levelTable<T extends { level: number }>(
  ctx: BuildContext,
  caption: string,
  rows: readonly T[],
  metrics: { label: string; cell: (row: T | undefined) => string }[],
): ReportTable {
  const levels = byLevel(rows);
  return {
    caption,
    rowHeaders: true,
    columns: columns(ctx.t('groups.measure'), ...RISK_LEVELS.map((l) => ctx.labels.level(l))),
    rows: metrics.map((m) => [m.label, ...levels.map((row) => m.cell(row))]),
  };
}

function levelChart<T extends { level: number }>(
  ctx: BuildContext,
  rows: readonly T[],
  series: { id: string; label: string; value: (row: T) => number | null },
  format: (v: number) => string,
  tick?: (v: number) => string,
): BarChartModel {
  const levels = byLevel(rows);
  return {
    ...(tick && { tick }),
    kind: 'bar',
    categories: RISK_LEVELS.map((l) => ctx.labels.level(l)),
    categoryColors: [...LEVEL_PALETTE],
    series: [{ id: series.id, label: series.label, data: levels.map((r) => (r ? series.value(r) : null)) }],
    categoryLabel: ctx.t('groups.level'),
    valueLabel: series.label,
    format,
  };
}

/**
 * cof_top_average, cof_wide_distribution (COF) and total_risk_risk (BRE): per level its pipes, length, mean,
 * sum and range. `value` names the money ('COF' or 'BRE'); the chart shows `chartOf` per level.
 */
export function levelColumnsSection(
  ctx: BuildContext,
  id: 'cof_top_average' | 'cof_wide_distribution' | 'total_risk_risk',
  rows: readonly LevelColumnView[],
  chartOf: 'average' | 'length' | 'total',
  subtitle?: string,
): ReportSection {
  const { t, fmt } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const lengthLabel = withUnit(ctx, t('columns.length'), fmt.unit.large);
  const metrics: { label: string; cell: (row: LevelColumnView | undefined) => string }[] = [
    { label: t('columns.pipes'), cell: (r) => fmt.count(r?.pipes ?? 0) },
    { label: lengthLabel, cell: (r) => fmt.lengthLarge(r?.lengthM ?? 0) },
    { label: money('columns.average'), cell: (r) => fmt.money(r?.average) },
    { label: money('columns.total'), cell: (r) => fmt.money(r?.total) },
    { label: money('columns.min'), cell: (r) => fmt.money(r?.min) },
    { label: money('columns.max'), cell: (r) => fmt.money(r?.max) },
  ];
  const chart =
    chartOf === 'length'
      ? levelChart(
          ctx,
          rows,
          { id: 'length', label: lengthLabel, value: (r) => fmt.large(r.lengthM) },
          (v) => fmt.decimal(v, 1),
          fmt.tick,
        )
      : levelChart(
          ctx,
          rows,
          { id: chartOf, label: money(`columns.${chartOf}`), value: (r) => r[chartOf] },
          (v) => fmt.money(v),
        );
  return {
    id,
    title: t(`sections.${id}`),
    ...(subtitle !== undefined && { subtitle }),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart,
    table: levelTable(ctx, t(`sections.${id}`), rows, metrics),
  };
}

/** total_risk_top: per BRE level, the means of its two factors (LOF, COF) and of BRE itself. */
export function riskTopSection(
  ctx: BuildContext,
  rows: readonly RiskLevelRowView[],
  subtitle?: string,
): ReportSection {
  const { t, fmt } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  return {
    id: 'total_risk_top',
    title: t('sections.total_risk_top'),
    ...(subtitle !== undefined && { subtitle }),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    // The three figures of the title, one chart each (their units differ): mean LOF, mean COF, mean total risk.
    chart: levelChart(
      ctx,
      rows,
      {
        id: 'meanLof',
        label: t('columns.meanLof'),
        value: (r) => (r.meanLof == null ? null : r.meanLof * 100),
      },
      (v) => fmt.percent(v, 1),
    ),
    moreCharts: [
      levelChart(
        ctx,
        rows,
        { id: 'meanCof', label: money('columns.meanCof'), value: (r) => r.meanCof },
        (v) => fmt.money(v),
      ),
      levelChart(
        ctx,
        rows,
        { id: 'meanBre', label: money('columns.meanBre'), value: (r) => r.meanBre },
        (v) => fmt.money(v),
      ),
    ],
    table: levelTable(ctx, t('sections.total_risk_top'), rows, [
      { label: t('columns.pipes'), cell: (r) => fmt.count(r?.pipes ?? 0) },
      {
        label: withUnit(ctx, t('columns.length'), fmt.unit.large),
        cell: (r) => fmt.lengthLarge(r?.lengthM ?? 0),
      },
      { label: t('columns.meanLof'), cell: (r) => fmt.lof(r?.meanLof) },
      { label: money('columns.meanCof'), cell: (r) => fmt.money(r?.meanCof) },
      { label: money('columns.meanBre'), cell: (r) => fmt.money(r?.meanBre) },
      { label: money('columns.totalBre'), cell: (r) => fmt.money(r?.totalBre) },
    ]),
  };
}
