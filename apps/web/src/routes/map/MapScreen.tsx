// The map screen of spec 000 §2: view menu, filters pane and details pane side by side on the left, the map with
// the legend, search, layer-group choice and controls on top, and the dataset status overlay. It composes the
// features (map-settings, filters, details, search, boundaries, map-export) around the one map adapter.
import { Box, Stack } from '@mui/material';
import { DATASET_STATUS, can, type LayerGroup, type ViewDefinition } from '@pipewise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CofScenarioSwitch,
  cofViewer,
  servedCofName,
  useCofScenarioInUseName,
} from '../../features/cof-scenarios/index.ts';
import { NoLofNotice, RunAnalysisButton } from '../../features/analysis/map-screen.ts';
import {
  CURRENT_SNAPSHOT_KEY,
  DatasetStatusOverlay,
  SNAPSHOT_GROUPS_KEY,
  SetViewButton,
  refreshTiles,
  type Dataset,
} from '../../features/datasets/index.ts';
// Issue 41: panes the first coloured map does not need come as chunks of their own (map-screen.ts of each feature).
import { LazyDetailsPane as DetailsPane, useAssetTabLabels } from '../../features/details/map-screen.ts';
import { FiltersPane, useApplySavedFilter, useFilterStore } from '../../features/filters/index.ts';
import {
  LayerGroupSelect,
  LegendPanel,
  NARROW_MAP_QUERY,
  MapControls,
  ViewMenu,
  useMapSettings,
} from '../../features/map-settings/index.ts';
import {
  LazyPlannerPanel as PlannerPanel,
  LazyPlannerScenarios as PlannerScenarios,
  PlannerPanelToggle,
  usePlannerStore,
} from '../../features/planner/map-screen.ts';
import { tilePropertiesPrefix } from '../../features/map-settings/api/get-tile-properties.ts';
import { MapSearchBox } from '../../features/search/index.ts';
import { useSession, type CurrentUser } from '../../features/session/index.ts';
import type { MapViewHandle } from '../../map/map-handle.ts';
import { MapView } from '../../map/MapView.tsx';
import { useTileMirrors } from '../../map/api/get-basemap-config.ts';
import { planLayers } from '../../map/layer-plan.ts';
import { legendLayers } from '../../map/legend-layers.ts';
import { authorizeApiRequests, tileUrlTemplates } from '../../map/tiles.ts';
import type { MapViewState } from '../../map/view.ts';
import { demoBounds } from './demo-bounds.ts';
import { PlannerFilterTab } from './PlannerFilterTab.tsx';
import { useBoundary } from './use-boundary.ts';
import { useFiltersRefresh } from './use-filters-refresh.ts';
import { useHoverPopup } from './use-hover-popup.ts';
import { useMapSelection } from './use-map-selection.ts';
import { usePipeDeepLink } from './use-pipe-deep-link.ts';
import { useFirstDraw } from './use-first-draw.ts';
import { useMapModel, type MapPageKind } from './use-map-model.ts';
import { useMapScreenshot } from './use-map-screenshot.ts';
import { useMapRoom } from './use-map-room.ts';
import { PaneDock } from './PaneDock.tsx';
import { usePlannerWiring } from './use-planner-wiring.ts';
import { useSearchMarker } from './use-search-marker.ts';

const origin = window.location.origin;
const getToken = () => useSession.getState().accessToken;

const overlayAction = (datasetId: number, status: number) =>
  status === DATASET_STATUS.UNPROCESSED || status === DATASET_STATUS.CANCELLED ? (
    <RunAnalysisButton datasetId={datasetId} />
  ) : null;

export interface MapScreenProps {
  user: CurrentUser;
  dataset: Dataset;
  /** Saved filters belong to the snapshot group (docs/api-filters.md). */
  snapshotGroupId: number;
  page: MapPageKind;
  initialView: MapViewState;
  mapStyle: Parameters<typeof MapView>[0]['mapStyle'];
  fallbackStyle: Parameters<typeof MapView>[0]['fallbackStyle'];
  buildKey: number;
}

export function MapScreen(props: MapScreenProps) {
  const { user, dataset, snapshotGroupId, page, initialView, mapStyle, buildKey } = props;
  const { t, i18n } = useTranslation(['mapui', 'map', 'datasets', 'cof']);
  const hoverPopup = useHoverPopup();
  const client = useQueryClient();
  const handle = useRef<MapViewHandle>(null);
  const [view, setView] = useState<MapViewState | null>(null);
  const [noLofDismissed, setNoLofDismissed] = useState(false);
  const select = useMapSettings((s) => s.select);
  const clearSelection = useCallback(() => select(null), [select]);
  const boundary = useBoundary(
    dataset.id,
    useMapSettings((s) => s.layerGroup),
    clearSelection,
  );
  const firstDraw = useFirstDraw(dataset.id);
  const model = useMapModel(user, dataset, page, boundary.ids, firstDraw.drawn);
  const { settings, layerGroup } = model;
  const searchMarker = useSearchMarker(dataset.id, layerGroup);
  const resetFilters = useFilterStore((s) => s.reset);
  const clearBoundaries = useFilterStore((s) => s.clearBoundaries);
  const tabLabels = useAssetTabLabels();
  const hasPlanner = user.subscriptions.includes('JOB_PLANNER');

  // MAP-VIEW-13/14: choosing another view clears the selection and resets the filters.
  const chooseView = (next: ViewDefinition) => {
    clearSelection();
    resetFilters();
    model.selectView(next);
  };
  // LAYER-03…07: a layer group shows its layers, clears selection and boundaries, resets filters and keeps the
  // view only if the group has it (else the group's first view, installYear when it has none — MAP-VIEW-12).
  const chooseGroup = (group: LayerGroup) => {
    settings.setLayerGroup(group);
    clearBoundaries();
    boundary.reset();
    resetFilters();
    if (!model.viewShownIn(model.view, group)) {
      const first = model.views.find((v) => model.viewShownIn(v, group));
      if (first) model.selectView(first);
    }
  };
  const applySaved = useApplySavedFilter({
    setView: (key) => {
      const def = model.views.find((v) => v.key === key);
      if (def) model.selectView(def);
    },
    setLayerGroup: (group) => {
      settings.setLayerGroup(group);
      boundary.reset();
    },
    clearSelection,
  });

  const onPlanner = page === 'planner' && hasPlanner;
  // Issue 38: the planner's heading names the cost model of the results on screen (the served analysis'), as the
  // sub-bar does; the group's enabled scenario only before any COF results.
  const enabledCof = useCofScenarioInUseName(
    snapshotGroupId,
    onPlanner && cofViewer(user, i18n.language).hasCof && !dataset.cofScenario,
  );
  const cofInUse = servedCofName(t, dataset.cofScenario) ?? enabledCof;
  const planner = usePlannerWiring({
    datasetId: dataset.id,
    heading: { datasetName: dataset.name, cofScenarioName: cofInUse },
    enabled: onPlanner,
    handle,
    layerGroup,
    activeView: model.view.key,
    selection: settings.selection,
    boundary,
    applySaved,
  });
  const plannerOpen = usePlannerStore((s) => s.panelOpen) && onPlanner;
  // 001 §4 "Planner scenario switch": in the planner panel's head, or beside its toggle while it is closed.
  const cofSwitch = (
    <CofScenarioSwitch
      snapshotGroupId={snapshotGroupId}
      served={dataset.cofScenario}
      viewer={cofViewer(user, i18n.language)}
      refetchKeys={[CURRENT_SNAPSHOT_KEY, SNAPSHOT_GROUPS_KEY, tilePropertiesPrefix(dataset.id)]}
    />
  );

  const selecting = useMapSelection({
    datasetId: dataset.id,
    gridOn: user.settings.grid,
    zoom: () => view?.zoom ?? initialView.zoom,
    handle,
  });
  usePipeDeepLink(selecting.onSelectPipe);

  // A pane opening minimises the view menu to its icons (4.5em), so the map keeps its room; the user may expand it.
  const paneOpen = settings.filtersOpen || settings.selection !== null || plannerOpen;
  const setViewMenuOpen = settings.setViewMenuOpen;
  useEffect(() => {
    if (paneOpen) setViewMenuOpen(false);
  }, [paneOpen, setViewMenuOpen]);

  useFiltersRefresh(settings.filtersOpen, dataset.id);
  const mapBox = useRef<HTMLDivElement>(null);
  const room = useMapRoom(
    {
      viewMenuOpen: settings.viewMenuOpen,
      filtersOpen: settings.filtersOpen,
      selected: settings.selection ? `${settings.selection.layerGroup}:${settings.selection.id}` : null,
      plannerOpen,
      legendOpen: settings.legendOpen,
      setLegendOpen: settings.setLegendOpen,
    },
    mapBox,
  );

  // 'Export assets' reads the active layer's ids through the map, and sends its filter along (EXP-01, EXP-04).
  const exportFilter = useRef(model.filter);
  useEffect(() => {
    exportFilter.current = model.filter;
  }, [model.filter]);
  useEffect(() => {
    settings.setAssetIds(() => {
      const map = handle.current;
      if (!map) return null;
      const visible = map.renderedFeatureIds(layerGroup);
      const shown = new Set(visible);
      const hidden = map.loadedFeatureIds(layerGroup).filter((id) => !shown.has(id));
      return { visible, hidden, filter: exportFilter.current };
    });
    return () => settings.setAssetIds(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the provider reads the map when called
  }, [layerGroup]);

  const screenshot = useMapScreenshot(
    {
      capture: async (type, quality) => {
        const url = await handle.current?.getCanvasDataUrl(type, quality);
        if (!url) return null;
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas');
        return { url, width: canvas?.width ?? 1600, height: canvas?.height ?? 900 };
      },
    },
    {
      datasetName: dataset.name,
      totalLengthM: dataset.totalLengthM,
      view: model.view,
      lofMonths: settings.lofMonths,
      unitSystem: model.unitSystem,
      largeUnit: user.units.user.segmentLarge,
      timeZone: user.timeZone,
      lofUnavailable: dataset.lofUnavailable ?? null,
      lofSource: dataset.lofSource ?? null,
      costModel: servedCofName(t, dataset.cofScenario),
    },
  );

  const onSaved = async () => {
    try {
      await refreshTiles(dataset.id);
    } catch (err) {
      console.warn('Refreshing the tiles after an edit failed', err);
    }
    await client.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY });
  };

  // LAYER-21: tiles from the configured mirrors (else this origin), each of which gets the bearer token.
  const mirrors = useTileMirrors();
  const tiles = useCallback(
    (layer: string) => tileUrlTemplates(origin, mirrors, dataset, layer),
    [mirrors, dataset],
  );
  const transformRequest = useMemo(() => authorizeApiRequests([origin, ...mirrors], getToken), [mirrors]);
  const overlays = useMemo(
    () => [...settings.assetLayers, ...(settings.facilityTypes.length > 0 ? ['infrastructure'] : [])],
    [settings.assetLayers, settings.facilityTypes],
  );
  const overlayFilters = useMemo(
    () => ({
      infrastructure:
        settings.facilityTypes.length > 0
          ? (['in', ['get', 'facility_type'], ['literal', [...settings.facilityTypes]]] as never)
          : null,
    }),
    [settings.facilityTypes],
  );
  const showPopulation = model.hasPopulation && settings.showPopulation;
  // Issue 15: the legend names every layer the map shows, from the same plan MapView applies.
  const legend = useMemo(
    () =>
      legendLayers({
        plan: planLayers({ activeGroup: layerGroup, overlays, showPopulation, tiles }),
        color: model.color,
        populationColor: model.populationColor,
        style: mapStyle,
      }),
    [layerGroup, overlays, showPopulation, tiles, model.color, model.populationColor, mapStyle],
  );
  const tabs =
    settings.matches.length > 1
      ? settings.matches.map((m, i) => ({ id: m.id, label: tabLabels(settings.matches.length)[i] ?? '' }))
      : undefined;

  const filtersPane = settings.filtersOpen && (
    <FiltersPane
      docked={room.dock}
      views={model.views}
      ctx={{ lofMonths: settings.lofMonths, popYear: model.popYear, unitSystem: model.unitSystem }}
      hasJobPlanner={hasPlanner}
      onClose={() => settings.setFiltersOpen(false)}
      snapshotId={snapshotGroupId}
      activeView={model.view.key}
      layerGroup={layerGroup}
      demo={user.isDemo}
      onApplySaved={(saved) => {
        boundary.reset();
        void applySaved(saved);
      }}
      plannerContent={
        <PlannerFilterTab
          boundary={boundary}
          scenarios={
            <PlannerScenarios
              user={user}
              datasetId={dataset.id}
              snapshotId={snapshotGroupId}
              {...planner.scenarios}
            />
          }
        />
      }
    />
  );
  const detailsPane = settings.selection && (
    <DetailsPane
      docked={room.dock}
      datasetId={dataset.id}
      datasetOrigin={dataset.origin}
      lofSource={dataset.lofSource ?? null}
      selection={settings.selection}
      {...(tabs && { tabs })}
      onSelectTab={selecting.onSelectTab}
      onClose={clearSelection}
      onFlyTo={(center, zoom) => handle.current?.flyTo(center, zoom)}
      onSelectPipe={selecting.onSelectPipe}
      onSaved={() => void onSaved()}
    />
  );
  const plannerPanel = plannerOpen && (
    <PlannerPanel
      user={user}
      datasetId={dataset.id}
      bridge={planner.bridge}
      actions={cofSwitch}
      docked={room.dock}
    />
  );

  return (
    <Box
      sx={{ position: 'absolute', inset: 0, display: 'flex' }}
      data-testid="map-area"
      data-page={page}
      data-dataset-status={dataset.status}
    >
      <ViewMenu
        views={model.views}
        active={model.view.key}
        open={settings.viewMenuOpen}
        onToggle={() => settings.setViewMenuOpen(!settings.viewMenuOpen)}
        onSelect={chooseView}
      />
      {!room.dock && filtersPane}
      {!room.dock && detailsPane}
      {/* Clipped: with the panes and the planner panel open the map can get narrow, and its legend and controls
          must not spill over (and take the clicks of) the panes beside it. */}
      <Box ref={mapBox} sx={{ position: 'relative', flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <MapView
          key={buildKey}
          ref={handle}
          initialView={initialView}
          viewKey={dataset.id}
          mapStyle={mapStyle}
          fallbackStyle={props.fallbackStyle}
          tiles={tiles}
          activeGroup={layerGroup}
          color={model.color}
          filter={model.filter}
          overlays={overlays}
          overlayFilters={overlayFilters}
          showPopulation={showPopulation}
          populationColor={model.populationColor}
          selectedId={settings.selection?.layerGroup === layerGroup ? settings.selection.featureId : null}
          onFeatureClick={selecting.onFeatureClick}
          onBackgroundClick={() => undefined}
          marker={searchMarker.marker}
          maxBounds={user.isDemo ? demoBounds(initialView) : null}
          popupContent={hoverPopup}
          boundaryLabels={{
            edit: t('map:boundary.edit'),
            confirm: t('map:boundary.confirm'),
            delete: t('map:boundary.delete'),
          }}
          {...(hasPlanner ? boundary.mapProps : {})}
          plannerShapes={planner.map.shapes}
          haloPipeIds={planner.map.haloPipeIds}
          portfolioPipes={planner.map.portfolioPipes}
          transformRequest={transformRequest}
          onViewChange={setView}
          onDataLoaded={firstDraw.onDataLoaded}
          label={t('datasets:map.label')}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{
              position: 'absolute',
              top: 12,
              left: 12,
              right: room.legend.open ? 330 : 70,
              zIndex: 2,
              alignItems: 'flex-start',
              // Narrow, the open legend steps down under this row (narrow-map.ts): the row takes the width.
              [NARROW_MAP_QUERY]: { right: 70 },
            }}
          >
            {model.groups.length > 1 && (
              <LayerGroupSelect groups={model.groups} value={layerGroup} onChange={chooseGroup} />
            )}
            {onPlanner && <PlannerPanelToggle />}
            {onPlanner && !plannerOpen && cofSwitch}
            <Box sx={{ width: 320, maxWidth: '100%' }}>
              <MapSearchBox
                datasetId={dataset.id}
                layerGroup={layerGroup}
                onFound={selecting.onFound}
                onPlace={(center) => {
                  searchMarker.place(center);
                  handle.current?.flyTo(center, 17);
                }}
              />
            </Box>
          </Stack>
          {dataset.lofUnavailable && !noLofDismissed && (
            // Over every view, not only the LOF ones: the map falls back from a LOF view it cannot draw, and the
            // user should learn why it did. Dismissible for this visit.
            <Box
              sx={{
                position: 'absolute',
                top: 64,
                left: 12,
                right: room.legend.open ? 330 : 70,
                maxWidth: 560,
                zIndex: 2,
              }}
            >
              <NoLofNotice reason={dataset.lofUnavailable} onClose={() => setNoLofDismissed(true)} />
            </Box>
          )}
          <LegendPanel
            view={model.view}
            open={room.legend.open}
            onToggle={room.legend.toggle}
            unitSystem={model.unitSystem}
            lofMonths={settings.lofMonths}
            onLofMonths={settings.setLofMonths}
            popYear={model.popYear}
            popYears={model.popYears}
            onPopYear={settings.setPopYear}
            layers={legend}
            facilityTypes={settings.facilityTypes}
            lofSource={dataset.lofSource ?? null}
          />
          <Box sx={{ position: 'absolute', left: 12, bottom: 32, zIndex: 2 }}>
            <MapControls
              onZoomIn={() => handle.current?.zoomIn()}
              onZoomOut={() => handle.current?.zoomOut()}
              onHome={() => handle.current?.flyTo(initialView.center, initialView.zoom)}
              onScreenshot={() => void screenshot.run()}
              screenshotBusy={screenshot.busy}
              setView={can(user, 'editFilters') ? <SetViewButton view={view} /> : null}
              population={
                model.hasPopulation
                  ? {
                      shown: settings.showPopulation,
                      year: model.popYear,
                      years: model.popYears,
                      onToggle: () => settings.setShowPopulation(!settings.showPopulation),
                      onYear: settings.setPopYear,
                    }
                  : null
              }
            />
          </Box>
          <DatasetStatusOverlay action={overlayAction} />
        </MapView>
      </Box>
      {room.dock ? (
        <PaneDock
          active={room.dockTab}
          onActive={room.setDockTab}
          panes={[
            { id: 'planner', content: plannerPanel },
            ...(filtersPane ? [{ id: 'filters' as const, content: filtersPane }] : []),
            ...(detailsPane ? [{ id: 'details' as const, content: detailsPane }] : []),
          ]}
        />
      ) : (
        plannerPanel
      )}
    </Box>
  );
}
