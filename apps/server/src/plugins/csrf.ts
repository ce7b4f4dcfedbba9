// CSRF double submit, signed and bound to the session (docs/api-accounts.md, issue 37). Cookie pw_csrf (readable by
// the page, SameSite=Lax) and header X-CSRF-Token must match on every unsafe method under /api, and the token must
// be one this server signed (lib/csrf-tokens.ts): a cookie planted from a sibling subdomain no longer passes. When
// the request carries a valid access token with a session id, the token must be bound to that session; without
// one (login, refresh, logout, registration, password reset…) any token this server signed passes.
//
// The bearer is read here, in onRequest, before the routes' own authenticate hook runs: verifying the JWT is an
// HMAC and needs no database. A bearer that does not verify (expired, forged, malformed) binds nothing here, so the
// route's auth answers it as before (401 TOKEN_EXPIRED, which the web answers by logging out) rather than a 403
// CSRF, which the web would answer by renewing the token and trying again.
//
// Issue 42: a request with an API token (`Authorization: Bearer pwt_…`) and no Cookie header is a script's, not a
// browser's: a cross-site page can make a browser send its cookies but never set this header, and without cookies
// there is no session to ride. It needs no CSRF token and is handed no cookie. A request that carries any cookie
// keeps the double submit exactly as below, whatever its bearer; session access tokens keep it in all cases (the
// browser that holds one always holds its cookies too).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS_BINDING, CsrfTokens } from '../lib/csrf-tokens.ts';
import { AppError } from '../lib/errors.ts';
import type { AccessTokens } from '../lib/tokens.ts';

export const CSRF_COOKIE = 'pw_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The route that hands the token out: it always answers one bound to the caller's session. */
const CSRF_ROUTE = '/api/csrf';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a GET answered to its bearer alone (a tile), where this hook neither reads nor issues the cookie. A
     * safe method is never checked anyway; a cached tile skips the cookie's MAC (issue 41: 5 % of its CPU).
     */
    csrf?: false;
  }
  interface FastifyRequest {
    /** The token this browser holds (from its cookie, or newly issued on this response). */
    csrfToken: string;
  }
}

export interface CsrfOptions {
  secure: boolean;
  /** The server's JWT secret; the CSRF keys are derived from it with their own labels. */
  secret: string;
  /** Verifies the bearer, to learn the session a token must be bound to. */
  tokens: AccessTokens;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isProtected(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) && request.url.startsWith('/api/');
}

/** A script's call: an API token and no cookie at all (see the head of this file). */
function isTokenOnly(request: FastifyRequest): boolean {
  return request.headers.cookie === undefined && /^Bearer\s+pwt_/i.test(request.headers.authorization ?? '');
}

function isCsrfRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.url.split('?', 1)[0] === CSRF_ROUTE;
}

async function csrfPlugin(app: FastifyInstance, opts: CsrfOptions) {
  const csrf = new CsrfTokens(opts.secret);

  /** The session id of a valid bearer; null without one, or when it does not verify (auth answers that). */
  async function bearerSession(request: FastifyRequest): Promise<string | null> {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return null;
    try {
      return (await opts.tokens.verify(match[1]!.trim())).sessionId;
    } catch {
      return null;
    }
  }

  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    if (isTokenOnly(request)) return;
    if (request.routeOptions.config.csrf === false && SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const bound = cookie ? csrf.verify(cookie) : null;
    const checked = isProtected(request);
    // The bearer is verified only when it matters: a check, the token route, a token to issue, or an anonymous one
    // beside a bearer (a browser that kept its session but not its cookie rebinds on its first call, a GET mostly).
    // Other safe calls (tiles) only check the cookie's MAC.
    const lookUp =
      checked ||
      isCsrfRoute(request) ||
      bound === null ||
      (bound === ANONYMOUS_BINDING && request.headers.authorization !== undefined);
    const session = lookUp ? await bearerSession(request) : undefined;
    // Without a session any token this server signed will do (refresh and logout carry no bearer).
    const valid = bound !== null && (session == null || bound === csrf.binding(session));
    request.csrfToken = valid ? cookie! : csrf.issue(session ?? null);
    if (!valid) {
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: opts.secure,
      });
    }
    if (!checked) return;
    const header = request.headers[CSRF_HEADER];
    if (!valid || typeof header !== 'string' || !same(header, cookie!)) {
      throw new AppError(403, 'CSRF', 'Missing or invalid CSRF token. Please reload the page.');
    }
  });
}

export default fp(csrfPlugin, { name: 'pipewise-csrf', fastify: '5.x', dependencies: ['@fastify/cookie'] });
