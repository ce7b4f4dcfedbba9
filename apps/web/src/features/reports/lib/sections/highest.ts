// lof_highest: the pipes most likely to break within the horizon, ranked, as a work list. Per-pipe lengths are in
// m or ft (not km or mi) and diameters in mm or in, as the map's details show them.
import { LOF_RANK_OUT_OF_RANGE, rankDecimals, type HighestRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { pipeOnMapPath } from '../../../../lib/map-links.ts';
import { columns, type ReportSection } from '../section.ts';
import { withinMonths, withUnit, type BuildContext } from './context.ts';

export type HighestRowView = Camelize<HighestRow>;

export function highestSection(
  ctx: BuildContext,
  rows: readonly HighestRowView[],
  months: number,
): ReportSection {
  const { t, fmt, labels } = ctx;
  const subtitle = withinMonths(ctx, months);
  // The very top of a large network is a fraction of a percent: decimals enough that it does not read 'Top 0.0%'.
  const rank = (value: number | null) =>
    value == null || value < 0 || value === LOF_RANK_OUT_OF_RANGE
      ? fmt.na
      : t('labels.top', { value: fmt.percent(value, rankDecimals(value)) });
  return {
    id: 'lof_highest',
    title: t('sections.lof_highest'),
    subtitle,
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      horizontal: true,
      // The chart shows the top of the list; the table has all of it.
      categories: rows.slice(0, CHART_PIPES).map((r) => pipeName(r)),
      series: [
        {
          id: 'lof',
          label: t('columns.lof'),
          data: rows.slice(0, CHART_PIPES).map((r) => (r.lof == null ? null : r.lof * 100)),
        },
      ],
      categoryLabel: t('columns.pipe'),
      valueLabel: withUnit(ctx, t('columns.lof'), '%'),
      format: (v) => fmt.decimal(v, 1),
      tick: fmt.tick,
    },
    table: {
      caption: `${t('sections.lof_highest')} (${subtitle})`,
      columns: [
        { label: t('columns.position'), numeric: true },
        { label: t('columns.pipe'), nowrap: true },
        { label: t('groups.material') },
        ...columns(
          withUnit(ctx, t('columns.diameter'), fmt.unit.diameter),
          t('columns.installYear'),
          withUnit(ctx, t('columns.length'), fmt.unit.segment),
          t('columns.lof'),
          t('columns.rank'),
          t('columns.breaks'),
        ).map((c) => ({ ...c, numeric: true })),
        { label: t('columns.riskDrivers') },
      ],
      rows: rows.map((r, i) => [
        fmt.count(i + 1),
        pipeName(r),
        labels.materialCode(r.materialTypeCode),
        fmt.diameter(r.diameterMm),
        fmt.year(r.installYear),
        fmt.length(r.lengthM),
        fmt.lof(r.lof),
        rank(r.rank),
        fmt.count(r.breaks),
        r.riskDriverNames.join(', '),
      ]),
      // Each pipe opens on the map with its details: the list is a work list.
      links: { column: 1, to: rows.map((r) => pipeOnMapPath(r.pipeId, 'highest')) },
    },
  };
}

/** Pipes in the chart: a readable bar height within one printed page. */
const CHART_PIPES = 15;

/** The utility's own id when it has one, else the map id. */
export function pipeName(row: Pick<HighestRowView, 'nativeId' | 'pipeId'>): string {
  return row.nativeId ?? `#${row.pipeId}`;
}
