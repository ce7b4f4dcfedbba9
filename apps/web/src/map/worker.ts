// ARCHITECTURE.md "Versions": maplibre-gl 6 is ESM-only and a Vite build does not emit its worker, so the worker
// file is imported as an asset URL and handed to MapLibre once, before the first map is created.
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let done = false;

export function ensureMapWorker(): void {
  if (done) return;
  setWorkerUrl(workerUrl);
  done = true;
}

/**
 * The map's web workers started before the map exists: on the login click into a map, MapLibre's worker script
 * (500 KiB) was fetched and compiled only once the map was made, and no tile was asked for until it ran (issue 41:
 * 0.43 s of the first user's 1.5 s before the first tile request). prewarm() is MapLibre's own way to do it.
 */
export function prewarmMap(): void {
  ensureMapWorker();
  prewarm();
}
