// GET /api/tiles/{dataset}/{revision}/{layer}/{z}/{x}/{y}.mvt (ARCHITECTURE.md; spec 000 §7 "vector tiles by
// dataset id, folder and layer name"). The revision is the dataset's tile_revision: a URL names one immutable
// content, so the browser may cache it for a year; a stale revision is still answered, but not cached.
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, tilePropertiesSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listenForTileAccess } from './tile-access-listener.ts';
import { authenticateTile } from './tile-auth.ts';
import { answerHitsFirst } from './tile-hits.ts';
import { setTileDiskDir } from './tile-disk.ts';
import { allowPrerendering, stopPrerendering } from './tile-prerender.ts';
import { readTileProperties } from './tile-properties.ts';
import { readTile } from './tiles.service.ts';

const paramsSchema = z.object({
  dataset: idParam,
  revision: idParam,
  layer: z.string(),
  z: z.coerce.number().int().min(0).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

/**
 * Adds a request header the answer depends on to `Vary`, keeping those already named: the CORS hook names Origin,
 * the tile handler accept-encoding, and a cache must key on both.
 */
export function addVary(reply: Pick<FastifyReply, 'getHeader' | 'header'>, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current ? current.split(',').map((n) => n.trim()) : [];
  if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}

/**
 * LAYER-21: with TILE_MIRRORS the page fetches tiles from other origins, so the tile route answers CORS. Any
 * Origin is echoed: the tiles are guarded by the bearer token, which a foreign page does not have, and no cookie
 * counts (no Allow-Credentials). A preflight needs no token (browsers send none), so it bypasses authentication.
 */
function allowMirrorOrigins(app: FastifyInstance) {
  const isTileRoute = (request: FastifyRequest) => request.url.startsWith('/api/tiles/');
  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    reply.header('access-control-allow-origin', origin);
    addVary(reply, 'Origin');
  };
  // Before authentication, so a 401 (expired token) is readable cross-origin too.
  app.addHook('onRequest', async (request, reply) => {
    if (isTileRoute(request) && request.method === 'GET') allowOrigin(request, reply);
  });
  app.options('/tiles/*', { schema: { hide: true } }, async (request, reply) => {
    allowOrigin(request, reply);
    reply.header('access-control-allow-methods', 'GET');
    reply.header('access-control-allow-headers', 'Authorization');
    reply.header('access-control-max-age', '86400');
    return reply.code(204).send();
  });
}

export async function tilesRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (opts.deps.config.tileMirrors.length > 0) allowMirrorOrigins(app);
  // The in-memory authorisation of cached tiles hears changes from every process on the database (tile-access.ts).
  const stopListening = await listenForTileAccess(opts.deps.database);
  // The first-visit tiles an analysis renders are kept under DATA_DIR (tile-disk.ts), shared with the worker.
  setTileDiskDir(opts.deps.database, opts.deps.config.dataDir);
  allowPrerendering(opts.deps.database);
  app.addHook('onClose', () => stopPrerendering(opts.deps.database));
  app.addHook('onClose', stopListening);
  // A cached tile the caller may read is answered before Fastify's routing and hooks, with this route's headers.
  answerHitsFirst(app, opts.deps);
  app.get(
    '/tiles/:dataset/:revision/:layer/:z/:x/:y.mvt',
    {
      onRequest: authenticateTile(app, opts.deps),
      // A GET answered to the bearer (issue 41, a cached tile ≥ 0.9× a plain server): no CSRF cookie to read or
      // issue (safe method), no tenant context (a tile hands no work to the shared parse pools), and the security
      // headers of a resource, not a page's.
      config: { csrf: false, tenantContext: false, securityHeaders: 'resource' },
      schema: {
        tags: ['tiles'],
        security: bearer,
        summary: 'One Mapbox Vector Tile of a dataset layer (204 when the tile is empty)',
        params: paramsSchema,
        response: {
          200: z.any().describe('application/vnd.mapbox-vector-tile'),
          204: noContent,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const p = request.params;
      const tile = await readTile(opts.deps, requireUser(request), p);
      reply.header(
        'cache-control',
        tile.current ? 'private, max-age=31536000, immutable' : 'private, no-store',
      );
      if (!tile.gzipped) return reply.code(204).send(null);
      reply.type('application/vnd.mapbox-vector-tile');
      addVary(reply, 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        // A view of the cached bytes, not a copy: a hit costs no allocation of the tile's size.
        const g = tile.gzipped;
        return reply.send(Buffer.from(g.buffer, g.byteOffset, g.byteLength));
      }
      return reply.send(gunzipSync(tile.gzipped));
    },
  );
  app.get(
    '/datasets/:datasetId/tile-properties',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['tiles'],
        security: bearer,
        summary:
          'Which pipe-tile properties have values (spec 000 §7 valid_feature_props; polled until ready)',
        params: z.object({ datasetId: idParam }),
        response: { 200: tilePropertiesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => readTileProperties(opts.deps, requireUser(request), request.params.datasetId),
  );
}
