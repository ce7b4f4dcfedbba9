// The basemap (ARCHITECTURE.md): a configured MapLibre style URL per theme, or — offline, none configured — a
// plain background in the app's colours. Never an error.
import type { StyleSpecification } from 'maplibre-gl';

export type MapTheme = 'light' | 'dark' | 'terrain';

/** The app theme's background colours (app/theme.ts), so the map sits in the page without a seam. */
const PLAIN_BACKGROUND: Record<MapTheme, string> = { light: '#e9eef3', dark: '#0e1620', terrain: '#e8eadf' };

export function plainStyle(theme: MapTheme): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': PLAIN_BACKGROUND[theme] } },
    ],
  };
}

export function basemapStyle(
  urls: Partial<Record<MapTheme, string | null>> | undefined,
  theme: MapTheme,
): string | StyleSpecification {
  return urls?.[theme] ?? plainStyle(theme);
}
