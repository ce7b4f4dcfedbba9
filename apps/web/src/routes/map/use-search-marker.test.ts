import { act, renderHook } from '@testing-library/react';
import type { LayerGroup } from '@pipewise/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { useMapSettings } from '../../features/map-settings/index.ts';
import { useSearchMarker } from './use-search-marker.ts';

const A: [number, number] = [-122.2, 37.5];
const B: [number, number] = [-122.3, 37.6];

function setup() {
  return renderHook(
    ({ datasetId, layerGroup }: { datasetId: number; layerGroup: LayerGroup }) =>
      useSearchMarker(datasetId, layerGroup),
    { initialProps: { datasetId: 1, layerGroup: 'pipes' } },
  );
}

describe('useSearchMarker (LAYER-28)', () => {
  afterEach(() => act(() => useMapSettings.getState().select(null)));

  it('shows the chosen place, replaced by the next one', () => {
    const { result } = setup();
    expect(result.current.marker).toBeNull();
    act(() => result.current.place(A));
    expect(result.current.marker).toEqual(A);
    act(() => result.current.place(B));
    expect(result.current.marker).toEqual(B);
  });

  it('keeps the pin through the selection of the address itself, clears it on the next selection for good', () => {
    const { result } = setup();
    act(() => {
      useMapSettings.getState().select({ layerGroup: 'pipes', id: 7, featureId: null });
      result.current.place(A);
    });
    expect(result.current.marker).toEqual(A);
    act(() => useMapSettings.getState().select({ layerGroup: 'pipes', id: 8, featureId: 8 }));
    expect(result.current.marker).toBeNull();
    act(() => useMapSettings.getState().select({ layerGroup: 'pipes', id: 7, featureId: null }));
    expect(result.current.marker).toBeNull();
  });

  it('clears the pin when the dataset or the layer group changes', () => {
    const { result, rerender } = setup();
    act(() => result.current.place(A));
    rerender({ datasetId: 2, layerGroup: 'pipes' });
    expect(result.current.marker).toBeNull();
    act(() => result.current.place(B));
    rerender({ datasetId: 2, layerGroup: 'mesh' });
    expect(result.current.marker).toBeNull();
    rerender({ datasetId: 2, layerGroup: 'pipes' });
    expect(result.current.marker).toBeNull();
  });
});
