// cof_distribution and total_risk_distribution: the 11 buckets of 001 §9 (0 % … 100 % of the scale, in 10 % steps;
// the server puts them on a log scale when the values span 100× or more — issue 38). Every bucket is shown, an empty
// one as zero, so the chart always has its 11 bars; the bars are labelled in money (up to each bucket's upper edge),
// which reads the same on either scale, and the section says which scale it is.
import { DISTRIBUTION_BUCKETS, type BucketRow } from '@pipewise/domain';
import type { Camelize } from '../../../../lib/case.ts';
import { columns, type ReportSection } from '../section.ts';
import { withUnit, type BuildContext } from './context.ts';

export type BucketRowView = Camelize<BucketRow>;

/** The rows of the 11 buckets in order, zero where the API sent none. */
export function elevenBuckets(rows: readonly BucketRowView[]): BucketRowView[] {
  return DISTRIBUTION_BUCKETS.map(
    (bucket) =>
      rows.find((r) => r.bucketPercent === bucket) ?? {
        bucketPercent: bucket,
        from: Number.NaN,
        to: Number.NaN,
        pipes: 0,
        lengthM: 0,
        scale: 'linear' as const,
      },
  );
}

export function distributionSection(
  ctx: BuildContext,
  id: 'cof_distribution' | 'total_risk_distribution',
  rows: readonly BucketRowView[],
  subtitle?: string,
): ReportSection {
  const { t, fmt } = ctx;
  const buckets = elevenBuckets(rows);
  const money = (label: string) => withUnit(ctx, label, fmt.currency);
  const log = rows[0]?.scale === 'log';
  // Money, not a share of the highest: "≤ $1.2k" (issue 38: one outlier made "0 %" hold nearly every pipe).
  const categories = buckets.map((b) => t('labels.upTo', { value: fmt.money(b.to) }));
  const scaleNote = t(log ? 'notes.logScale' : 'notes.linearScale');
  return {
    id,
    title: t(`sections.${id}`),
    subtitle: subtitle === undefined ? scaleNote : `${subtitle} · ${scaleNote}`,
    ...(rows.length === 0 && { empty: t('states.noRows') }),
    chart: {
      kind: 'bar',
      categories,
      series: [{ id: 'pipes', label: t('columns.pipes'), data: buckets.map((b) => b.pipes) }],
      categoryLabel: t('groups.bucket'),
      valueLabel: t('columns.pipes'),
      format: (v) => fmt.count(v),
    },
    table: {
      caption: t(`sections.${id}`),
      rowHeaders: true,
      columns: columns(
        t('groups.bucket'),
        money(t('columns.from')),
        money(t('columns.to')),
        t('columns.pipes'),
        withUnit(ctx, t('columns.length'), fmt.unit.large),
      ),
      rows: buckets.map((b) => [
        fmt.percent(b.bucketPercent),
        fmt.money(b.from),
        fmt.money(b.to),
        fmt.count(b.pipes),
        fmt.lengthLarge(b.lengthM),
      ]),
    },
  };
}
