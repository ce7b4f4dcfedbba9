// LOF sections (001 §7 lof_*): network length in each of the 8 LOF classes of the map's LOF view (MAP-TIER-06),
// overall and per group (stacked bars), and the pipes' strongest risk drivers. All at the chosen horizon.
import type { LofGroupRow, RiskDriverRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { LOF_CLASS_TIERS } from '../labels.ts';
import { columns, type ReportSection } from '../section.ts';
import { groupLabel, type GroupKind } from './asset.ts';
import { withinMonths, withUnit, type BuildContext } from './context.ts';

export type LofGroupRowView = Camelize<LofGroupRow>;
export type RiskDriverRowView = Camelize<RiskDriverRow>;

const CLASS_INDEXES = LOF_CLASS_TIERS.map((_tier, i) => i);

/** lof_length_absolute: the whole network's length per LOF class. */
export function lofAbsoluteSection(
  ctx: BuildContext,
  rows: readonly LofGroupRowView[],
  months: number,
): ReportSection {
  const { t, fmt, labels } = ctx;
  const lengthLabel = withUnit(ctx, t('columns.length'), fmt.unit.large);
  const byClass = CLASS_INDEXES.map((i) => rows.reduce((sum, r) => sum + (r.lengthByClassM[i] ?? 0), 0));
  const total = byClass.reduce((a, b) => a + b, 0);
  const categories = CLASS_INDEXES.map((i) => labels.lofClass(i));
  return {
    id: 'lof_length_absolute',
    title: t('sections.lof_length_absolute'),
    subtitle: withinMonths(ctx, months),
    ...(total === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      categories,
      series: [{ id: 'length', label: lengthLabel, data: byClass.map((m) => fmt.large(m)) }],
      categoryColors: LOF_CLASS_TIERS.map((tier) => tier.color),
      categoryLabel: t('groups.lofClass'),
      valueLabel: lengthLabel,
      format: (v) => fmt.decimal(v, 1),
      tick: fmt.tick,
    },
    table: {
      caption: `${t('sections.lof_length_absolute')} (${withinMonths(ctx, months)})`,
      rowHeaders: true,
      columns: columns(t('groups.lofClass'), lengthLabel, t('columns.shareOfLength')),
      rows: [
        ...byClass.map((m, i) => [
          categories[i]!,
          fmt.lengthLarge(m),
          fmt.share(total > 0 ? m / total : null),
        ]),
        [t('labels.total'), fmt.lengthLarge(total), fmt.share(total > 0 ? 1 : null)],
      ],
    },
  };
}

/** lof_length_by_diameter, _by_material, _by_year, _by_decade: stacked LOF classes per group. */
export function lofGroupSection(
  ctx: BuildContext,
  id: string,
  kind: GroupKind,
  rows: readonly LofGroupRowView[],
  months: number,
): ReportSection {
  const { t, fmt, labels } = ctx;
  const unit = fmt.unit.large;
  const lengthLabel = withUnit(ctx, t('columns.length'), unit);
  const categories = rows.map((r) => groupLabel(ctx, kind, r.key));
  return {
    id,
    title: t(`sections.${id}`),
    subtitle: withinMonths(ctx, months),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      // Material names are long: they read better beside horizontal bars than under vertical ones.
      horizontal: kind === 'material',
      categories,
      series: CLASS_INDEXES.map((i) => ({
        id: `class-${i}`,
        label: labels.lofClass(i),
        data: rows.map((r) => fmt.large(r.lengthByClassM[i] ?? 0)),
        color: LOF_CLASS_TIERS[i]!.color,
        stack: 'lof',
      })),
      categoryLabel: t(`groups.${kind}`),
      valueLabel: lengthLabel,
      format: (v) => fmt.decimal(v, 1),
      tick: fmt.tick,
    },
    table: {
      caption: `${t(`sections.${id}`)} (${withinMonths(ctx, months)})`,
      rowHeaders: true,
      columns: columns(
        t(`groups.${kind}`),
        lengthLabel,
        t('columns.meanLof'),
        t('columns.expectedBreaks'),
        ...CLASS_INDEXES.map((i) => withUnit(ctx, labels.lofClass(i), unit)),
      ),
      rows: rows.map((r, i) => [
        categories[i]!,
        fmt.lengthLarge(r.lengthM),
        fmt.lof(r.meanLof),
        fmt.decimal(r.expectedBreaks, 1),
        ...CLASS_INDEXES.map((c) => fmt.lengthLarge(r.lengthByClassM[c] ?? 0)),
      ]),
    },
  };
}

/** lof_top_risk_drivers: the 5 drivers (001 §9) that are strongest for the most pipes. */
export function riskDriversSection(
  ctx: BuildContext,
  rows: readonly RiskDriverRowView[],
  months: number,
): ReportSection {
  const { t, fmt } = ctx;
  const lengthLabel = withUnit(ctx, t('columns.length'), fmt.unit.large);
  return {
    id: 'lof_top_risk_drivers',
    title: t('sections.lof_top_risk_drivers'),
    subtitle: withinMonths(ctx, months),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      horizontal: true,
      categories: rows.map((r) => r.name),
      series: [{ id: 'pipes', label: t('columns.pipes'), data: rows.map((r) => r.pipes) }],
      categoryLabel: t('groups.driver'),
      valueLabel: t('columns.pipes'),
      format: (v) => fmt.count(v),
    },
    table: {
      caption: `${t('sections.lof_top_risk_drivers')} (${withinMonths(ctx, months)})`,
      rowHeaders: true,
      columns: columns(t('groups.driver'), t('columns.pipes'), lengthLabel),
      rows: rows.map((r) => [r.name, fmt.count(r.pipes), fmt.lengthLarge(r.lengthM)]),
    },
  };
}
