// Navigation for code that runs outside React (api-client, logout, session timers). The router
// registers itself at start-up; before that (or in unit tests) we fall back to a full page load.

type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Resolves once the router has navigated (at once for a full page load). */
export async function navigateTo(to: string, opts?: { replace?: boolean }): Promise<void> {
  if (navigator) await navigator(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The current in-app path including query, used as the `redirect` query of the login page. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

export function loginPathWithRedirect(path: string = currentPath()): string {
  if (path === '/' || path.startsWith('/user/login')) return '/user/login';
  return `/user/login?redirect=${encodeURIComponent(path)}`;
}
