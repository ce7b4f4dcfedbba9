// A cached tile answered in front of Fastify (issue 41: a cached tile ≥ 0.9× a plain Node server's throughput). With
// the authorisation already in memory, what was left of a hit's cost was Fastify's: the request and reply objects,
// routing, the onRequest/preValidation/onSend hook chains (the cookie plugin's onSend alone a tenth of the CPU),
// the zod validation of the params, and the reply's send path. Here a raw request listener sits before Fastify's on
// the same server: a GET of a tile URL with a session's bearer, gzip accepted and no body is answered when the user
// (tile-auth.ts clientFromMemorySync in the same tick, else userFromMemory awaited), the dataset and the tile
// (tiles.service.ts memoryTile) are all in memory — the very checks the route makes before it answers a hit — with
// the route's status, headers and bytes. Anything else (a miss, an empty tile, another client's dataset, an API
// token, a query string, HEAD, a closing app) goes to Fastify
// untouched, so every refusal and error is still the route's. `app.inject` never passes here: it calls Fastify's
// handler directly, so the tests reach this path over a socket (test/tiles.hit-path.test.ts).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { resourceSecurityHeaders } from '../../plugins/security-headers.ts';
import { bearerOf, clientFromMemorySync, userFromMemory } from './tile-auth.ts';
import { memoryTile, tileLayerOf, type TileRequest } from './tiles.service.ts';
import type { TileLayer } from './tile-layers.ts';

/** The route's URL with canonical numbers (ids up to int4, as idParam): anything else is the route's to parse. */
const TILE_PATH =
  /^\/api\/tiles\/([1-9]\d{0,9})\/([1-9]\d{0,9})\/([a-z][a-z_]*)\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.mvt$/;
const INT4_MAX = 2_147_483_647;
/** The levels at which Fastify logs its requests. */
const LOGGED_LEVELS = new Set(['info', 'debug', 'trace']);
const CURRENT = 'private, max-age=31536000, immutable';
const STALE = 'private, no-store';

function tileOfUrl(url: string | undefined): TileRequest | null {
  const m = url?.startsWith('/api/tiles/') ? TILE_PATH.exec(url) : null;
  if (!m) return null;
  const t = { dataset: +m[1]!, revision: +m[2]!, layer: m[3]!, z: +m[4]!, x: +m[5]!, y: +m[6]! };
  return t.dataset <= INT4_MAX && t.revision <= INT4_MAX ? t : null;
}

/**
 * The answer's headers, in the route's order: the onRequest hooks' (security, CORS), then the handler's. Without an
 * Origin to echo (every same-origin map) they are the same for every tile but the length: built once per app, as
 * the flat [name, value, …] list writeHead takes, and copied with the length appended.
 */
function headerTemplates(deps: Deps) {
  const build = (current: boolean, origin?: string): string[] => [
    ...resourceSecurityHeaders(deps.config).flat(),
    // The CORS hook of tiles.routes.ts: with TILE_MIRRORS, any Origin echoed, and named in Vary before the encoding.
    ...(origin ? ['access-control-allow-origin', origin] : []),
    'vary',
    origin ? 'Origin, accept-encoding' : 'accept-encoding',
    'cache-control',
    current ? CURRENT : STALE,
    'content-type',
    'application/vnd.mapbox-vector-tile',
    'content-encoding',
    'gzip',
  ];
  const current = build(true);
  const stale = build(false);
  return (req: IncomingMessage, isCurrent: boolean, length: number): string[] => {
    const origin = deps.config.tileMirrors.length > 0 ? req.headers.origin : undefined;
    const head = origin ? build(isCurrent, origin) : isCurrent ? current : stale;
    return [...head, 'content-length', String(length)];
  };
}

interface TileAsk {
  t: TileRequest;
  layer: TileLayer;
  token: string;
}

/** A GET of a tile with a session's bearer and gzip accepted, or null: the route's to answer. */
function tileAsk(req: IncomingMessage): TileAsk | null {
  const h = req.headers;
  if (req.method !== 'GET' || h['content-length'] || h['transfer-encoding']) return null;
  const t = tileOfUrl(req.url);
  if (!t || !/\bgzip\b/.test(h['accept-encoding'] ?? '')) return null;
  const layer = tileLayerOf(t);
  const token = bearerOf(h.authorization);
  return layer && token ? { t, layer, token } : null;
}

type Headers = ReturnType<typeof headerTemplates>;

/** Sends the cached tile the client may read; false (nothing sent) leaves the request to Fastify, untouched. */
function sendHit(
  deps: Deps,
  headers: Headers,
  req: IncomingMessage,
  res: ServerResponse,
  clientId: number,
  ask: TileAsk,
): boolean {
  const tile = memoryTile(deps.database, clientId, ask.t, ask.layer);
  if (!tile || tile === 'other-client' || !tile.gzipped) return false;
  const g = tile.gzipped;
  res.writeHead(200, headers(req, tile.current, g.byteLength));
  // A view of the cached bytes, not a copy, as the route sends.
  res.end(Buffer.from(g.buffer, g.byteOffset, g.byteLength));
  return true;
}

/**
 * Fastify logs every request at info ("request completed"); a hit answered here logs one line with the same
 * request and status fields, so the access log still holds every tile.
 */
function logHit(deps: Deps, req: IncomingMessage, started: number): void {
  const forwarded = deps.config.trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  deps.log.info(
    {
      req: { method: req.method, url: req.url, ip: forwarded || req.socket.remoteAddress },
      res: { statusCode: 200 },
      responseTime: performance.now() - started,
    },
    'request completed',
  );
}

/** Puts the hit path before Fastify's request listener (tiles.routes.ts, at registration). */
export function answerHitsFirst(app: FastifyInstance, deps: Deps): void {
  const server = app.server;
  const listeners = server.listeners('request') as RequestListener[];
  // Only the plain HTTP server Fastify makes itself: with a serverFactory or HTTP/2 every tile takes the route.
  if (!(server instanceof Server) || listeners.length !== 1) return;
  const fastify = listeners[0]!;
  let closing = false;
  // Fastify answers 503 to requests on kept-alive connections once closing: those go to it.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Read per request: pino's level may be changed at run time. Without a logger (tests, benches) it is undefined.
  const logs = () => LOGGED_LEVELS.has(deps.log.level);
  const headers = headerTemplates(deps);
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !server.listening || req.method !== 'GET' || !req.url?.startsWith('/api/tiles/'))
      return fastify(req, res);
    const ask = tileAsk(req);
    if (!ask) return fastify(req, res);
    const started = logs() ? performance.now() : -1;
    // Most tiles: everything already in memory, answered in this tick, with no closure made per request.
    const clientId = clientFromMemorySync(deps, ask.token);
    if (clientId === undefined) return answerLater(deps, headers, fastify, req, res, ask, started);
    if (!sendHit(deps, headers, req, res, clientId, ask)) return fastify(req, res);
    if (started >= 0) logHit(deps, req, started);
  });
}

/** A token not verified yet or a session not asked within its few seconds: the same checks, awaited. */
function answerLater(
  deps: Deps,
  headers: Headers,
  fastify: RequestListener,
  req: IncomingMessage,
  res: ServerResponse,
  ask: TileAsk,
  started: number,
): void {
  userFromMemory(deps, ask.token).then(
    (user) => {
      if (user === null || !sendHit(deps, headers, req, res, user.clientId, ask)) fastify(req, res);
      else if (started >= 0) logHit(deps, req, started);
    },
    () => {
      if (!res.headersSent) fastify(req, res);
    },
  );
}
