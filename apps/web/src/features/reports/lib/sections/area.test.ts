import { IMPERIAL_UNITS } from '@pipewise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { reportFormat } from '../format.ts';
import type { Labels } from '../labels.ts';
import type { BarChartModel } from '../section.ts';
import { areaSection, type AreaRowView } from './area.ts';

const row = (over: Partial<AreaRowView>): AreaRowView => ({
  areaId: 1,
  nativeId: null,
  name: null,
  pipes: 1000,
  lengthM: 100_000,
  lof12: 0.9999,
  expectedBreaks12: null,
  topRiskShare: null,
  riskDriverNames: [],
  totalCof: null,
  totalBre: null,
  ...over,
});

describe('areaSection (issue 15: the area LOF saturates, the rate tells areas apart)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('reports');
  });

  it('ranks the areas by expected breaks per 100 mi, and shows the high-risk share of length', () => {
    const ctx = {
      t: i18n.getFixedT('en', 'reports'),
      fmt: reportFormat({
        language: 'en',
        units: IMPERIAL_UNITS,
        currency: 'USD',
        timeZone: 'UTC',
        na: 'n/a',
      }),
      labels: {} as Labels,
    };
    // Both districts read 99.99 % LOF; the west one has 20 expected breaks on 100 km, the east one 50 on 500 km.
    const section = areaSection(ctx, 'district', [
      row({ areaId: 1, name: 'East', lengthM: 500_000, expectedBreaks12: 50, topRiskShare: 0.1 }),
      row({ areaId: 2, name: 'West', lengthM: 100_000, expectedBreaks12: 20, topRiskShare: 0.6 }),
      row({ areaId: 3, name: 'Empty', pipes: 0, lengthM: 0, lof12: null }),
    ]);
    const chart = section.chart as BarChartModel;
    expect(chart.categories).toEqual(['West', 'East']);
    // 20 per 100 km = 32.19 per 100 mi.
    expect(chart.series[0]!.data[0]).toBeCloseTo(32.187, 2);
    expect(chart.valueLabel).toBe('Expected breaks per 100 mi per year');
    const labels = section.table.columns.map((c) => c.label);
    expect(labels).toContain('Length at high or very high risk');
    expect(labels.some((l) => /LOF/.test(l))).toBe(false);
    const west = section.table.rows.find((r) => r[0] === 'West')!;
    expect(west.slice(1, 6)).toEqual(['1,000', '62.14', '20.00', '32.19', '60.0%']);
    expect(section.table.rows.find((r) => r[0] === 'Empty')!.slice(3, 6)).toEqual(['n/a', 'n/a', 'n/a']);
  });
});
