// Thread entry of town-basemap.store.ts (through town-basemap.boot.mjs): lays the town's streets, finds its blocks
// and posts the gzipped GeoJSON back, its bytes transferred to the main thread rather than copied.
import { gzipSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { townBasemap, type TownParams } from './town-basemap.ts';
import { runInBackground } from '../../lib/thread-priority.ts';

// The API's thread first (lib/thread-priority.ts).
runInBackground();

try {
  // A copy of its own: a Buffer may be a view into a shared pool, which cannot be transferred.
  const bytes = new Uint8Array(gzipSync(JSON.stringify(townBasemap(workerData as TownParams))));
  parentPort!.postMessage({ ok: true, bytes }, [bytes.buffer]);
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
