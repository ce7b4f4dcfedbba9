// ACC-AUTH-14: after a logout the map screen starts afresh for whoever logs in next in the same tab.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFilterStore, useFilterStore } from '../../features/filters/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';
import { resetPlannerStore, usePlannerStore } from '../../features/planner/index.ts';
import { logout, useSession } from '../../features/session/index.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { registerMapTeardown } from './logout-teardown.ts';

describe('the map teardown on logout', () => {
  afterEach(() => {
    setNavigator(null);
    vi.unstubAllGlobals();
    useMapSettings.getState().reset();
    useMapSettings.getState().setTheme('light');
    resetFilterStore();
    resetPlannerStore();
  });

  it('forgets the selection, panes, filters and the planner once the login page shows; keeps the theme', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    registerMapTeardown();
    registerMapTeardown(); // once, however often the map page loads
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const map = useMapSettings.getState();
    map.setLayerGroup('vis');
    map.select({ layerGroup: 'vis', id: 7, featureId: 7 });
    map.setFiltersOpen(true);
    map.setTheme('dark');
    useFilterStore.getState().setRange('installYear', { low: 1950, high: 1980 });
    usePlannerStore.getState().openProject(12);

    // What the map shows until the router has left it stays as it is (the map unmounts with the page).
    const seenWhileLeaving: unknown[] = [];
    setNavigator(async () => {
      seenWhileLeaving.push(useMapSettings.getState().selection);
    });
    await logout();
    expect(seenWhileLeaving).toEqual([{ layerGroup: 'vis', id: 7, featureId: 7 }]);
    await vi.waitFor(() => expect(useMapSettings.getState().selection).toBeNull());
    expect(useMapSettings.getState()).toMatchObject({
      layerGroup: 'pipes',
      filtersOpen: false,
      theme: 'dark',
    });
    expect(useFilterStore.getState().applied).toEqual(useFilterStore.getInitialState().applied);
    expect(usePlannerStore.getState().currentProjectId).toBeNull();
  });
});
