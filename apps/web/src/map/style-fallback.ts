// Issue 15: a basemap style that cannot load in the browser (its host blocked by a proxy, down, or answering
// something else) gives way to the plain background, so the data are still drawn: the server's probe
// (apps/server/src/modules/system/basemap-probe.ts) says only that the server reached it.
import type { ErrorEvent, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';

/** Long enough for a slow connection to fetch a style, short enough that a user is not left on a blank map. */
export const STYLE_LOAD_TIMEOUT_MS = 15_000;

type StyleEvents = Pick<MapLibreMap, 'on' | 'off' | 'setStyle'>;

/**
 * Watches the map's style until it loads: an error before that (the style's own request, or a style MapLibre
 * rejects), or no load within the timeout, swaps in `fallback`. The data layers are added on the style's load
 * (MapView), so none exist yet to lose; they go onto the fallback when it loads. Returns a stop function.
 */
export function fallBackOnStyleFailure(
  map: StyleEvents,
  fallback: StyleSpecification,
  onFallback?: () => void,
  timeoutMs = STYLE_LOAD_TIMEOUT_MS,
): () => void {
  let watching = true;
  const stop = () => {
    watching = false;
    clearTimeout(timer);
    map.off('style.load', stop);
    map.off('error', onError);
  };
  const fallBack = (reason: unknown) => {
    if (!watching) return;
    stop();
    console.warn('The basemap style could not be loaded; drawing on the plain background', reason);
    // No diff against a style that never loaded: MapLibre would try, fail and warn before replacing it anyway.
    map.setStyle(fallback, { diff: false });
    onFallback?.();
  };
  const onError = (e: ErrorEvent) => fallBack(e.error);
  const timer = setTimeout(() => fallBack(new Error(`no style after ${timeoutMs} ms`)), timeoutMs);
  map.on('style.load', stop);
  map.on('error', onError);
  return stop;
}
