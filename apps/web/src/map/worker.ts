// ARCHITECTURE.md "Versions": maplibre-gl 6 is ESM-only and a Vite build does not emit its worker, so the worker
// file is imported as an asset URL and handed to MapLibre once, before the first map is created.
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let done = false;

export function ensureMapWorker(): void {
  if (done) return;
  setWorkerUrl(workerUrl);
  done = true;
}
