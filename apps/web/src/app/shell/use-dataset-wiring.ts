// Connects the datasets feature to the stores of other parts of the app: features do not import each other
// (STYLE.md), so the shell subscribes their resets to the dataset signal. Fieldwork, report and scenario stores
// join here when those features exist.
import { useEffect } from 'react';
import { onDatasetReset, useDatasetLifecycle } from '../../features/datasets/index.ts';
import { useFilterStore } from '../../features/filters/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';

export function useDatasetWiring(): void {
  useDatasetLifecycle();
  useEffect(
    () =>
      onDatasetReset((reason) => {
        // DATA-SW-01/02: a switch resets the map store, the layer group back to pipes. A completed analysis or
        // 'Refresh map' (DATA-ST-16) only clears the selection; the map component rebuilds itself.
        if (reason === 'switch') {
          useMapSettings.getState().reset();
          useFilterStore.getState().reset();
        } else useMapSettings.getState().select(null);
      }),
    [],
  );
}
