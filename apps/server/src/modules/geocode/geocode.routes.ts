// Address search (spec 000 §7 geocoding; docs/api-assets.md 'Address search').
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datasetParamsSchema, geocodeQuerySchema, geocodeResponseSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { geocode } from './geocode.service.ts';

export async function geocodeRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/datasets/:datasetId/geocode',
    {
      schema: {
        tags: ['assets'],
        security: bearer,
        summary: "Addresses matching a text: the dataset's pipe addresses, then the external geocoder's",
        params: datasetParamsSchema,
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => geocode(deps, requireUser(request), request.params.datasetId, request.query.q),
  );
}
