// Puts the layers on the map from their data definitions (*.layers.ts). Called only by MapView.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { PIPES_LINE_LAYER, PIPES_SOURCE_ID, pipesSource } from './pipes.layers.ts';

export function applyPipes(map: MapLibreMap, tiles: string | null): void {
  if (map.getLayer(PIPES_LINE_LAYER.id)) map.removeLayer(PIPES_LINE_LAYER.id);
  if (map.getSource(PIPES_SOURCE_ID)) map.removeSource(PIPES_SOURCE_ID);
  if (!tiles) return;
  try {
    map.addSource(PIPES_SOURCE_ID, pipesSource(tiles));
    map.addLayer(PIPES_LINE_LAYER);
  } catch (err) {
    // A bad source must not take the basemap down with it.
    console.warn('Adding the pipes layer failed', err);
  }
}
