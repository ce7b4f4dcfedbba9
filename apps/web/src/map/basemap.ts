// The basemap (ARCHITECTURE.md): a MapLibre style URL per theme (the server's public default while it reaches it,
// or the operator's), or — offline, none configured — a plain background in the app's colours. Never an error: a
// style that fails in the browser gives way to the plain background too (style-fallback.ts). A generated demo town
// is drawn on its own streets and blocks instead (demoTownStyle).
import type { StyleSpecification } from 'maplibre-gl';
import { DEMO_BASEMAP_SOURCE, demoBasemapLayers, demoBasemapSource } from './demo-basemap.layers.ts';

export type MapTheme = 'light' | 'dark' | 'terrain';

type StyleUrls = Partial<Record<MapTheme, string | null>>;

/** The public config's `basemap` (GET /api/config); every part optional, so a partial or missing one still works. */
export interface BasemapSettings extends StyleUrls {
  /** LAYER-17: the styles for demo users; a theme without one uses the normal style. */
  demo?: StyleUrls | null;
  /** LAYER-35: the maps service's public token, put in place of `{token}` in a style URL. */
  token?: string | null;
}

/** The app theme's background colours (app/theme.ts), so the map sits in the page without a seam. */
const PLAIN_BACKGROUND: Record<MapTheme, string> = { light: '#e9eef3', dark: '#0e1620', terrain: '#e8eadf' };
/**
 * LAYER-17 (spec 000 §1: demo mode uses different map themes): a slightly warmer tint of each background, calm
 * enough for the data on top, yet a demo user who also knows a real account sees at once which one this is.
 */
const DEMO_BACKGROUND: Record<MapTheme, string> = { light: '#f2ede4', dark: '#1a1613', terrain: '#ece5d3' };

const TOKEN = '{token}';

export function plainStyle(theme: MapTheme, demo = false): StyleSpecification {
  return {
    version: 8,
    ...(demo && { name: 'Pipewise demo' }),
    sources: {},
    layers: [
      {
        id: 'background',
        type: 'background',
        paint: { 'background-color': (demo ? DEMO_BACKGROUND : PLAIN_BACKGROUND)[theme] },
      },
    ],
  };
}

/**
 * The style of the theme: for demo users the demo style, else the normal one, else the plain background. A URL
 * with `{token}` but no token configured would only fail to load, so it falls back to the plain background too.
 */
export function basemapStyle(
  config: BasemapSettings | undefined,
  theme: MapTheme,
  demo = false,
): string | StyleSpecification {
  const url = (demo ? config?.demo?.[theme] : null) ?? config?.[theme] ?? null;
  if (!url) return plainStyle(theme, demo);
  if (!url.includes(TOKEN)) return url;
  const token = config?.token;
  if (!token) {
    console.warn(
      `The ${theme} basemap style needs {token} but BASEMAP_TOKEN is not set; using a plain background`,
    );
    return plainStyle(theme, demo);
  }
  return url.replaceAll(TOKEN, encodeURIComponent(token));
}

/**
 * Issue 15: a synthetic town's basemap is its own generated streets and blocks (`url`: GET /api/datasets/{id}/
 * demo-basemap, absolute because MapLibre's worker fetches it) on the plain background, whatever basemap is
 * configured. The town is placed at the spec's default centre, a real place: real streets there would run through
 * its pipes and blocks, so they would disorient rather than orient, and the generated ones match the network.
 */
export function demoTownStyle(theme: MapTheme, demo: boolean, url: string): StyleSpecification {
  const plain = plainStyle(theme, demo);
  return {
    ...plain,
    sources: { [DEMO_BASEMAP_SOURCE]: demoBasemapSource(url) },
    layers: [...plain.layers, ...demoBasemapLayers(theme)],
  };
}
