// The one MapLibre adapter (STYLE.md: nothing else touches the map object). It owns the map's life, applies the
// layers it is given as data, and reports the view. Children render on top of the map (controls, overlays).
import { Box } from '@mui/material';
import { Map as MapLibreMap } from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { applyPipes } from './apply-layers.ts';
import { formatCenter, formatZoom } from './view.ts';
import type { MapViewState } from './view.ts';
import { ensureMapWorker } from './worker.ts';

export interface MapViewProps {
  /** Where to look when the map is built or `viewKey` changes (a dataset switch); panning is the user's. */
  initialView: MapViewState;
  viewKey: string | number;
  /** A new style (theme) rebuilds the map (spec 000 §4: a theme change tears down and rebuilds it). */
  mapStyle: string | StyleSpecification;
  /** The pipes tile URL template, or null when there are no tiles to show. */
  pipesTiles: string | null;
  transformRequest?: (url: string) => { url: string; headers?: Record<string, string> };
  onViewChange?: (view: MapViewState) => void;
  label: string;
  children?: ReactNode;
}

export function MapView(props: MapViewProps) {
  const { initialView, viewKey, mapStyle, pipesTiles, label, children } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [styleReady, setStyleReady] = useState(false);
  const [view, setView] = useState(initialView);
  // Where the map looks now, so a rebuild (theme change) keeps the user's view.
  const viewRef = useRef(initialView);
  const shownKey = useRef(viewKey);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!container.current) return;
    ensureMapWorker();
    const { transformRequest } = latest.current;
    const start = viewRef.current;
    const instance = new MapLibreMap({
      container: container.current,
      style: mapStyle,
      center: start.center,
      zoom: start.zoom,
      attributionControl: { compact: true },
      ...(transformRequest && { transformRequest }),
    });
    instance.on('style.load', () => setStyleReady(true));
    instance.on('moveend', () => {
      const c = instance.getCenter();
      const next: MapViewState = { center: [c.lng, c.lat], zoom: instance.getZoom() };
      viewRef.current = next;
      setView(next);
      latest.current.onViewChange?.(next);
    });
    // Spec 000 §8: a map 403 is ignored, other map errors are logged; neither breaks the map (a missing tile
    // endpoint only leaves the pipes out).
    instance.on('error', (e) => {
      if ((e.error as { status?: number }).status !== 403) console.warn('Map error', e.error);
    });
    // The drawer and panes resize the map area without a window resize.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    setMap(instance);
    return () => {
      observer.disconnect();
      setStyleReady(false);
      setMap(null);
      instance.remove();
    };
  }, [mapStyle]);

  // Only a new dataset re-centres; a refetch of the same one keeps where the user has panned to.
  useEffect(() => {
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    const start = latest.current.initialView;
    viewRef.current = start;
    setView(start);
    map?.jumpTo({ center: start.center, zoom: start.zoom });
  }, [map, viewKey]);

  useEffect(() => {
    if (map && styleReady) applyPipes(map, pipesTiles);
  }, [map, styleReady, pipesTiles]);

  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <Box
        ref={container}
        role="region"
        aria-label={label}
        data-testid="map"
        data-center={formatCenter(view.center)}
        data-zoom={formatZoom(view.zoom)}
        data-ready={styleReady}
        data-pipes={pipesTiles !== null && styleReady}
        // maplibre-gl.css makes the container `position: relative`, so it is sized, not inset.
        sx={{ width: '100%', height: '100%' }}
      />
      {children}
    </Box>
  );
}
