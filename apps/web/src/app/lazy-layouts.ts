// The logged-in layouts load as chunks of their own: the login page's first download holds the guest layout and the
// login form only, not the shell behind them (top bar, drawer, dataset wiring, map settings and filters; issue 15:
// "5 s of blank screen on a cold load"). The guest pages fetch the shell and the landing page while the browser is
// idle, so the first page after signing in does not wait for them either.
import type { RouteObject } from 'react-router';

export const loadDefaultLayout = () => import('./layouts/DefaultLayout.tsx');
const loadStaticLayout = () => import('./layouts/StaticLayout.tsx');
/** Where a sign-in lands unless it was sent elsewhere (safeRedirect's default). */
export const loadHomePage = () => import('../routes/home/HomePage.tsx');

export const defaultLayout: RouteObject['lazy'] = async () => ({
  Component: (await loadDefaultLayout()).DefaultLayout,
});
export const staticLayout: RouteObject['lazy'] = async () => ({
  Component: (await loadStaticLayout()).StaticLayout,
});

const IDLE_FALLBACK_MS = 1500;

/**
 * Fetches the chunks a sign-in most likely opens next, once the page is idle (after its first paint, so they never
 * compete with it). Returns a cancel for an unmount before that. A failed fetch is left to the navigation, which
 * loads the chunk again and reports it (lib/chunk-reload.ts).
 */
export function preloadAfterLogin(): () => void {
  const run = () => {
    for (const load of [loadDefaultLayout, loadHomePage]) load().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_FALLBACK_MS * 2 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(id);
}
