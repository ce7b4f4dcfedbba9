import { describe, expect, it } from 'vitest';
import { MATERIAL } from '../constants/index.ts';
import { VIEW_DEFINITIONS, VIEW_ORDER } from './definitions.ts';
import { RISK_RAMP } from './palettes.ts';
import { VIEW_KEYS } from './types.ts';
import type { Tier, ViewKey } from './types.ts';

const highs = (key: ViewKey) => VIEW_DEFINITIONS[key].tiers.map((t: Tier) => t.high);
const lows = (key: ViewKey) => VIEW_DEFINITIONS[key].tiers.map((t: Tier) => t.low);
const values = (key: ViewKey) => VIEW_DEFINITIONS[key].tiers.map((t: Tier) => t.value);

describe('VIEW_DEFINITIONS', () => {
  it('defines every view once, in menu order (MAP-VIEW-06)', () => {
    expect([...VIEW_ORDER].sort()).toEqual([...VIEW_KEYS].sort());
    for (const key of VIEW_KEYS) {
      const view = VIEW_DEFINITIONS[key];
      expect(view.key).toBe(key);
      expect(view.titleKey).toBe(`views.${key}.title`);
      expect(view.tiers.length).toBeGreaterThan(0);
      expect(new Set(view.tiers.map((t) => t.id)).size).toBe(view.tiers.length);
      if (view.uiType === 'slider') expect(view.slider).toBeDefined();
    }
  });

  it('rank: 0–100 step 1 on rank_{lofMonths}, tiers top 3/10/25/50/lower risk (MAP-TIER-01/02)', () => {
    expect(VIEW_DEFINITIONS.rank.slider).toEqual({ min: 0, max: 100, step: 1 });
    expect(VIEW_DEFINITIONS.rank.properties).toEqual({ pipes: 'rank_{lofMonths}' });
    expect(highs('rank')).toEqual([3, 10, 25, 50, 333]);
    expect(VIEW_DEFINITIONS.rank.tiers[4]?.labelKey).toBe('tiers.rank.lower');
  });

  it('highest: 0–3.01 step 0.01, bounds 0.21 … 3.01 and above, maxLabel 100 (MAP-TIER-03/04)', () => {
    expect(VIEW_DEFINITIONS.highest.slider).toEqual({ min: 0, max: 3.01, step: 0.01, maxLabel: '100' });
    expect(highs('highest')).toEqual([0.21, 0.41, 0.61, 0.81, 1.01, 3.01, undefined]);
    expect(VIEW_DEFINITIONS.highest.properties.pipes).toBe('lofa_{lofMonths}');
  });

  it('lof: 0–1 step 0.01, 8 tiers on the risk ramp, on pipes and segments (MAP-TIER-05/06)', () => {
    const lof = VIEW_DEFINITIONS.lof;
    expect(lof.slider).toEqual({ min: 0, max: 1, step: 0.01 });
    expect(highs('lof')).toEqual([0.01, 0.03, 0.05, 0.1, 0.15, 0.2, 0.25, 1.01]);
    expect(lof.tiers.map((t) => t.color)).toEqual(RISK_RAMP);
    // Issue 15: the areas' 1 − Π(1 − lof) read 100 % everywhere; they have the breakRate view instead.
    expect(lof.properties).toEqual({ pipes: 'lof_{lofMonths}', vis: 'lof_{lofMonths}' });
  });

  it('breakRate: areas by expected breaks per km and year, 5 static tiers 0.05 … 0.4 (issue 15)', () => {
    const rate = VIEW_DEFINITIONS.breakRate;
    expect(rate.properties).toEqual({
      mesh: 'break_rate',
      district: 'break_rate',
      custom_zone: 'break_rate',
    });
    expect(rate).toMatchObject({ alias: 'break-rate', unit: 'breakRate', usesLofMonths: false });
    expect(highs('breakRate')).toEqual([0.05, 0.1, 0.2, 0.4, undefined]);
    expect(rate.subscriptions).toEqual(['LOF']);
  });

  it('population and its change (MAP-TIER-07/08/10/11)', () => {
    expect(VIEW_DEFINITIONS.population.slider).toMatchObject({ min: 0, max: 10000 });
    expect(highs('population')).toEqual([50, 75, 100, 200, 400, 600, undefined]);
    expect(VIEW_DEFINITIONS.populationChange.slider).toMatchObject({ min: -30, max: 30 });
    expect(lows('populationChange')).toEqual([-30, -10, -5, -1, 0, 2, 4]);
    expect(VIEW_DEFINITIONS.populationChange.properties.pipes).toBe('roc_{popYear}');
    expect(VIEW_DEFINITIONS.population.subscriptions).toEqual(['POPULATION']);
  });

  it('installYear and diameter with imperial bounds (MAP-TIER-12…16)', () => {
    expect(VIEW_DEFINITIONS.installYear.slider).toEqual({ min: 1850, max: 2030, step: 1 });
    expect(lows('installYear')).toEqual([undefined, 1920, 1940, 1960, 1980, 2000, 2020]);
    const d = VIEW_DEFINITIONS.diameter;
    expect(d.slider).toEqual({ min: 0, max: 5000, step: 10, imperial: { min: 0, max: 2000, step: 0.5 } });
    expect(highs('diameter')).toEqual([100, 150, 200, 300, 400, 425, undefined]);
    expect(d.tiers.map((t) => t.imperialHigh)).toEqual([4, 6, 8, 12, 16, 17, undefined]);
  });

  it('length is hidden with checkbox tiers 4 … 17 (MAP-TIER-17)', () => {
    expect(VIEW_DEFINITIONS.length.productionReady).toBe(false);
    expect(values('length')).toEqual([4, 6, 8, 12, 16, 17]);
  });

  it('checkbox views: materials, levels, statuses (MAP-TIER-18…22)', () => {
    expect(values('materialTypeCode')).toEqual(Object.values(MATERIAL).sort((a, b) => a - b));
    expect(VIEW_DEFINITIONS.materialTypeCode.tiers[0]?.labelKey).toBe('tiers.material.CAS');
    expect(values('cof')).toEqual([1, 2, 3, 4, 5]);
    expect(values('bre')).toEqual([1, 2, 3, 4, 5]);
    expect(VIEW_DEFINITIONS.bre.subscriptions).toEqual(['BRE', 'COF']);
    expect(VIEW_DEFINITIONS.bre.alias).toBe('total-risk');
    for (const key of ['diameterStatus', 'installYearStatus', 'materialStatus', 'status'] as const) {
      expect(values(key)).toEqual([0, 1, 2]);
    }
    expect(VIEW_DEFINITIONS.status.alias).toBe('virtual-pipes');
  });

  it('breakCount: 0–10, tiers 0 … 5+ (MAP-TIER-21)', () => {
    expect(VIEW_DEFINITIONS.breakCount.slider).toEqual({ min: 0, max: 10, step: 1 });
    expect(lows('breakCount')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(VIEW_DEFINITIONS.breakCount.properties).toEqual({ pipes: 'break_count', vis: 'breaks' });
  });

  it('groups the menu: LOF (rank, highest, lof, breakRate) and population (MAP-VIEW-03/04/05)', () => {
    const group = (g: string | null) => VIEW_ORDER.filter((k) => VIEW_DEFINITIONS[k].menuGroup === g);
    expect(group('lof')).toEqual(['rank', 'highest', 'lof', 'breakRate']);
    expect(group('population')).toEqual(['population', 'populationChange']);
    expect(group(null)).toHaveLength(11);
  });
});
