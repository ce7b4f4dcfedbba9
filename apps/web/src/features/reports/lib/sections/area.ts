// area_mesh, area_district, area_custom_zone: one row per mesh cell, district or custom zone with its pipes, its
// 12-month LOF (1 − Π(1 − lof12), the only horizon areas carry, 000 §3) and, with the subscriptions, total COF and
// BRE. The chart ranks the areas most likely to see a break.
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

export function areaSection(ctx: BuildContext, kind: AreaKind, rows: readonly AreaRowView[]): ReportSection {
  const { t, fmt } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const withCof = rows.some((r) => r.totalCof != null);
  const withBre = rows.some((r) => r.totalBre != null);
  const ranked = [...rows]
    .filter((r) => r.lof12 != null)
    .sort((a, b) => (b.lof12 ?? 0) - (a.lof12 ?? 0))
    .slice(0, CHART_AREAS);
  const lofLabel = t('columns.lof12');
  return {
    id: `area_${kind}`,
    title: t(`sections.area.${kind}`),
    ...(rows.length === 0 && { empty: t('states.noAreas') }),
    chart: {
      kind: 'bar',
      horizontal: true,
      categories: ranked.map(areaName),
      series: [{ id: 'lof12', label: lofLabel, data: ranked.map((r) => (r.lof12 ?? 0) * 100) }],
      categoryLabel: t(`groups.${kind}`),
      valueLabel: withUnit(ctx, lofLabel, '%'),
      format: (v) => fmt.decimal(v, 1),
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
          lofLabel,
        ),
        { label: t('columns.riskDrivers') },
        ...(withCof ? [{ label: money('columns.totalCof'), numeric: true }] : []),
        ...(withBre ? [{ label: money('columns.totalBre'), numeric: true }] : []),
      ],
      rows: rows.map((r) => [
        areaName(r),
        fmt.count(r.pipes),
        fmt.lengthLarge(r.lengthM),
        fmt.lof(r.lof12),
        r.riskDriverNames.join(', '),
        ...(withCof ? [fmt.money(r.totalCof)] : []),
        ...(withBre ? [fmt.money(r.totalBre)] : []),
      ]),
    },
  };
}
