// Navigation for code that runs outside React (api-client, logout, session timers). The router
// registers itself at start-up; before that (or in unit tests) we fall back to a full page load.

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigator) navigator(to, opts);
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
