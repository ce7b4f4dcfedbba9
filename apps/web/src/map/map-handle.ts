// What the lead's controls ask of the map (zoom, home, fly to an asset, screenshot, export): the imperative handle
// MapView exposes through its `ref`. Every method is safe before the map exists (it does nothing / returns empty).
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import type { LayerGroup } from '@pipewise/domain';
import { activeLayerIds } from './map-events.ts';

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface MapViewHandle {
  flyTo(center: [number, number], zoom?: number): void;
  fitBounds(bbox: BBox, options?: { padding?: number; maxZoom?: number }): void;
  zoomIn(): void;
  zoomOut(): void;
  /**
   * The map as an image (PDF screenshot: `('image/jpeg', 0.95)`). Render-then-capture: it repaints once and reads
   * the canvas inside that frame's `render` event, while the drawing buffer still holds it — so the map does not
   * need `preserveDrawingBuffer: true`, which costs every frame. Null when there is no map or the read fails.
   */
  getCanvasDataUrl(type?: string, quality?: number): Promise<string | null>;
  /** Ids of the group's features drawn in the viewport now (they passed the filter). [] if the group is not shown. */
  visibleFeatureIds(group: LayerGroup): number[];
  /**
   * Ids of the group's features that pass the current filter in the whole source. Limitation: MapLibre only knows
   * the features of the tiles it has loaded (around the viewport, at the current zoom), not the whole dataset.
   */
  renderedFeatureIds(group: LayerGroup): number[];
  /** Every feature id of the group in the loaded tiles, filtered or not (hidden = loaded − rendered). */
  loadedFeatureIds(group: LayerGroup): number[];
  getBounds(): BBox | null;
  /**
   * The map fitted to the box at once (no animation) and captured once its tiles are drawn (MapLibre's `idle`, at
   * most 8 s): a printed project shows the project, whatever the user had panned to. Null when there is no map.
   */
  captureBox(bbox: BBox, options?: { padding?: number; maxZoom?: number }): Promise<string | null>;
  /** Ground metres one pixel of the canvas image covers at the map's centre (a printed scale bar); null if no map. */
  metresPerCanvasPixel(): number | null;
}

/** Web Mercator with MapLibre's 512-pixel tiles: the equator's length over the world's width at zoom z. */
const EQUATOR_M = 40_075_016.686;
export const metresPerCssPixel = (latitude: number, zoom: number) =>
  (EQUATOR_M * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);

const ids = (features: readonly { id?: string | number }[]) => [
  ...new Set(features.flatMap((f) => (typeof f.id === 'number' ? [f.id] : []))),
];

export function createMapHandle(
  getMap: () => MapLibreMap | null,
  getFilter: () => ExpressionSpecification | null,
): MapViewHandle {
  const sourceIds = (group: LayerGroup, filter: ExpressionSpecification | null) => {
    const map = getMap();
    if (!map?.getSource(group)) return [];
    return ids(map.querySourceFeatures(group, { sourceLayer: group, ...(filter && { filter }) }));
  };
  return {
    flyTo(center, zoom) {
      getMap()?.flyTo({ center, ...(zoom !== undefined && { zoom }) });
    },
    fitBounds(bbox, options) {
      getMap()?.fitBounds(
        [
          [bbox[0], bbox[1]],
          [bbox[2], bbox[3]],
        ],
        options,
      );
    },
    zoomIn() {
      getMap()?.zoomIn();
    },
    zoomOut() {
      getMap()?.zoomOut();
    },
    async captureBox(bbox, options) {
      const map = getMap();
      if (!map) return null;
      map.fitBounds(
        [
          [bbox[0], bbox[1]],
          [bbox[2], bbox[3]],
        ],
        { ...options, animate: false },
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 8_000);
        map.once('idle', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return this.getCanvasDataUrl('image/png');
    },
    metresPerCanvasPixel() {
      const map = getMap();
      if (!map) return null;
      const canvas = map.getCanvas();
      const cssWidth = map.getContainer().clientWidth || canvas.width;
      return metresPerCssPixel(map.getCenter().lat, map.getZoom()) * (cssWidth / canvas.width);
    },
    getCanvasDataUrl(type = 'image/png', quality) {
      const map = getMap();
      if (!map) return Promise.resolve(null);
      return new Promise((resolve) => {
        map.once('render', () => {
          try {
            resolve(map.getCanvas().toDataURL(type, quality));
          } catch (err) {
            console.warn('Reading the map canvas failed', err);
            resolve(null);
          }
        });
        map.triggerRepaint();
      });
    },
    visibleFeatureIds(group) {
      const map = getMap();
      if (!map) return [];
      const layers = activeLayerIds(map, group);
      return layers.length ? ids(map.queryRenderedFeatures({ layers })) : [];
    },
    renderedFeatureIds: (group) => sourceIds(group, getFilter()),
    loadedFeatureIds: (group) => sourceIds(group, null),
    getBounds() {
      const b = getMap()?.getBounds();
      return b ? [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] : null;
    },
  };
}
