import { describe, expect, it } from 'vitest';
import { LAYER_GROUPS, useMapStore } from './map-store.ts';

describe('map store', () => {
  it('has the spec layer groups and resets to pipes without a selection (DATA-SW-02)', () => {
    expect(LAYER_GROUPS).toEqual(['pipes', 'vis', 'mesh', 'district', 'custom_zone']);
    useMapStore.getState().setLayerGroup('mesh');
    useMapStore.getState().select({ layerGroup: 'mesh', id: 'M1' });
    useMapStore.getState().reset();
    expect(useMapStore.getState()).toMatchObject({ layerGroup: 'pipes', selection: null });
  });
});
