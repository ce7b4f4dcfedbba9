// Pipes of a dataset (docs/api-assets.md): search, detail, list and edit. Routes validate and delegate to
// assets.service.ts; the results of the served analysis beyond single pipes are in results.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetListQuerySchema,
  assetListSchema,
  assetParamsSchema,
  assetPatchAnswerSchema,
  assetPatchSchema,
  assetSchema,
  assetSearchQuerySchema,
  assetSearchResultSchema,
  datasetParamsSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as assets from './assets.service.ts';
import { resultsRoutes } from './results.routes.ts';

export async function assetsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['assets'], security: bearer };

  app.get(
    '/datasets/:datasetId/assets/search',
    {
      schema: {
        ...schema,
        summary: 'Pipes by native id: the exact match first, then prefix matches (at most 20)',
        params: datasetParamsSchema,
        querystring: assetSearchQuerySchema,
        response: { 200: assetSearchResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      assets.searchAssets(deps, requireUser(request), request.params.datasetId, request.query.q),
  );

  app.get(
    '/datasets/:datasetId/assets',
    {
      schema: {
        ...schema,
        summary: 'Pipes in a polygon and/or by ids, sorted, paged',
        params: datasetParamsSchema,
        querystring: assetListQuerySchema,
        response: { 200: assetListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assets.listAssets(deps, requireUser(request), request.params.datasetId, request.query),
  );

  app.get(
    '/datasets/:datasetId/assets/:pipeId',
    {
      schema: {
        ...schema,
        summary: 'One pipe with every figure of the served analysis (spec 000 §3 Pipe)',
        params: assetParamsSchema,
        response: { 200: assetSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      assets.getAsset(deps, requireUser(request), request.params.datasetId, request.params.pipeId),
  );

  app.patch(
    '/datasets/:datasetId/assets/:pipeId',
    {
      schema: {
        ...schema,
        summary:
          'Correct one attribute (null = back to the imputed value) or mark abandoned; re-scores it in place, or leaves it to the run under way, or queues one',
        params: assetParamsSchema,
        body: assetPatchSchema,
        response: { 200: assetPatchAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { datasetId, pipeId } = request.params;
      return assets.patchAsset(deps, requireUser(request), datasetId, pipeId, request.body);
    },
  );

  await app.register(resultsRoutes, { deps });
}
