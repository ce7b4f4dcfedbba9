// MapView's boundary drawing: one terra-draw controller per map (created once the style has loaded, destroyed with
// the map), following the `drawMode` and `boundaries` props. Used only by MapView, which owns the map.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { BoundaryDraw } from './boundary-draw.ts';
import type { BoundaryDrawCallbacks } from './boundary-draw.ts';
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

  useEffect(() => {
    if (!map || !styleReady) return;
    let instance: BoundaryDraw;
    try {
      instance = new BoundaryDraw(map, () => latest.current());
    } catch (err) {
      // The map works without drawing: a terra-draw failure only takes the boundaries away.
      console.warn('Boundary drawing is unavailable', err);
      return;
    }
    drawRef.current = instance;
    setDraw(instance);
    return () => {
      drawRef.current = null;
      setDraw(null);
      instance.destroy();
    };
  }, [drawRef, map, styleReady]);

  const { drawMode, boundaries, labels } = state;
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
