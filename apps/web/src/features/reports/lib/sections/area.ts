// area_mesh, area_district, area_custom_zone: one row per mesh cell, district or custom zone with its pipes, the
// breaks its pipes are expected to have in 12 months, per year and per 100 km (or mi) of main, and, with the
// subscriptions, the share of its length at high or very high risk and its total COF and BRE. The area LOF
// (1 − Π(1 − lof12), 000 §3) is left out: over a district's thousands of pipes it reads 100 % everywhere and tells
// the areas apart no more (issue 15). The chart ranks the areas by expected breaks per length, which does.
import type { AreaRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { columns, type ReportSection } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';

export type AreaRowView = Camelize<AreaRow>;
export type AreaKind = 'mesh' | 'district' | 'customZone';

/** Areas in the chart: the riskiest, enough to compare within one printed page. */
const CHART_AREAS = 15;

export function areaName(row: Pick<AreaRowView, 'name' | 'nativeId' | 'areaId'>): string {
  return row.name ?? row.nativeId ?? `#${row.areaId}`;
}

/** Expected breaks per 100 km per year: the wire's rate unit, which fmt.rate shows per 100 km or 100 mi. */
const areaRate = (r: AreaRowView) => ((r.expectedBreaks12 ?? 0) / r.lengthM) * 100_000;

export function areaSection(ctx: BuildContext, kind: AreaKind, rows: readonly AreaRowView[]): ReportSection {
  const { t, fmt } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const withCof = rows.some((r) => r.totalCof != null);
  const withBre = rows.some((r) => r.totalBre != null);
  const withTopRisk = rows.some((r) => r.topRiskShare != null);
  const rateLabel = t('columns.expectedBreakRate', { unit: fmt.unit.large });
  const ranked = [...rows]
    .filter((r) => r.expectedBreaks12 != null && r.lengthM > 0)
    .sort((a, b) => areaRate(b) - areaRate(a))
    .slice(0, CHART_AREAS);
  return {
    id: `area_${kind}`,
    title: t(`sections.area.${kind}`),
    ...(rows.length === 0 && { empty: t('states.noAreas') }),
    chart: {
      kind: 'bar',
      horizontal: true,
      categories: ranked.map(areaName),
      series: [{ id: 'breakRate', label: rateLabel, data: ranked.map((r) => fmt.rate(areaRate(r)) ?? 0) }],
      categoryLabel: t(`groups.${kind}`),
      valueLabel: rateLabel,
      format: (v) => fmt.decimal(v, 2),
      tick: fmt.tick,
    },
    table: {
      caption: t(`sections.area.${kind}`),
      rowHeaders: true,
      columns: [
        ...columns(
          t(`groups.${kind}`),
          t('columns.pipes'),
          withUnit(ctx, t('columns.length'), fmt.unit.large),
          t('columns.expectedBreaks12'),
          rateLabel,
        ),
        ...(withTopRisk ? [{ label: t('columns.topRiskShare'), numeric: true }] : []),
        { label: t('columns.riskDrivers') },
        ...(withCof ? [{ label: money('columns.totalCof'), numeric: true }] : []),
        ...(withBre ? [{ label: money('columns.totalBre'), numeric: true }] : []),
      ],
      rows: rows.map((r) => [
        areaName(r),
        fmt.count(r.pipes),
        fmt.lengthLarge(r.lengthM),
        fmt.decimal(r.expectedBreaks12, 2),
        r.expectedBreaks12 == null || r.lengthM <= 0 ? fmt.na : fmt.decimal(fmt.rate(areaRate(r)), 2),
        ...(withTopRisk ? [fmt.share(r.topRiskShare)] : []),
        r.riskDriverNames.join(', '),
        ...(withCof ? [fmt.money(r.totalCof)] : []),
        ...(withBre ? [fmt.money(r.totalBre)] : []),
      ]),
    },
  };
}
