import { beforeEach, describe, expect, it } from 'vitest';
import { resetFilterStore, useFilterStore } from './state.ts';

const square = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 0],
  ],
];

describe('useFilterStore', () => {
  beforeEach(() => resetFilterStore());

  it('sets and clears ranges and scalars, marking changes unsaved', () => {
    const store = useFilterStore.getState();
    store.setRange('installYear', { low: 1900, high: null });
    store.setScalars('cof', [4, 5]);
    expect(useFilterStore.getState().applied).toEqual({
      ranges: { installYear: { low: 1900, high: null } },
      scalars: { cof: [4, 5] },
    });
    expect(useFilterStore.getState().unsaved).toBe(true);
    store.setRange('installYear', null);
    store.setScalars('cof', null);
    expect(useFilterStore.getState().applied).toEqual({ ranges: {}, scalars: {} });
  });

  it('resets filters but keeps boundaries; replace clears the unsaved flag', () => {
    const store = useFilterStore.getState();
    store.setBoundaries('pipes', square);
    store.setScalars('bre', [5]);
    store.reset();
    expect(useFilterStore.getState().applied).toEqual({ ranges: {}, scalars: {} });
    expect(useFilterStore.getState().boundaries).toEqual({ pipes: square });
    store.replace({ ranges: { lof: { low: 0.1, high: null } }, scalars: {} });
    expect(useFilterStore.getState().unsaved).toBe(false);
  });

  it('keeps polygons per layer group (BOUND-12)', () => {
    const store = useFilterStore.getState();
    store.setBoundaries('pipes', square);
    store.setBoundaries('mesh', square);
    store.clearBoundaries('pipes');
    expect(useFilterStore.getState().boundaries).toEqual({ mesh: square });
    store.clearBoundaries();
    expect(useFilterStore.getState().boundaries).toEqual({});
  });
});
