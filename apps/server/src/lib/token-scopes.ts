// What an API token's scopes open (issue 42; docs/api-tokens.md). The one place that decides it: the auth plugin
// calls `assertTokenScope` for every request authenticated by a token, before the route's own role checks, which
// then apply to the token's user as to a session. 'admin' implies the others.
//
// - safe methods (GET, HEAD, OPTIONS) and the few POSTs that only query or export need 'read';
// - writes under /api/imports and /api/import-definitions (scheduled imports) need 'import';
// - writes under the planner (plans, projects, proposals, programmes, planner scenarios, annual budgets and the
//   portfolio under /api/projects) need 'plan';
// - every other write needs 'admin';
// - the account's own security (password, two-factor, login sessions) is never open to a token, and a token may
//   make or revoke tokens only with 'admin' (a leaked 'read' token cannot mint itself a stronger one).
import type { TokenScope } from '@pipewise/domain';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Route patterns (as registered, under /api) of POSTs that change nothing the client shares: queries, exports. */
const READ_POSTS = new Set([
  '/api/datasets/:datasetId/intersecting-assets',
  '/api/datasets/:id/high-risk-pipes',
  '/api/datasets/:datasetId/exports',
  '/api/datasets/:datasetId/exports/email',
  '/api/exports/:exportId/email',
  '/api/report-routes',
]);

const PLANNER_PREFIXES = ['/plans', '/projects', '/proposals', '/programmes', '/planner-scenarios'];

/** Never with a token, whatever its scopes: a script must not change the password or sign-in of its user. */
const ACCOUNT_SECURITY_PREFIXES = [
  '/token',
  '/user/password',
  '/user/two-factor',
  '/check_identity',
  '/send_2fa',
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The scope a request needs; 'never' for the calls no token may make. */
export function requiredScope(method: string, path: string): TokenScope | 'never' {
  const api = path.startsWith('/api/') ? path.slice(4) : path;
  if (ACCOUNT_SECURITY_PREFIXES.some((p) => under(api, p))) return 'never';
  if (under(api, '/tokens')) return SAFE_METHODS.has(method) ? 'read' : 'admin';
  if (SAFE_METHODS.has(method) || READ_POSTS.has(path)) return 'read';
  if (under(api, '/imports') || under(api, '/import-definitions')) return 'import';
  if (PLANNER_PREFIXES.some((p) => under(api, p))) return 'plan';
  return 'admin';
}

export function hasScope(scopes: readonly string[], needed: TokenScope): boolean {
  return scopes.includes('admin') || scopes.includes(needed);
}

/**
 * Throws 403 TOKEN_SCOPE unless the token's scopes open this call. `route` is the registered pattern
 * (`/api/projects/:id`), or the path when no route matched.
 */
export function assertTokenScope(scopes: readonly string[], method: string, route: string): void {
  const needed = requiredScope(method, route);
  if (needed === 'never') {
    throw new AppError(
      403,
      'TOKEN_SCOPE',
      "API tokens cannot change an account's password, sign-in or sessions. Sign in to do this.",
    );
  }
  if (!hasScope(scopes, needed)) {
    throw new AppError(
      403,
      'TOKEN_SCOPE',
      `This API token lacks the '${needed}' scope needed for this call.`,
    );
  }
}
