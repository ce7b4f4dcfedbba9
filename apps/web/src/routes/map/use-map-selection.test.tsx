import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../components/toast/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { GRID_SELECT_MIN_ZOOM, useMapSelection } from './use-map-selection.ts';

function setup(gridOn = false, zoom = 15) {
  mockApi({});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
  return renderHook(
    () => useMapSelection({ datasetId: 7, gridOn, zoom: () => zoom, handle: { current: null } }),
    {
      wrapper,
    },
  );
}

describe('useMapSelection', () => {
  afterEach(() => act(() => useMapSettings.getState().select(null)));

  it('highlights what a search found as if clicked: pipes by id, areas by their tile id', () => {
    const { result } = setup();
    act(() => result.current.onFound([{ layerGroup: 'pipes', id: 42 }]));
    expect(useMapSettings.getState().selection).toMatchObject({ layerGroup: 'pipes', id: 42, featureId: 42 });
    act(() => result.current.onFound([{ layerGroup: 'district', id: 'D-7', featureId: 3 }]));
    expect(useMapSettings.getState().selection).toMatchObject({
      layerGroup: 'district',
      id: 'D-7',
      featureId: 3,
    });
  });

  it('selects a clicked feature and deselects it on the second click (SEL-01/02)', () => {
    const { result } = setup();
    act(() => result.current.onFeatureClick('pipes', 5, {}));
    expect(useMapSettings.getState().selection).toMatchObject({ id: 5, featureId: 5 });
    act(() => result.current.onFeatureClick('pipes', 5, {}));
    expect(useMapSettings.getState().selection).toBeNull();
  });

  it('with the grid on, explains instead of selecting below the threshold zoom (SEL-04)', () => {
    const below = setup(true, GRID_SELECT_MIN_ZOOM - 0.5);
    act(() => below.result.current.onFeatureClick('pipes', 5, {}));
    expect(useMapSettings.getState().selection).toBeNull();
    expect(useToastStore.getState().toast?.color).toBe('info');
    const at = setup(true, GRID_SELECT_MIN_ZOOM);
    act(() => at.result.current.onFeatureClick('pipes', 5, {}));
    expect(useMapSettings.getState().selection).toMatchObject({ id: 5 });
  });
});
