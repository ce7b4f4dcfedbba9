import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedFilterView } from '../api/types.ts';
import { resetFilterStore, useFilterStore } from '../state.ts';
import { useApplySavedFilter } from './use-apply-saved-filter.ts';

const saved: SavedFilterView = {
  id: 1,
  name: 'A',
  snapshotId: 7,
  jobPlannerScenario: null,
  filters: {
    activePipeLayerGroup: 'pipes',
    scalarType: [{ key: 'cof', values: [5] }],
    sliderType: [],
    boundaryType: [{ layerGroup: 'pipes', polygons: [[[0, 0]]] }],
  },
  lofType: 'unknown-view',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('useApplySavedFilter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFilterStore();
  });
  afterEach(() => vi.useRealTimers());

  it('runs the apply sequence against the filter store', async () => {
    useFilterStore.getState().setRange('lof', { low: 0.5, high: null });
    useFilterStore.getState().setBoundaries('mesh', [[[1, 1]]]);
    const steps = { setView: vi.fn(), setLayerGroup: vi.fn(), clearSelection: vi.fn() };
    const { result } = renderHook(() => useApplySavedFilter(steps));
    const done = result.current(saved);
    expect(useFilterStore.getState().unsaved).toBe(false);
    expect(useFilterStore.getState().boundaries).toEqual({});
    expect(steps.setView).toHaveBeenCalledWith('rank');
    expect(steps.setLayerGroup).toHaveBeenCalledWith('pipes');
    expect(steps.clearSelection).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(333);
    await done;
    expect(useFilterStore.getState().applied).toEqual({ ranges: {}, scalars: { cof: [5] } });
    expect(useFilterStore.getState().boundaries).toEqual({ pipes: [[[0, 0]]] });
  });
});
