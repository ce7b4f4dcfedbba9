// GET /api/datasets/{id}/demo-basemap (docs/api-datasets.md): the generated demo town's streets and blocks as one
// gzipped GeoJSON document. One document rather than vector tiles: ~1 MB gzipped at 20k pipes, loaded once and
// cut into tiles by MapLibre in the browser, where tiles would need a tiler for data that is in no table.
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@pipewise/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readDemoBasemap } from './demo-basemap.service.ts';

export async function demoBasemapRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/datasets/:id/demo-basemap',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['datasets'],
        security: bearer,
        summary:
          'The generated demo town’s streets and blocks, for the map’s basemap (404 for other datasets)',
        params: idParamsSchema,
        response: {
          200: z.any().describe('application/geo+json: blocks {kind} and streets {kind, road}'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const gzipped = await readDemoBasemap(opts.deps, requireUser(request), request.params.id);
      // A dataset's town never changes (the generator version is part of what makes it), only who may read it.
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('vary', 'accept-encoding');
      reply.type('application/geo+json');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        return reply.send(Buffer.from(gzipped));
      }
      return reply.send(gunzipSync(gzipped));
    },
  );
}
