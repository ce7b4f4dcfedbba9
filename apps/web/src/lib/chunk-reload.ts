// ERR-03: a failed chunk load (usually a deploy replaced the hashed files under an open tab) reloads
// the page once. The timestamp in sessionStorage stops a reload loop when the chunk is really gone.
import { markLeaving } from './page-exit.ts';

const KEY = 'pipewise_chunk_reload_at';
const LOOP_GUARD_MS = 10_000;

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to fetch dynamically|error loading dynamically imported|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Reloads unless a reload for the same reason happened moments ago. Returns whether it reloaded. */
export function reloadOnce(storage: Storage = sessionStorage, now: number = Date.now()): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < LOOP_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  markLeaving();
  window.location.reload();
  return true;
}

/** Vite's own signal that a preloaded chunk failed. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
