import { IMPERIAL_UNITS } from '@pipewise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { reportFormat } from '../format.ts';
import type { Labels } from '../labels.ts';
import type { BarChartModel } from '../section.ts';
import { byDecade } from './asset.ts';
import { distributionSection, elevenBuckets } from './distribution.ts';

describe('elevenBuckets', () => {
  it('gives the 11 buckets of 001 §9 in order, empty ones as zero', () => {
    const buckets = elevenBuckets([
      { bucketPercent: 100, from: 9, to: 10, pipes: 1, lengthM: 5, scale: 'linear' },
      { bucketPercent: 0, from: 0, to: 1, pipes: 7, lengthM: 50, scale: 'linear' },
    ]);
    expect(buckets.map((b) => b.bucketPercent)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(buckets.map((b) => b.pipes)).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });
});

// Issue 38: one pipe's $18.9M put nearly every pipe in "0 %"; the server then spreads the buckets on a log scale.
describe('distributionSection', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('reports');
  });
  const ctx = () => ({
    t: i18n.getFixedT('en', 'reports'),
    fmt: reportFormat({ language: 'en', units: IMPERIAL_UNITS, currency: 'USD', timeZone: 'UTC', na: 'n/a' }),
    labels: {} as Labels,
  });

  it('labels the bars in money and says which scale the buckets lie on', () => {
    const at = (x: number) => 100 * 189_000 ** x;
    const rows = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((b, k) => ({
      bucketPercent: b,
      from: k === 0 ? 0 : at((k - 0.5) / 10),
      to: k === 10 ? 18_900_000 : at((k + 0.5) / 10),
      pipes: [50, 400, 3000, 6000, 5500, 3500, 1200, 300, 40, 9, 1][k]!,
      lengthM: 1000,
      scale: 'log' as const,
    }));
    const section = distributionSection(ctx(), 'cof_distribution', rows);
    expect(section.subtitle).toMatch(/logarithmic scale/);
    expect((section.chart as BarChartModel).categories[0]).toBe('≤ $183.58');
    expect((section.chart as BarChartModel).categories[5]).toBe('≤ $79.8k');
    expect((section.chart as BarChartModel).categories[10]).toBe('≤ $18.9M');
    expect(section.table.rows[10]![0]).toBe('100%');
    const linear = distributionSection(ctx(), 'cof_distribution', [{ ...rows[0]!, scale: 'linear' }]);
    expect(linear.subtitle).toMatch(/tenths of the highest value/);
  });
});

describe('byDecade', () => {
  it('sums install years into decades, oldest first, unknown last', () => {
    const row = (key: string | null, lengthM: number) => ({
      key,
      pipes: 1,
      lengthM,
      breaks: null,
      breaksPer100kmYear: null,
    });
    const decades = byDecade([row(null, 5), row('1972', 20), row('1965', 10), row('1969', 1)]);
    expect(decades.map((d) => [d.key, d.pipes, d.lengthM])).toEqual([
      ['1960', 2, 11],
      ['1970', 1, 20],
      [null, 1, 5],
    ]);
  });
});
