// MapView's boundary drawing: one terra-draw controller per map (created once the style has loaded, destroyed with
// the map), following the `drawMode` and `boundaries` props. Used only by MapView, which owns the map.
// Issue 41: terra-draw (≈115 kB) is its own chunk, fetched only once a boundary is drawn or shown — the first
// coloured map does not wait for it, and a map without boundaries never loads it.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { BoundaryDraw, BoundaryDrawCallbacks } from './boundary-draw.ts';
import type { BoundaryLabels } from './boundary-popup.ts';
import type { BoundaryPolygons } from './geometry.ts';
import type { DrawMode } from './modes.ts';

export const DEFAULT_BOUNDARY_LABELS: BoundaryLabels = { edit: 'Edit', confirm: 'Confirm', delete: 'Delete' };

/** Fills `drawRef` with the live controller (MapView reads it in its map event handlers). */
export function useBoundaryDraw(
  drawRef: RefObject<BoundaryDraw | null>,
  map: MapLibreMap | null,
  styleReady: boolean,
  state: { drawMode: DrawMode; boundaries: BoundaryPolygons; labels: BoundaryLabels },
  callbacks: () => BoundaryDrawCallbacks,
): void {
  const [draw, setDraw] = useState<BoundaryDraw | null>(null);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  const { drawMode, boundaries, labels } = state;
  // Once wanted, kept for the map's life: leaving draw mode must not tear the controller (and its shapes) down.
  const [needed, setNeeded] = useState(false);
  if (!needed && (drawMode !== 'off' || boundaries.length > 0)) setNeeded(true);

  useEffect(() => {
    if (!map || !styleReady || !needed) return;
    let instance: BoundaryDraw | null = null;
    let gone = false;
    import('./boundary-draw.ts')
      .then(({ BoundaryDraw }) => {
        if (gone) return;
        instance = new BoundaryDraw(map, () => latest.current());
        drawRef.current = instance;
        setDraw(instance);
      })
      .catch((err: unknown) => {
        // The map works without drawing: a terra-draw failure (or its chunk not loading) only takes the boundaries
        // away.
        console.warn('Boundary drawing is unavailable', err);
      });
    return () => {
      gone = true;
      if (!instance) return;
      drawRef.current = null;
      setDraw(null);
      instance.destroy();
    };
  }, [drawRef, map, styleReady, needed]);

  useEffect(() => {
    draw?.setBoundaries(boundaries);
  }, [draw, boundaries]);

  useEffect(() => {
    draw?.setMode(drawMode);
  }, [draw, drawMode]);

  const labelsKey = `${labels.edit}|${labels.confirm}|${labels.delete}`;
  useEffect(() => {
    draw?.renderPopup();
  }, [draw, labelsKey]);
}
