// How the map exposes its view to end-to-end tests (`data-center`, `data-zoom` on data-testid="map").
export interface MapViewState {
  center: [number, number];
  zoom: number;
}

export const formatCenter = ([lng, lat]: readonly [number, number]) => `${lng.toFixed(5)},${lat.toFixed(5)}`;
export const formatZoom = (zoom: number) => zoom.toFixed(2);

/** Spec 000 §9: default map centre about 37.49 N, 122.23 W, zoom 11.5 — for a dataset without a view yet. */
export const DEFAULT_VIEW: MapViewState = { center: [-122.23, 37.49], zoom: 11.5 };
