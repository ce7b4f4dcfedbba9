import { describe, expect, it } from 'vitest';
import { toWireFilters } from './types.ts';

describe('toWireFilters', () => {
  it('turns the camelCased response back into the wire shape', () => {
    expect(
      toWireFilters({
        activePipeLayerGroup: 'mesh',
        scalarType: [{ key: 'cof', values: [5] }],
        sliderType: [{ key: 'lof', lowInput: 0.1, highInput: null }],
        boundaryType: [{ layerGroup: 'pipes', polygons: [[[0, 0]]] }],
      }),
    ).toEqual({
      active_pipe_layer_group: 'mesh',
      scalar_type: [{ key: 'cof', values: [5] }],
      slider_type: [{ key: 'lof', low_input: 0.1, high_input: null }],
      boundary_type: [{ layer_group: 'pipes', polygons: [[[0, 0]]] }],
    });
  });
});
