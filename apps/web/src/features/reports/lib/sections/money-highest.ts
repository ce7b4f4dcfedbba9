// cof_highest and bre_highest (issue 38): the pipes with the most money at stake — their consequence of failure, or
// their total risk — as a planner's work list beside the LOF Highest page: where each is, what it is, its LOF within
// 12 months (the horizon total risk is computed at), its COF and its total risk; each pipe opens on the map.
import type { MoneyHighestRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { pipeOnMapPath } from '../../../../lib/map-links.ts';
import { columns, type ReportSection } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';
import { pipeName } from './highest.ts';

export type MoneyHighestRowView = Camelize<MoneyHighestRow>;

/** Pipes in the chart: a readable bar height within one printed page; the table has the whole list. */
const CHART_PIPES = 15;

export function moneyHighestSection(
  ctx: BuildContext,
  id: 'cof_highest' | 'bre_highest',
  rows: readonly MoneyHighestRowView[],
): ReportSection {
  const { t, fmt, labels } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const ranked = id === 'cof_highest' ? money('columns.cof') : money('columns.totalBre');
  const valueOf = (r: MoneyHighestRowView) => (id === 'cof_highest' ? r.cof : r.bre);
  return {
    id,
    title: t(`sections.${id}`),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      horizontal: true,
      categories: rows.slice(0, CHART_PIPES).map((r) => pipeName(r)),
      series: [{ id, label: ranked, data: rows.slice(0, CHART_PIPES).map(valueOf) }],
      categoryLabel: t('columns.pipe'),
      valueLabel: ranked,
      format: (v) => fmt.money(v),
    },
    table: {
      caption: t(`sections.${id}`),
      columns: [
        { label: t('columns.position'), numeric: true },
        { label: t('columns.pipe'), nowrap: true },
        { label: t('columns.address') },
        { label: t('groups.material') },
        ...columns(
          withUnit(ctx, t('columns.diameter'), fmt.unit.diameter),
          t('columns.installYear'),
          withUnit(ctx, t('columns.length'), fmt.unit.segment),
          t('columns.lof12'),
          money('columns.cof'),
          money('columns.totalBre'),
        ).map((c) => ({ ...c, numeric: true })),
      ],
      rows: rows.map((r, i) => [
        fmt.count(i + 1),
        pipeName(r),
        r.address ?? '',
        labels.materialCode(r.materialTypeCode),
        fmt.diameter(r.diameterMm),
        fmt.year(r.installYear),
        fmt.length(r.lengthM),
        fmt.lof(r.lof),
        fmt.money(r.cof),
        fmt.money(r.bre),
      ]),
      links: {
        column: 1,
        to: rows.map((r) => pipeOnMapPath(r.pipeId, id === 'cof_highest' ? 'cof' : 'bre')),
      },
    },
  };
}
