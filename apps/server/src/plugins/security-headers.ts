// Security headers on every answer, the web app's pages included (issue 18): the session's tokens sit in
// localStorage, so script injection and framing must be shut out (helmet: CSP, frame-ancestors 'none',
// X-Frame-Options DENY, nosniff, a referrer policy). The CSP names only what the app loads: its own origin, the
// basemap styles' origins (their tiles, sprites and glyphs come from the same hosts, as OpenFreeMap's do), the tile
// mirrors, and blob:/data: for MapLibre's workers and images.
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** The http(s) origin of a URL (a style URL may hold `{token}`), or nothing for other schemes. */
function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins the browser fetches map data from besides the app's own. */
export function mapOrigins(config: Config): string[] {
  const { basemap } = config;
  const styles = [
    basemap.light,
    basemap.dark,
    basemap.terrain,
    basemap.demo.light,
    basemap.demo.dark,
    basemap.demo.terrain,
    ...Object.values(basemap.defaults),
  ];
  const origins = [...styles.map(originOf), ...config.tileMirrors.map(originOf)];
  return [...new Set(origins.filter((o): o is string => o !== undefined))].sort();
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const map = mapOrigins(config);
  const https = config.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion) writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...map],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'data:', 'blob:', ...map],
    // MapLibre's worker comes from the app's origin (setWorkerUrl); blob: for builds that inline it.
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Only over HTTPS: on a plain-HTTP install it would send the page's own requests to a port nobody serves.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'resource': an answer that is never a page (tiles), given only the headers that act on a resource. */
    securityHeaders?: 'resource';
  }
}

/**
 * The headers of a bytes-only answer (a tile: binary, fetched by script, never a document): only those that act on a
 * resource rather than a page — nosniff, cross-origin-resource-policy, and HSTS for the host. The tile route gets
 * them here, and the cached-tile path in front of Fastify (modules/tiles/tile-hits.ts) sends the same.
 */
export function resourceSecurityHeaders(config: Config): [string, string][] {
  return [
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(config.publicUrl.startsWith('https://')
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
  const https = opts.config.publicUrl.startsWith('https://');
  // helmet itself, built once: @fastify/helmet calls helmet(options) on every request, which parses and checks the
  // CSP directives each time (issue 41: 7 % of a cached tile's CPU). The headers are the same.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
    frameguard: { action: 'deny' },
    // The origin only, across origins: a reset link's secret (?id=…) never leaves in a Referer, while a tile
    // provider that checks its key against the site still sees the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
  });
  // The page headers (CSP, framing, COOP, …) do nothing on a bytes-only answer, and twelve setHeader calls were a
  // tenth of a cached tile's CPU.
  const resource = resourceSecurityHeaders(opts.config);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === 'resource') {
      for (const [name, value] of resource) reply.raw.setHeader(name, value);
      return done();
    }
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'pipewise-security-headers', fastify: '5.x' });
