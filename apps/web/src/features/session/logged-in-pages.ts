// Which logged-in pages are on screen: the layouts that show the user's data (default and static) count themselves
// in while mounted, so logout can wait for the last of them to go before it drops the cache and the map's stores.
// Dropped while such a page was still mounted, its queries fetched again at once with no token (issue 15: 401s for
// snapshot-groups and snapshots/current; from the map, the current snapshot's 401 also sent the next login to /data).
// The router's own promise is no such signal: it resolves before React has rendered the new page (a transition that
// the map's unmount and the login page's lazy texts can hold up).
import { useEffect } from 'react';

let mounted = 0;
let waiting: (() => void)[] = [];

/** Called by a logged-in layout: counts it in for as long as it is mounted. */
export function useLoggedInPage(): void {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      if (mounted > 0) return;
      const run = waiting;
      waiting = [];
      for (const fn of run) fn();
    };
  }, []);
}

/**
 * Runs `fn` once no logged-in page is mounted: at once when none is, else in the task after the last one's
 * unmount (when the cleanups of the whole page, its query subscriptions among them, have run).
 */
export function whenNoLoggedInPage(fn: () => void): void {
  if (mounted === 0) fn();
  else waiting.push(() => setTimeout(fn, 0));
}
