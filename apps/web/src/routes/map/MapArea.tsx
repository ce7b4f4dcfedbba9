// /map, /planner and their views: waits for the user, the current dataset and the basemap configuration, then
// shows the map screen; no data → the no-data state. Rebuilt when the dataset's analysis completes (DATA-ST-08/10).
import { useMemo, useState } from 'react';
import { useCurrentSnapshot, useDatasetReset, useDatasetSelection } from '../../features/datasets/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { useBasemapConfig } from '../../map/api/get-basemap-config.ts';
import { basemapStyle, demoTownStyle, plainStyle } from '../../map/basemap.ts';
import { DEFAULT_VIEW } from '../../map/view.ts';
import type { MapViewState } from '../../map/view.ts';
import { registerMapTeardown } from './logout-teardown.ts';
import { MapNoData } from './MapNoData.tsx';
import { MapScreen } from './MapScreen.tsx';
import type { MapPageKind } from './use-map-model.ts';
import { useMapTheme } from './use-map-theme.ts';

// ACC-AUTH-14: a logout forgets what the map screen remembered.
registerMapTeardown();

export function MapArea({ page = 'map' }: { page?: MapPageKind }) {
  const { data: user } = useCurrentUser();
  const { data: snapshot, isPending } = useCurrentSnapshot();
  const noData = useDatasetSelection((s) => s.noData);
  const { data: basemaps, isPending: configPending } = useBasemapConfig();
  const theme = useMapTheme();
  const [build, setBuild] = useState(0);
  useDatasetReset((reason) => {
    if (reason === 'ready') setBuild((n) => n + 1);
  });
  // LAYER-17: demo accounts see their own map themes.
  const demo = user?.isDemo ?? false;
  const dataset = snapshot?.dataset;
  // Issue 15: a generated town is drawn on its own streets (basemap.ts demoTownStyle), any other on the basemap.
  const townId = dataset?.synthetic ? dataset.id : null;
  const mapStyle = useMemo(
    () =>
      townId !== null
        ? demoTownStyle(theme, demo, `${window.location.origin}/api/datasets/${townId}/demo-basemap`)
        : basemapStyle(basemaps ?? undefined, theme, demo),
    [basemaps, theme, demo, townId],
  );
  const fallbackStyle = useMemo(() => plainStyle(theme, demo), [theme, demo]);
  if (isPending || configPending || !user) return null;
  if (!snapshot || !dataset || noData) return <MapNoData />;

  const initialView: MapViewState = {
    center: dataset.center ? [dataset.center[0] ?? 0, dataset.center[1] ?? 0] : DEFAULT_VIEW.center,
    zoom: dataset.zoom ?? DEFAULT_VIEW.zoom,
  };
  return (
    <MapScreen
      user={user}
      dataset={dataset}
      snapshotGroupId={snapshot.snapshotGroupEntityId}
      page={page}
      initialView={initialView}
      mapStyle={mapStyle}
      fallbackStyle={fallbackStyle}
      buildKey={build}
    />
  );
}
