// The one MapLibre adapter (STYLE.md: nothing else touches the map object). It owns the map's life, applies the
// layers it is given as data (layer-plan.ts, apply-layers.ts), colours and filters them with the expressions it is
// given (expressions.ts), reports clicks, hovers and boundaries, and exposes an imperative handle through `ref`.
// Children render on top of the map (controls, overlays).
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Map as MapLibreMap, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { applyColor, applyOverlayFilters, applySelection, syncLayers } from './apply-layers.ts';
import { applyPipeHalo, applyPortfolioPipes, applyPlannerShapes } from './apply-planner.ts';
import type { SelectedFeature } from './apply-layers.ts';
import type { BoundaryDraw } from './draw/boundary-draw.ts';
import type { BoundaryPolygons } from './draw/geometry.ts';
import { drawInteraction } from './draw/modes.ts';
import { DEFAULT_BOUNDARY_LABELS, useBoundaryDraw } from './draw/use-boundary-draw.ts';
import { createFilterApplier } from './filter-retry.ts';
import type { FilterApplier } from './filter-retry.ts';
import { expressionHash, textHash } from './hash.ts';
import { GROUP_LAYERS, planKey, planLayers } from './layer-plan.ts';
import { bindMapEvents } from './map-events.ts';
import { createMapHandle } from './map-handle.ts';
import { MARKER_ANCHOR, pinElement } from './marker.ts';
import type { MapViewProps } from './map-view-props.ts';
import { POPULATION_LAYERS } from './population.layers.ts';
import { fallBackOnStyleFailure } from './style-fallback.ts';
import { DEMO_BASEMAP_SOURCE } from './demo-basemap.layers.ts';
import { formatCenter, formatZoom } from './view.ts';
import type { MapViewState } from './view.ts';
import { ensureMapWorker } from './worker.ts';

export type { MapViewProps };

const NO_OVERLAYS: readonly string[] = [];

/** What the map is drawn on, for tests and support: a style URL (or its fallback), a demo town's streets, plain. */
const basemapKind = (style: MapViewProps['mapStyle'], failed: boolean) =>
  typeof style === 'string'
    ? failed
      ? 'fallback'
      : 'style'
    : DEMO_BASEMAP_SOURCE in style.sources
      ? 'demo-town'
      : 'plain';
const NO_BOUNDARIES: BoundaryPolygons = [];

/** What the map draws at which view, compared by `data-settled`. */
const settleKey = (content: string, at: MapViewState) =>
  `${content}@${formatCenter(at.center)}/${formatZoom(at.zoom)}`;

export function MapView(props: MapViewProps) {
  const { initialView, viewKey, mapStyle, label, children, ref } = props;
  const activeGroup = props.activeGroup ?? 'pipes';
  const drawMode = props.drawMode ?? 'off';
  const boundaries = props.boundaries ?? NO_BOUNDARIES;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  // The instance whose style has loaded: readiness belongs to one map, so a late 'style.load' of a map already
  // replaced (a dataset switch that changes the style rebuilds it) cannot mark its successor ready before its own
  // style is in — the layers were then added too early, failed ('Style is not done loading') and never came back.
  const [readyMap, setReadyMap] = useState<MapLibreMap | null>(null);
  const styleReady = map !== null && readyMap === map;
  const [view, setView] = useState(initialView);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [settledFor, setSettledFor] = useState<string | null>(null);
  const [styleFailed, setStyleFailed] = useState(false);
  // Where the map looks now, so a rebuild (theme change) keeps the user's view.
  const viewRef = useRef(initialView);
  const shownKey = useRef(viewKey);
  const selected = useRef<SelectedFeature | null>(null);
  const filterApplier = useRef<FilterApplier | null>(null);

  const tiles =
    props.tiles ?? ((layer: string) => (layer === 'pipes' && props.pipesTiles ? [props.pipesTiles] : null));
  const plan = planLayers({
    activeGroup,
    overlays: props.overlays ?? NO_OVERLAYS,
    showPopulation: props.showPopulation ?? false,
    tiles,
  });
  // Effects key on content, not identity: callers may rebuild the same expressions and URLs on every render.
  const layersKey = planKey(plan);
  const colorKey = expressionHash(props.color);
  const filterKey = expressionHash(props.filter);
  const populationKey = expressionHash(props.populationColor);
  const overlayFilterKey = JSON.stringify(props.overlayFilters ?? {});
  const activeUrls = tiles(activeGroup);
  const activeKey = `${activeGroup}=${activeUrls?.join(',') ?? ''}`;
  const boundsKey = props.maxBounds?.join(',') ?? 'none';
  const markerKey = props.marker?.join(',') ?? null;
  const markerColor = useTheme().palette.primary.main;
  const plannerShapes = props.plannerShapes ?? null;
  const haloPipeIds = props.haloPipeIds ?? null;
  const portfolioPipes = props.portfolioPipes ?? null;
  const selectedId = props.selectedId ?? null;
  // Everything the map draws, as one key: the map has settled on it (data-settled) once MapLibre was idle after the
  // effects below applied it, at the view the map then had. The `idle` handler reads the key from `latest`, which
  // is updated in the same effect pass as they apply their changes, so an idle before that pass cannot count.
  const contentKey = [
    activeKey,
    layersKey,
    colorKey,
    filterKey,
    populationKey,
    overlayFilterKey,
    selectedId ?? '',
    plannerShapes?.features.length ?? 0,
    haloPipeIds?.join(',') ?? '',
    portfolioPipes?.map((g) => `${g.status}:${g.pipeIds.length}`).join(',') ?? '',
  ].join('|');
  const drawnKey = settleKey(contentKey, view);
  const dataLoaded = styleReady && activeUrls !== null && loadedFor === activeKey;

  const latest = useRef({ props, plan, activeGroup, activeKey, drawMode, contentKey });
  useEffect(() => {
    latest.current = { props, plan, activeGroup, activeKey, drawMode, contentKey };
  });
  useEffect(() => {
    if (dataLoaded) latest.current.props.onDataLoaded?.();
  }, [dataLoaded]);

  const drawRef = useRef<BoundaryDraw | null>(null);
  useBoundaryDraw(
    drawRef,
    map,
    styleReady,
    { drawMode, boundaries, labels: props.boundaryLabels ?? DEFAULT_BOUNDARY_LABELS },
    () => ({
      onChange: props.onBoundaryChange,
      onFinalize: props.onBoundaryFinalize,
      onModeChange: props.onDrawModeChange,
      labels: props.boundaryLabels ?? DEFAULT_BOUNDARY_LABELS,
    }),
  );

  useImperativeHandle(
    ref,
    () =>
      createMapHandle(
        () => map,
        () => latest.current.props.filter ?? null,
      ),
    [map],
  );

  useEffect(() => {
    if (!container.current) return;
    ensureMapWorker();
    const { transformRequest, fallbackStyle, viewKey: key, initialView: keyView } = latest.current.props;
    // A dataset switch that changes the style too (a generated town is drawn on its own streets) rebuilds the map in
    // the same commit as the re-centring effect below, which then jumped the old, removed map: the new one stayed
    // where the last network was (seen: the demo town chosen after an imported 3-pipe network showed an empty
    // map at zoom 16). The new map starts at the new dataset's view itself.
    if (shownKey.current !== key) {
      shownKey.current = key;
      viewRef.current = keyView;
      setView(keyView);
    }
    const start = viewRef.current;
    const instance = new MapLibreMap({
      container: container.current,
      style: mapStyle,
      center: start.center,
      zoom: start.zoom,
      attributionControl: { compact: true },
      ...(transformRequest && { transformRequest }),
    });
    const applier = createFilterApplier(instance);
    filterApplier.current = applier;
    instance.on('style.load', () => setReadyMap(instance));
    const stopFallback =
      typeof mapStyle === 'string' && fallbackStyle
        ? fallBackOnStyleFailure(instance, fallbackStyle, () => setStyleFailed(true))
        : () => undefined;
    instance.on('moveend', () => {
      const c = instance.getCenter();
      const next: MapViewState = { center: [c.lng, c.lat], zoom: instance.getZoom() };
      viewRef.current = next;
      setView(next);
      latest.current.props.onViewChange?.(next);
    });
    instance.on('sourcedata', (e) => {
      if (e.isSourceLoaded) applier.sourceLoaded(e.sourceId);
    });
    instance.on('idle', () => {
      const { activeGroup: group, activeKey: key } = latest.current;
      if (instance.getSource(group) && instance.isSourceLoaded(group)) setLoadedFor(key);
      // A filter still waiting for its source's tiles (filter-retry.ts) is not drawn yet.
      if (!applier.isPending()) setSettledFor(settleKey(latest.current.contentKey, viewRef.current));
    });
    // Spec 000 §8: a map 403 is ignored, other map errors are logged; neither breaks the map (a missing tile
    // endpoint only leaves that layer out).
    instance.on('error', (e) => {
      if ((e.error as { status?: number }).status !== 403) console.warn('Map error', e.error);
    });
    const unbind = bindMapEvents(instance, () => {
      const { props: p, activeGroup: group, drawMode: mode } = latest.current;
      return {
        activeGroup: group,
        featureClicks: drawInteraction(mode).featureClicks && !drawRef.current?.justFinished(),
        onFeatureClick: p.onFeatureClick,
        onBackgroundClick: p.onBackgroundClick,
        popupContent: p.popupContent,
      };
    });
    // The drawer and panes resize the map area without a window resize.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    setMap(instance);
    return () => {
      stopFallback();
      observer.disconnect();
      unbind();
      applier.dispose();
      filterApplier.current = null;
      selected.current = null;
      // The drawing goes while its sources are still on the map: after remove() (a theme change swaps the map),
      // stopping it set data on sources that were gone (issue 15: 'Stopping the boundary drawing failed').
      // The drawing is created after the map (on style load): the ref's value at cleanup is the one to destroy.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      drawRef.current?.destroy();
      setReadyMap(null);
      setStyleFailed(false);
      setMap(null);
      instance.remove();
    };
  }, [mapStyle]);

  // Only a new dataset re-centres; a refetch of the same one keeps where the user has panned to.
  useEffect(() => {
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    const start = latest.current.props.initialView;
    viewRef.current = start;
    setView(start);
    map?.jumpTo({ center: start.center, zoom: start.zoom });
  }, [map, viewKey]);

  // Which layers are on the map and in what order; new layers get the current colour, filter and selection.
  useEffect(() => {
    if (!map || !styleReady) return;
    const { plan: current, activeGroup: group, props: p } = latest.current;
    syncLayers(map, current);
    applyColor(map, GROUP_LAYERS[group], p.color ?? null);
    applyColor(map, POPULATION_LAYERS, p.populationColor ?? null);
    filterApplier.current?.apply(GROUP_LAYERS[group], p.filter ?? null);
    applyOverlayFilters(map, current, p.overlayFilters);
    const next = p.selectedId != null ? { source: group, id: p.selectedId } : null;
    applySelection(map, selected.current, next);
    selected.current = next;
    applyPlannerShapes(map, p.plannerShapes ?? null);
    applyPipeHalo(map, p.haloPipeIds ?? null);
    applyPortfolioPipes(map, p.portfolioPipes ?? null);
  }, [map, styleReady, layersKey]);

  useEffect(() => {
    if (!map || !styleReady) return;
    applyPlannerShapes(map, plannerShapes);
  }, [map, styleReady, plannerShapes]);

  useEffect(() => {
    if (!map || !styleReady) return;
    applyPipeHalo(map, haloPipeIds);
  }, [map, styleReady, haloPipeIds]);

  useEffect(() => {
    if (!map || !styleReady) return;
    applyPortfolioPipes(map, portfolioPipes);
  }, [map, styleReady, portfolioPipes]);

  // A view change repaints with setPaintProperty; the layers stay.
  useEffect(() => {
    if (!map || !styleReady) return;
    const { activeGroup: group, props: p } = latest.current;
    applyColor(map, GROUP_LAYERS[group], p.color ?? null);
  }, [map, styleReady, colorKey]);

  useEffect(() => {
    if (!map || !styleReady) return;
    applyColor(map, POPULATION_LAYERS, latest.current.props.populationColor ?? null);
  }, [map, styleReady, populationKey]);

  useEffect(() => {
    if (!map || !styleReady) return;
    const { activeGroup: group, props: p } = latest.current;
    filterApplier.current?.apply(GROUP_LAYERS[group], p.filter ?? null);
  }, [map, styleReady, filterKey]);

  useEffect(() => {
    if (!map || !styleReady) return;
    applyOverlayFilters(map, latest.current.plan, latest.current.props.overlayFilters);
  }, [map, styleReady, overlayFilterKey]);

  useEffect(() => {
    if (!map || !styleReady) return;
    const next = selectedId !== null ? { source: activeGroup, id: selectedId } : null;
    applySelection(map, selected.current, next);
    selected.current = next;
  }, [map, styleReady, activeGroup, selectedId]);

  useEffect(() => {
    if (!map) return;
    const b = latest.current.props.maxBounds;
    map.setMaxBounds(
      b
        ? [
            [b[0], b[1]],
            [b[2], b[3]],
          ]
        : null,
    );
  }, [map, boundsKey]);

  // Every change above asks for a frame, so an idle follows it even where MapLibre would see nothing to redraw.
  useEffect(() => {
    map?.triggerRepaint();
  }, [map, drawnKey]);

  // LAYER-28: one pin at a time; a new place (or colour) replaces it, null takes it off.
  useEffect(() => {
    const at = latest.current.props.marker;
    if (!map || !markerKey || !at) return;
    const marker = new Marker({ element: pinElement(markerColor), anchor: MARKER_ANCHOR })
      .setLngLat(at)
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, markerKey, markerColor]);

  return (
    // A size container, so the controls drawn over the map can follow its width (map-settings narrow-map.ts).
    <Box sx={{ position: 'absolute', inset: 0, containerType: 'inline-size', containerName: 'map' }}>
      <Box
        ref={container}
        role="region"
        aria-label={label}
        data-testid="map"
        data-center={formatCenter(view.center)}
        data-zoom={formatZoom(view.zoom)}
        data-ready={styleReady}
        data-basemap={basemapKind(mapStyle, styleFailed)}
        data-pipes={tiles('pipes') !== null && styleReady}
        data-group={activeGroup}
        data-view-color={colorKey}
        data-tiles={textHash(activeKey)}
        data-filter={filterKey}
        data-loaded={dataLoaded}
        // For tests that read the map's pixels: what is on screen is what the props and the view say (above).
        data-settled={styleReady && settledFor === drawnKey}
        data-draw-mode={drawMode}
        data-planner-shapes={plannerShapes?.features.length ?? 0}
        data-halo-pipes={haloPipeIds?.length ?? 0}
        // maplibre-gl.css makes the container `position: relative`, so it is sized, not inset.
        sx={{ width: '100%', height: '100%' }}
      />
      {children}
    </Box>
  );
}
