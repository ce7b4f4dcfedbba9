// The named route guards of spec §2 (SHELL-GUARD-01) as pure decisions: given where the user is
// going and what we know, return the path to redirect to, or null to let them through.
import { HttpError } from '../lib/http-error.ts';
import { loginPathWithRedirect } from '../lib/navigation.ts';

export const GUARD_NAMES = ['auth', 'guest', 'headers', 'noData'] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

/**
 * Paths the noData guard lets through. CHECKLIST SHELL-ROUTE-07 reading: the spec sends every path except /home
 * and /data/unavailable to /data/unavailable, which would lock a client without data out of its first import.
 * We also let /data and /data/import through, so the first import is possible (and SHELL-ROUTE-06's "go to /data"
 * has somewhere to land).
 */
export const NO_DATA_EXEMPT = ['/home', '/data/unavailable', '/data', '/data/import'] as const;
export const NO_DATA_PATH = '/data/unavailable';

export interface GuardContext {
  /** Path name, e.g. '/map/lof'. */
  pathname: string;
  /** Path name with the query, kept as the login redirect. */
  path: string;
  loggedIn: boolean;
  /** Whether the client has any dataset; null when it was not asked. */
  hasData: boolean | null;
}

export function needsDataCheck(
  names: readonly GuardName[],
  ctx: Pick<GuardContext, 'pathname' | 'loggedIn'>,
) {
  return (
    names.includes('noData') && ctx.loggedIn && !(NO_DATA_EXEMPT as readonly string[]).includes(ctx.pathname)
  );
}

export function decideGuard(name: string, ctx: GuardContext): string | null {
  switch (name) {
    case 'auth':
      return ctx.loggedIn ? null : loginPathWithRedirect(ctx.path);
    case 'guest':
      return ctx.loggedIn ? '/home' : null;
    case 'headers':
      // Makes sure the API headers (bearer + CSRF cookie) can be sent; never redirects.
      return null;
    case 'noData':
      if (!ctx.loggedIn || ctx.hasData !== false) return null;
      return (NO_DATA_EXEMPT as readonly string[]).includes(ctx.pathname) ? null : NO_DATA_PATH;
    default:
      // ERR-04: a route naming a guard that does not exist is a programming error.
      throw new HttpError('Unknown middleware', 500);
  }
}

/** Runs the guards in order; the first redirect wins. */
export function runGuards(names: readonly string[], ctx: GuardContext): string | null {
  for (const name of names) {
    const target = decideGuard(name, ctx);
    if (target) return target;
  }
  return null;
}
