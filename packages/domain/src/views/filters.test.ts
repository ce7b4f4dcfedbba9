import { describe, expect, it } from 'vitest';
import { normalizeSavedFilters } from '../api/saved-filters.ts';
import {
  clearFilter,
  emptyFilterState,
  fromSavedFilters,
  isFilterActive,
  toSavedFilters,
  withRange,
  withScalars,
} from './filters.ts';

const square = [
  [
    [139.9, 37.4],
    [139.95, 37.4],
    [139.95, 37.5],
    [139.9, 37.4],
  ],
];

describe('filter state', () => {
  it('sets and clears ranges and scalars without mutating', () => {
    const empty = emptyFilterState();
    const ranged = withRange(empty, 'installYear', { low: 1900, high: null });
    expect(empty).toEqual({ ranges: {}, scalars: {} });
    expect(ranged.ranges.installYear).toEqual({ low: 1900, high: null });
    expect(withRange(ranged, 'installYear', { low: null, high: null }).ranges).toEqual({});
    const picked = withScalars(ranged, 'cof', [4, 5]);
    expect(picked.scalars.cof).toEqual([4, 5]);
    expect(clearFilter(picked, 'cof').scalars).toEqual({});
    expect(withScalars(picked, 'cof', null).scalars).toEqual({});
  });

  it('knows when a filter is active', () => {
    expect(isFilterActive(emptyFilterState())).toBe(false);
    expect(isFilterActive(withScalars(emptyFilterState(), 'cof', []))).toBe(true);
    expect(isFilterActive(withRange(emptyFilterState(), 'lof', { low: 0.1, high: null }))).toBe(true);
  });
});

describe('saved filters conversion (FILT-SAV-02)', () => {
  it('round-trips state, layer group and boundaries', () => {
    let state = withRange(emptyFilterState(), 'installYear', { low: 1900, high: 1980 });
    state = withScalars(state, 'materialTypeCode', [0, 8]);
    const saved = toSavedFilters(state, { layerGroup: 'vis', boundaries: { pipes: square, mesh: [] } });
    expect(saved).toEqual({
      active_pipe_layer_group: 'vis',
      scalar_type: [{ key: 'materialTypeCode', values: [0, 8] }],
      slider_type: [{ key: 'installYear', low_input: 1900, high_input: 1980 }],
      boundary_type: [{ layer_group: 'pipes', polygons: square }],
    });
    expect(fromSavedFilters(saved)).toEqual({ state, layerGroup: 'vis', boundaries: { pipes: square } });
  });

  it('reads the old flat format through normalizeSavedFilters (FILT-SAV-03)', () => {
    const legacy = {
      diameter: { low_input: 100, high_input: null },
      cof: {
        tiers: [
          { value: 1, selected: false },
          { value: 5, selected: true },
        ],
      },
      bre: { tiers: [{ value: 1, selected: true }] },
      nonsense: { lowInput: 1 },
    };
    const restored = fromSavedFilters(normalizeSavedFilters(legacy));
    expect(restored.state).toEqual({ ranges: { diameter: { low: 100, high: null } }, scalars: { cof: [5] } });
    expect(restored.layerGroup).toBe('pipes');
  });

  it('drops entries of views that no longer exist', () => {
    const stored = {
      active_pipe_layer_group: 'pipes',
      scalar_type: [
        { key: 'gone', values: [1] },
        { key: 'cof', values: [2] },
      ],
      slider_type: [],
      boundary_type: [],
    };
    expect(normalizeSavedFilters(stored).scalar_type).toEqual([{ key: 'cof', values: [2] }]);
  });
});
