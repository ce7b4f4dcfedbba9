// COF sections (001 §7 cof_*) and the totals both COF and BRE pages open with. Factors are the 7 cost groups of
// 001 §9; Japan clients (but client 47) do not see the environmental one (001 §6): the API says so with
// hides_environment and leaves it out, and the sections drop it too should a row still come.
import {
  MATERIAL_PALETTE,
  RISK_LEVELS,
  type CofReportFactor,
  type CostCodeRow,
  type FactorByLevelRow,
  type FactorRow,
} from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { columns, type ReportSection } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';

export type CostCodeRowView = Camelize<CostCodeRow>;
export type FactorRowView = Camelize<FactorRow>;
export type FactorByLevelRowView = Camelize<FactorByLevelRow>;
export interface TotalsView {
  pipes: number;
  lengthM: number;
  average: number;
  total: number;
}

/** The factors a reader may see. */
export function visibleFactors<T extends { factor: CofReportFactor }>(
  rows: readonly T[],
  hidesEnvironment: boolean,
): T[] {
  return hidesEnvironment ? rows.filter((r) => r.factor !== 'environmental') : [...rows];
}

/** cof_total_average, total_risk_average: one row of network totals. */
export function totalsSection(
  ctx: BuildContext,
  id: 'cof_total_average' | 'total_risk_average',
  totals: TotalsView | undefined,
  subtitle?: string,
): ReportSection {
  const { t, fmt } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  return {
    id,
    title: t(`sections.${id}`),
    ...(subtitle !== undefined && { subtitle }),
    ...(!totals && { empty: t('states.noRows') }),
    table: {
      caption: t(`sections.${id}`),
      columns: columns(
        t('columns.pipes'),
        withUnit(ctx, t('columns.length'), fmt.unit.large),
        money('columns.average'),
        money('columns.total'),
      ).map((c) => ({ ...c, numeric: true })),
      rows: totals
        ? [
            [
              fmt.count(totals.pipes),
              fmt.lengthLarge(totals.lengthM),
              fmt.money(totals.average),
              fmt.money(totals.total),
            ],
          ]
        : [],
    },
  };
}

/** cof_average: mean and sum per cost code (direct, indirect, total, custom; 001 §9). */
export function costCodeSection(ctx: BuildContext, rows: readonly CostCodeRowView[]): ReportSection {
  const { t, fmt, labels } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const categories = rows.map((r) => labels.costCode(r.code));
  return {
    id: 'cof_average',
    title: t('sections.cof_average'),
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      categories,
      series: [{ id: 'average', label: money('columns.average'), data: rows.map((r) => r.average) }],
      categoryLabel: t('groups.cost'),
      valueLabel: money('columns.average'),
      format: (v) => fmt.money(v),
    },
    table: {
      caption: t('sections.cof_average'),
      rowHeaders: true,
      columns: columns(t('groups.cost'), money('columns.average'), money('columns.total')),
      rows: rows.map((r, i) => [categories[i]!, fmt.money(r.average), fmt.money(r.total)]),
    },
  };
}

/** cof_average_factors: each factor's share of the total COF (a pie), its mean and sum. */
export function factorsSection(
  ctx: BuildContext,
  rows: readonly FactorRowView[],
  hidesEnvironment: boolean,
): ReportSection {
  const { t, fmt, labels } = ctx;
  const money = (key: string) => withUnit(ctx, t(key), fmt.currency);
  const shown = visibleFactors(rows, hidesEnvironment);
  return {
    id: 'cof_average_factors',
    title: t('sections.cof_average_factors'),
    ...(shown.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'pie',
      slices: shown.map((r, i) => ({
        id: r.factor,
        label: labels.factor(r.factor),
        value: r.share,
        color: MATERIAL_PALETTE[i % MATERIAL_PALETTE.length]!,
      })),
      format: (v) => fmt.share(v),
    },
    table: {
      caption: t('sections.cof_average_factors'),
      rowHeaders: true,
      columns: columns(
        t('groups.factor'),
        money('columns.average'),
        money('columns.total'),
        t('columns.shareOfCof'),
      ),
      rows: shown.map((r) => [
        labels.factor(r.factor),
        fmt.money(r.average),
        fmt.money(r.total),
        fmt.share(r.share),
      ]),
    },
  };
}

/** cof_top_factors: per factor, its mean in each of the 5 levels (the 5 rank columns). */
export function factorsByLevelSection(
  ctx: BuildContext,
  rows: readonly FactorByLevelRowView[],
  hidesEnvironment: boolean,
): ReportSection {
  const { t, fmt, labels } = ctx;
  const shown = visibleFactors(rows, hidesEnvironment);
  const meanLabel = withUnit(ctx, t('columns.average'), fmt.currency);
  return {
    id: 'cof_top_factors',
    title: t('sections.cof_top_factors'),
    ...(shown.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      categories: RISK_LEVELS.map((l) => labels.level(l)),
      series: shown.map((r, i) => ({
        id: r.factor,
        label: labels.factor(r.factor),
        data: RISK_LEVELS.map((_l, level) => r.averageByLevel[level] ?? null),
        color: MATERIAL_PALETTE[i % MATERIAL_PALETTE.length]!,
        stack: 'factors',
      })),
      categoryLabel: t('groups.level'),
      valueLabel: meanLabel,
      format: (v) => fmt.money(v),
    },
    table: {
      caption: t('sections.cof_top_factors'),
      rowHeaders: true,
      columns: columns(
        t('groups.factor'),
        ...RISK_LEVELS.map((l) => withUnit(ctx, labels.level(l), fmt.currency)),
      ),
      rows: shown.map((r) => [
        labels.factor(r.factor),
        ...RISK_LEVELS.map((_l, level) => fmt.money(r.averageByLevel[level])),
      ]),
    },
  };
}
