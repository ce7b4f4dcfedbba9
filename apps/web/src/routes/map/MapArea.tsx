// Composes the map adapter with the datasets feature: centred on the current dataset, re-centred when it
// changes, rebuilt when its analysis completes, with the status overlay and the set-view control on top.
import { Box, Chip, Stack } from '@mui/material';
import { DATASET_STATUS } from '@pipewise/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  DatasetStatusOverlay,
  SetViewButton,
  useCurrentSnapshot,
  useDatasetReset,
  useDatasetSelection,
} from '../../features/datasets/index.ts';
import { RunAnalysisButton } from '../../features/analysis/index.ts';
import { useSession } from '../../features/session/index.ts';
import { useBasemapConfig } from '../../map/api/get-basemap-config.ts';
import { basemapStyle } from '../../map/basemap.ts';
import { MapView } from '../../map/MapView.tsx';
import { authorizeApiRequests, tileUrlTemplate } from '../../map/tiles.ts';
import { DEFAULT_VIEW } from '../../map/view.ts';
import type { MapViewState } from '../../map/view.ts';
import { MapNoData } from './MapNoData.tsx';
import { useMapTheme } from './use-map-theme.ts';

const origin = window.location.origin;

// An analysis can be (re)started from the overlay when none is under way: never run, or cancelled (spec §4).
const overlayAction = (datasetId: number, status: number) =>
  status === DATASET_STATUS.UNPROCESSED || status === DATASET_STATUS.CANCELLED ? (
    <RunAnalysisButton datasetId={datasetId} />
  ) : null;
const transformRequest = authorizeApiRequests(origin, () => useSession.getState().accessToken);

export function MapArea() {
  const { t } = useTranslation(['datasets', 'shell']);
  const { view: viewName } = useParams();
  const { data: snapshot, isPending } = useCurrentSnapshot();
  const noData = useDatasetSelection((s) => s.noData);
  const { data: basemaps, isPending: configPending } = useBasemapConfig();
  const theme = useMapTheme();
  const [view, setView] = useState<MapViewState | null>(null);
  // DATA-ST-08/10: when the analysis completes, the map is reset and rebuilt from the new results.
  const [build, setBuild] = useState(0);
  useDatasetReset((reason) => {
    if (reason === 'ready') setBuild((n) => n + 1);
  });

  const mapStyle = useMemo(() => basemapStyle(basemaps ?? undefined, theme), [basemaps, theme]);
  const dataset = snapshot?.dataset;
  if (isPending || configPending) return null;
  if (!dataset || noData) return <MapNoData />;

  const initialView: MapViewState = {
    center: dataset.center ? [dataset.center[0] ?? 0, dataset.center[1] ?? 0] : DEFAULT_VIEW.center,
    zoom: dataset.zoom ?? DEFAULT_VIEW.zoom,
  };
  return (
    <Box sx={{ position: 'absolute', inset: 0 }} data-testid="map-area">
      <MapView
        key={build}
        initialView={initialView}
        viewKey={dataset.id}
        mapStyle={mapStyle}
        pipesTiles={tileUrlTemplate(origin, dataset, 'pipes')}
        transformRequest={transformRequest}
        onViewChange={setView}
        label={t('map.label')}
      >
        {viewName && (
          <Chip
            label={t(`shell:views.${viewName}`)}
            data-testid="map-view-name"
            data-view={viewName}
            sx={{ position: 'absolute', top: 12, left: 12, zIndex: 1, bgcolor: 'background.paper' }}
          />
        )}
        <Stack spacing={1} sx={{ position: 'absolute', left: 12, bottom: 32, zIndex: 1 }}>
          <SetViewButton view={view} />
        </Stack>
        <DatasetStatusOverlay action={overlayAction} />
      </MapView>
    </Box>
  );
}
