import { SUBSCRIPTIONS } from '@pipewise/domain';
import type { Subscription } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { activeItemId, computeNavItems, groupOf } from './nav-items.ts';
import type { NavItem, NavUser } from './nav-items.ts';

const user = (
  over: Partial<NavUser> & { subs?: Subscription[]; country?: string; clientId?: number } = {},
): NavUser => ({
  subscriptions: over.subs ?? [...SUBSCRIPTIONS],
  isStaff: over.isStaff ?? false,
  client: { id: over.clientId ?? 1, details: { country: over.country ?? 'US' } },
});

const ids = (items: NavItem[]) => items.flatMap((i) => [i.id, ...(i.children ?? []).map((c) => c.id)]);

describe('navigation items (SHELL-NAV-01)', () => {
  it('lists everything for a fully subscribed staff user', () => {
    expect(ids(computeNavItems(user({ isStaff: true })))).toEqual([
      'home',
      'map',
      'planner',
      'reports',
      'reports-asset',
      'reports-lof',
      'reports-highest',
      'reports-cof',
      'reports-total-risk',
      'reports-mesh',
      'reports-district',
      'reports-custom-zone',
      'data',
      'data-datasets',
      'data-exports',
      'data-virtual-pipes',
      'cof-scenarios',
      'admin',
    ]);
  });

  it('gates by subscription (spec §6) and hides Admin for non-staff', () => {
    const got = ids(computeNavItems(user({ subs: [] })));
    expect(got).not.toContain('planner');
    expect(got).not.toContain('reports-lof');
    expect(got).not.toContain('reports-highest');
    expect(got).not.toContain('reports-cof');
    expect(got).not.toContain('reports-total-risk');
    expect(got).not.toContain('cof-scenarios');
    expect(got).not.toContain('admin');
    expect(got).toContain('reports-asset');
    expect(ids(computeNavItems(user({ subs: ['BRE'] })))).toContain('reports-total-risk');
  });

  it('hides the planner for Japan clients, except client 47', () => {
    expect(ids(computeNavItems(user({ country: 'JP', clientId: 2 })))).not.toContain('planner');
    expect(ids(computeNavItems(user({ country: 'JP', clientId: 47 })))).toContain('planner');
  });

  it('selects the item of the current route, longest match first (SHELL-NAV-04)', () => {
    const items = computeNavItems(user());
    expect(activeItemId(items, '/map/lof')).toBe('map');
    expect(activeItemId(items, '/reports/total-risk')).toBe('reports-total-risk');
    expect(activeItemId(items, '/data/export')).toBe('data-exports');
    expect(activeItemId(items, '/data/virtual-pipes')).toBe('data-virtual-pipes');
    expect(activeItemId(items, '/data')).toBe('data-datasets');
    expect(activeItemId(items, '/mapping')).toBeNull();
    expect(groupOf(items, 'reports-lof')).toBe('reports');
    expect(groupOf(items, 'map')).toBeNull();
  });
});
