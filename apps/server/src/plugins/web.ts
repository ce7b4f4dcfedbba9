// Serves the built web app with SPA fallback: unknown non-/api paths get index.html, /api ones a 404 body.
//
// Issue 41 (static delivery): Vite names every file under assets/ by a hash of its content, so those are cached for
// a year and never revalidated; index.html names the current hashes, so it is revalidated on every load (no-cache,
// with its ETag a 304) — after a deploy the next load, or the reload lib/chunk-reload.ts makes when a chunk has
// gone, gets the new names. The build writes a brotli and a gzip twin of each file (apps/web/vite.config.ts);
// @fastify/static picks the one the request accepts (preCompressed), so nothing is compressed per request.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';

export const CACHE_HASHED = 'public, max-age=31536000, immutable';
export const CACHE_INDEX = 'no-cache';
/** favicon.svg, zod-jitless.js: named without a hash, so a deploy's change reaches a tab within minutes. */
export const CACHE_OTHER = 'public, max-age=300';

/** Vite's output folder for content-hashed files (build.assetsDir). */
const HASHED_DIR = 'assets';

/** `file` is the one sent: with preCompressed it is the .br or .gz twin, which is cached as its original. */
function cacheControlFor(root: string, file: string): string {
  const rel = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (rel === 'index.html') return CACHE_INDEX;
  return rel.startsWith(`${HASHED_DIR}/`) ? CACHE_HASHED : CACHE_OTHER;
}

async function webPlugin(app: FastifyInstance, opts: { webDist: string | undefined }) {
  const root = opts.webDist;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // Our own Cache-Control (setHeaders), not send's `public, max-age=0`.
      cacheControl: false,
      // No route for the compressed twins (they are only sent in place of their original, with Content-Encoding)
      // nor for source maps, which the build leaves out unless PIPEWISE_SOURCEMAPS=1 asks for them (and then keeps
      // them off the wire too: see vite.config.ts).
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('cache-control', cacheControlFor(root, file));
      },
    });
  } else if (root) {
    app.log.warn({ webDist: root }, 'WEB_DIST has no index.html; not serving the web app');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (
      !hasWeb ||
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      pathname.startsWith('/ogc') ||
      request.method !== 'GET'
    ) {
      throw notFound(`No route ${request.method} ${pathname}.`);
    }
    // A hashed file that is not there (an old tab after a deploy) or a source map is a plain 404, not the app's
    // page as JavaScript; never cached, since the next deploy may bring it.
    if (pathname.startsWith(`/${HASHED_DIR}/`) || pathname.endsWith('.map')) {
      reply.header('cache-control', 'no-store');
      throw notFound(`No file ${pathname}.`);
    }
    // The SPA fallback is index.html: setHeaders marks it no-cache as when it is asked for by name.
    return reply.type('text/html').sendFile('index.html');
  });
}

export default fp(webPlugin, { name: 'pipewise-web', fastify: '5.x' });
