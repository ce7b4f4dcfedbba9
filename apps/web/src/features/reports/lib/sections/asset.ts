// Asset sections (001 §7 length_by_* and breaks_by_*): network length and recorded breaks per material, diameter
// tier, install year or decade. Lengths in km or mi, break rates per 100 km or 100 mi per year.
import type { GroupRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { columns, type ReportSection } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';

export type GroupRowView = Camelize<GroupRow>;
export type GroupKind = 'material' | 'diameter' | 'year' | 'decade';

export function groupLabel(ctx: BuildContext, kind: GroupKind, key: string | null): string {
  switch (kind) {
    case 'material':
      return ctx.labels.material(key);
    case 'diameter':
      return ctx.labels.diameterTier(key);
    case 'year':
      return ctx.labels.year(key);
    case 'decade':
      return ctx.labels.decade(key);
  }
}

const sumLength = (rows: readonly { lengthM: number }[]) => rows.reduce((sum, r) => sum + r.lengthM, 0);

/** length_by_material, length_by_diameter, length_by_install_year. */
export function lengthSection(
  ctx: BuildContext,
  id: string,
  kind: GroupKind,
  rows: readonly GroupRowView[],
): ReportSection {
  const { t, fmt } = ctx;
  const lengthLabel = withUnit(ctx, t('columns.length'), fmt.unit.large);
  const total = sumLength(rows);
  const categories = rows.map((r) => groupLabel(ctx, kind, r.key));
  return {
    id,
    title: t(`sections.${id}`),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      // Material names are long: they read better beside horizontal bars than under vertical ones.
      horizontal: kind === 'material',
      categories,
      series: [{ id: 'length', label: lengthLabel, data: rows.map((r) => fmt.large(r.lengthM)) }],
      categoryLabel: t(`groups.${kind}`),
      valueLabel: lengthLabel,
      format: (v) => fmt.decimal(v, 1),
      tick: fmt.tick,
    },
    table: {
      caption: t(`sections.${id}`),
      rowHeaders: true,
      columns: columns(t(`groups.${kind}`), t('columns.pipes'), lengthLabel, t('columns.shareOfLength')),
      rows: [
        ...rows.map((r, i) => [
          categories[i]!,
          fmt.count(r.pipes),
          fmt.lengthLarge(r.lengthM),
          fmt.share(total > 0 ? r.lengthM / total : null),
        ]),
        [
          t('labels.total'),
          fmt.count(rows.reduce((sum, r) => sum + r.pipes, 0)),
          fmt.lengthLarge(total),
          fmt.share(total > 0 ? 1 : null),
        ],
      ],
    },
  };
}

/** breaks_by_material, breaks_by_install_year, breaks_by_decade. */
export function breaksSection(
  ctx: BuildContext,
  id: string,
  kind: GroupKind,
  rows: readonly GroupRowView[],
): ReportSection {
  const { t, fmt } = ctx;
  const lengthLabel = withUnit(ctx, t('columns.length'), fmt.unit.large);
  const rateLabel = t('columns.breakRate', { unit: fmt.unit.large });
  const categories = rows.map((r) => groupLabel(ctx, kind, r.key));
  return {
    id,
    title: t(`sections.${id}`),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      // Material names are long: they read better beside horizontal bars than under vertical ones.
      horizontal: kind === 'material',
      categories,
      series: [{ id: 'breaks', label: t('columns.breaks'), data: rows.map((r) => r.breaks ?? 0) }],
      categoryLabel: t(`groups.${kind}`),
      valueLabel: t('columns.breaks'),
      format: (v) => fmt.count(v),
    },
    table: {
      caption: t(`sections.${id}`),
      rowHeaders: true,
      columns: columns(t(`groups.${kind}`), t('columns.pipes'), lengthLabel, t('columns.breaks'), rateLabel),
      rows: rows.map((r, i) => [
        categories[i]!,
        fmt.count(r.pipes),
        fmt.lengthLarge(r.lengthM),
        fmt.count(r.breaks),
        fmt.decimal(fmt.rate(r.breaksPer100kmYear), 2),
      ]),
    },
  };
}

/** Install years summed into decades (the dashboard's "length by age"): '1965' → '1960'. */
export function byDecade(rows: readonly GroupRowView[]): GroupRowView[] {
  const decades = new Map<string | null, GroupRowView>();
  for (const row of rows) {
    const year = row.key == null ? Number.NaN : Number(row.key);
    const key = Number.isFinite(year) ? String(Math.floor(year / 10) * 10) : null;
    const sum = decades.get(key) ?? { key, pipes: 0, lengthM: 0, breaks: null, breaksPer100kmYear: null };
    decades.set(key, { ...sum, pipes: sum.pipes + row.pipes, lengthM: sum.lengthM + row.lengthM });
  }
  // Oldest first, unknown last.
  return [...decades.values()].sort((a, b) =>
    a.key == null ? 1 : b.key == null ? -1 : Number(a.key) - Number(b.key),
  );
}
