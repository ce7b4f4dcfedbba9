import { describe, expect, it } from 'vitest';
import type { DatasetAssets } from '../api/datasets.ts';
import { VIEW_DEFINITIONS } from './definitions.ts';
import {
  availableLayerGroups,
  isViewVisible,
  propertyFor,
  resolveView,
  viewByAlias,
  visibleViews,
} from './resolve.ts';
import type { ViewContext } from './types.ts';

const ctx = (over: Partial<ViewContext> = {}): ViewContext => ({
  layerGroup: 'pipes',
  subscriptions: ['LOF', 'COF', 'BRE', 'POPULATION', 'VIS'],
  presentProperties: null,
  hasBreaks: true,
  lofMonths: 24,
  popYear: 2040,
  ...over,
});

describe('viewByAlias and propertyFor', () => {
  it('maps every url alias (MAP-VIEW-01)', () => {
    expect(viewByAlias('percentile')?.key).toBe('rank');
    expect(viewByAlias('material')?.key).toBe('materialTypeCode');
    expect(viewByAlias('virtual-pipes')?.key).toBe('status');
    expect(viewByAlias('rank')).toBeUndefined();
  });

  it('fills the templates per layer group', () => {
    const p = { lofMonths: 36, popYear: 2035 };
    expect(propertyFor(VIEW_DEFINITIONS.rank, 'pipes', p)).toBe('rank_36');
    expect(propertyFor(VIEW_DEFINITIONS.lof, 'vis', p)).toBe('lof_36');
    expect(propertyFor(VIEW_DEFINITIONS.lof, 'mesh', p)).toBeNull();
    expect(propertyFor(VIEW_DEFINITIONS.breakRate, 'mesh', p)).toBe('break_rate');
    expect(propertyFor(VIEW_DEFINITIONS.populationChange, 'pipes', p)).toBe('roc_2035');
    expect(propertyFor(VIEW_DEFINITIONS.rank, 'vis', p)).toBeNull();
  });
});

describe('isViewVisible (spec 000 §4)', () => {
  it('hides views that are not production ready (MAP-VIEW-07)', () => {
    expect(isViewVisible(VIEW_DEFINITIONS.length, ctx())).toBe(false);
  });

  it('hides views not flagged for the menu (MAP-VIEW-08)', () => {
    expect(isViewVisible({ ...VIEW_DEFINITIONS.diameter, menu: false }, ctx())).toBe(false);
  });

  it('hides views the layer group lacks (MAP-VIEW-09)', () => {
    expect(isViewVisible(VIEW_DEFINITIONS.breakRate, ctx({ layerGroup: 'district' }))).toBe(true);
    expect(isViewVisible(VIEW_DEFINITIONS.lof, ctx({ layerGroup: 'district' }))).toBe(false);
    expect(isViewVisible(VIEW_DEFINITIONS.diameter, ctx({ layerGroup: 'district' }))).toBe(false);
  });

  it('hides views whose property is missing; unknown properties show all (MAP-VIEW-10)', () => {
    const present = new Set(['rank_24', 'install_year']);
    expect(isViewVisible(VIEW_DEFINITIONS.rank, ctx({ presentProperties: present }))).toBe(true);
    expect(isViewVisible(VIEW_DEFINITIONS.rank, ctx({ presentProperties: present, lofMonths: 12 }))).toBe(
      false,
    );
    expect(isViewVisible(VIEW_DEFINITIONS.diameter, ctx({ presentProperties: present }))).toBe(false);
    expect(isViewVisible(VIEW_DEFINITIONS.diameter, ctx({ presentProperties: null }))).toBe(true);
  });

  it('needs every subscription (MAP-VIEW-11)', () => {
    expect(isViewVisible(VIEW_DEFINITIONS.bre, ctx({ subscriptions: ['BRE'] }))).toBe(false);
    expect(isViewVisible(VIEW_DEFINITIONS.bre, ctx({ subscriptions: ['BRE', 'COF'] }))).toBe(true);
  });

  it('shows breakCount only with breaks (MAP-VIEW-15)', () => {
    expect(isViewVisible(VIEW_DEFINITIONS.breakCount, ctx({ hasBreaks: false }))).toBe(false);
  });

  it('lists visible views in menu order', () => {
    expect(visibleViews(ctx({ layerGroup: 'mesh' })).map((v) => v.key)).toEqual(['breakRate']);
    expect(visibleViews(ctx({ subscriptions: [] })).map((v) => v.key)).not.toContain('rank');
  });
});

describe('resolveView (MAP-VIEW-12)', () => {
  it('resolves a visible alias', () => {
    expect(resolveView('total-risk', ctx())).toBe('bre');
  });
  it('falls back to installYear when unknown, unsupported or unsubscribed', () => {
    expect(resolveView('nonsense', ctx())).toBe('installYear');
    expect(resolveView('length', ctx())).toBe('installYear');
    expect(resolveView('cof', ctx({ subscriptions: [] }))).toBe('installYear');
  });
  it('defaults to rank, else installYear', () => {
    expect(resolveView(undefined, ctx())).toBe('rank');
    expect(resolveView(undefined, ctx({ subscriptions: [] }))).toBe('installYear');
  });
  it('gives an area group its break rate where installYear cannot show (issue 15)', () => {
    const district = ctx({ layerGroup: 'district' });
    expect(resolveView(undefined, district)).toBe('breakRate');
    expect(resolveView('lof', district)).toBe('breakRate');
    expect(resolveView('break-rate', district)).toBe('breakRate');
    // Without LOF nothing colours an area: the spec's fallback stands.
    expect(resolveView('lof', ctx({ layerGroup: 'mesh', subscriptions: [] }))).toBe('installYear');
    // Pipes have no break rate of their own: the usual fallback.
    expect(resolveView('break-rate', ctx())).toBe('installYear');
  });
});

describe('availableLayerGroups', () => {
  const assets = (over: Partial<DatasetAssets> = {}): DatasetAssets => ({
    infrastructure: false,
    population: false,
    valves: true,
    mesh: false,
    district: false,
    custom_zone: false,
    reservoirs: false,
    purification_plants: false,
    hydrants: false,
    breaks: false,
    drains: false,
    supply_areas: false,
    ...over,
  });
  const base = { subscriptions: ['VIS'] as const, page: 'map' as const, hasResults: true };

  it('always offers pipes, and VIS with subscription, valves, map page and results', () => {
    expect(availableLayerGroups({ ...base, assets: assets() })).toEqual(['pipes', 'vis']);
    expect(availableLayerGroups({ ...base, assets: assets(), page: 'planner' })).toEqual(['pipes']);
    expect(availableLayerGroups({ ...base, assets: assets(), hasResults: false })).toEqual(['pipes']);
    expect(availableLayerGroups({ ...base, assets: assets(), subscriptions: [] })).toEqual(['pipes']);
    expect(availableLayerGroups({ ...base, assets: assets({ valves: false }) })).toEqual(['pipes']);
    expect(availableLayerGroups({ ...base, assets: null })).toEqual(['pipes']);
  });

  it('offers mesh, district and custom zone when the dataset has them', () => {
    const all = assets({ mesh: true, district: true, custom_zone: true });
    expect(availableLayerGroups({ ...base, assets: all, subscriptions: [] })).toEqual([
      'pipes',
      'mesh',
      'district',
      'custom_zone',
    ]);
  });
});
