// CSRF double submit (docs/api-accounts.md): cookie pw_csrf (readable by the page, SameSite=Lax) and header
// X-CSRF-Token must match on every unsafe method under /api.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';

export const CSRF_COOKIE = 'pw_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The token this browser holds (from its cookie, or newly issued on this response). */
    csrfToken: string;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isProtected(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) && request.url.startsWith('/api/');
}

async function csrfPlugin(app: FastifyInstance, opts: { secure: boolean }) {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    request.csrfToken = cookie || randomToken();
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: opts.secure,
      });
    }
    if (!isProtected(request)) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(header, cookie)) {
      throw new AppError(403, 'CSRF', 'Missing or invalid CSRF token. Please reload the page.');
    }
  });
}

export default fp(csrfPlugin, { name: 'pipewise-csrf', fastify: '5.x', dependencies: ['@fastify/cookie'] });
