import { afterEach, describe, expect, it } from 'vitest';
import { useMapSettings } from './state.ts';

afterEach(() => useMapSettings.getState().reset());

describe('map settings', () => {
  it('a layer group change clears the selection and the search matches (LAYER-04)', () => {
    const s = useMapSettings.getState();
    s.select({ layerGroup: 'pipes', id: 4, featureId: 4 }, [
      { layerGroup: 'pipes', id: 4, featureId: 4 },
      { layerGroup: 'pipes', id: 5, featureId: null },
    ]);
    s.setLayerGroup('district');
    expect(useMapSettings.getState()).toMatchObject({ layerGroup: 'district', selection: null, matches: [] });
  });

  it('resets to pipes without a selection or overlays, keeping the theme (DATA-SW-02, LAYER-15)', () => {
    const s = useMapSettings.getState();
    s.setLayerGroup('mesh');
    s.setAssetLayers(['valves']);
    s.setTheme('dark');
    s.reset();
    expect(useMapSettings.getState()).toMatchObject({
      layerGroup: 'pipes',
      selection: null,
      assetLayers: [],
      theme: 'dark',
    });
    useMapSettings.getState().setTheme('light');
  });
});
