// Whether this page is on its way out: a reload it asked for (ERR-03), or the user going elsewhere — a link to a
// full page load, the address bar, a reload. The browser then cuts off the calls still under way (say the start-up
// user-info check), and such a cut is not a failure: it must not log the user out on the way out. Seen when a
// page was left within a second of loading: the aborted check cleared the stored session and the next page landed
// on login.
let leaving = false;

/** Set by this page's own reload (chunk-reload.ts) or by the browser's unload events. */
export function markLeaving(): void {
  leaving = true;
}

export function isLeavingPage(): boolean {
  return leaving;
}

/** How long a `beforeunload` counts without the page going away (a download link, a cancelled navigation). */
const UNLOAD_SETTLE_MS = 3_000;

export function installPageExit(target: Window = window): void {
  target.addEventListener('beforeunload', () => {
    leaving = true;
    // A page really unloading runs no more timers; one that stays resets the flag.
    target.setTimeout(() => (leaving = false), UNLOAD_SETTLE_MS);
  });
  target.addEventListener('pagehide', () => (leaving = true));
  // Back from the back/forward cache: alive again.
  target.addEventListener('pageshow', () => (leaving = false));
}
