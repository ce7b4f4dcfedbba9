// FILT-SAV-03: the older flat format of saved filters is converted on read.
import { describe, expect, it } from 'vitest';
import { normalizeSavedFilters, savedFilterCreateSchema } from './saved-filters.ts';

const current = {
  active_pipe_layer_group: 'vis',
  scalar_type: [{ key: 'materialTypeCode', values: [0, 8] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: null }],
  boundary_type: [
    {
      layer_group: 'pipes',
      polygons: [
        [
          [139.9, 37.4],
          [139.95, 37.4],
          [139.95, 37.5],
          [139.9, 37.4],
        ],
      ],
    },
  ],
};

describe('normalizeSavedFilters', () => {
  it('passes the current format through', () => {
    expect(normalizeSavedFilters(current)).toEqual(current);
  });

  it('converts a flat map of filter groups: sliders by their inputs, checkboxes by their selected tiers', () => {
    const legacy = {
      installYear: {
        keyName: 'installYear',
        uiType: 'slider',
        dataType: 'range',
        lowInput: 1920,
        highInput: '1980',
      },
      materialTypeCode: {
        keyName: 'materialTypeCode',
        uiType: 'checkbox',
        dataType: 'scalar',
        tiers: [
          { label: 'CAS', value: 0, selected: true },
          { label: 'SP', value: 1, selected: false },
          { label: 'PVC', value: 8, selected: true },
        ],
      },
      cof: { uiType: 'checkbox', values: [4, 5] },
      activePipeLayerGroup: 'mesh',
      junk: 3,
    };
    expect(normalizeSavedFilters(legacy)).toEqual({
      active_pipe_layer_group: 'mesh',
      scalar_type: [
        { key: 'materialTypeCode', values: [0, 8] },
        { key: 'cof', values: [4, 5] },
      ],
      slider_type: [{ key: 'installYear', low_input: 1920, high_input: 1980 }],
      boundary_type: [],
    });
  });

  it('turns anything unreadable into empty filters on the pipes layer group', () => {
    const empty = { active_pipe_layer_group: 'pipes', scalar_type: [], slider_type: [], boundary_type: [] };
    expect(normalizeSavedFilters(null)).toEqual(empty);
    expect(normalizeSavedFilters([1, 2])).toEqual(empty);
    expect(normalizeSavedFilters('x')).toEqual(empty);
  });

  it('accepts either format on create, and needs a name', () => {
    const base = { snapshot_id: 1, lof_type: 'rank' };
    expect(savedFilterCreateSchema.safeParse({ ...base, name: 'A', filters: current }).success).toBe(true);
    expect(savedFilterCreateSchema.safeParse({ ...base, name: 'A', filters: { x: {} } }).success).toBe(true);
    expect(savedFilterCreateSchema.safeParse({ ...base, name: ' ', filters: current }).success).toBe(false);
    expect(
      savedFilterCreateSchema.safeParse({ ...base, name: 'A'.repeat(121), filters: current }).success,
    ).toBe(false);
  });
});
