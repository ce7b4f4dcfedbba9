// Virtual pipes of a dataset (docs/api-virtual-pipes.md). Routes validate and delegate: the table and bulk edits to
// virtual-pipes.service.ts, the phase workflow (sampling test, verified pipes, merge) to phase.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetParamsSchema,
  datasetParamsSchema,
  mergeBodySchema,
  mergeResultSchema,
  samplingTestBodySchema,
  samplingTestSchema,
  verifiedPipesBodySchema,
  verifiedPipesSchema,
  virtualPipeBulkResultSchema,
  virtualPipeBulkSchema,
  virtualPipeDetailSchema,
  virtualPipeListQuerySchema,
  virtualPipeListSchema,
  virtualPipePagesQuerySchema,
  virtualPipePagesSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as phase from './phase.service.ts';
import * as vp from './virtual-pipes.service.ts';

export async function virtualPipesRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['virtual-pipes'], security: bearer };

  app.get(
    '/datasets/:datasetId/virtual_pipes',
    {
      schema: {
        ...schema,
        summary: 'Pipes with an imputed or overridden attribute, paged (25), sorted (id), filtered by status',
        params: datasetParamsSchema,
        querystring: virtualPipeListQuerySchema,
        response: { 200: virtualPipeListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      vp.listVirtualPipes(deps, requireUser(request), request.params.datasetId, request.query),
  );

  app.post(
    '/datasets/:datasetId/virtual_pipes/bulk',
    {
      schema: {
        ...schema,
        summary: 'Override one attribute of many pipes, or restore it; queues one re-analysis',
        params: datasetParamsSchema,
        body: virtualPipeBulkSchema,
        response: { 200: virtualPipeBulkResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      vp.bulkVirtualPipes(deps, requireUser(request), request.params.datasetId, request.body),
  );

  app.get(
    '/datasets/:datasetId/virtual_pipes/pipe_pages',
    {
      schema: {
        ...schema,
        summary: 'The table page of each named pipe under the same sort, filter and page size',
        params: datasetParamsSchema,
        querystring: virtualPipePagesQuerySchema,
        response: { 200: virtualPipePagesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => vp.pipePages(deps, requireUser(request), request.params.datasetId, request.query),
  );

  app.get(
    '/datasets/:datasetId/virtual_pipes/:pipeId',
    {
      schema: {
        ...schema,
        summary: 'One virtual pipe with the likelihood map per category of each attribute',
        params: assetParamsSchema,
        response: { 200: virtualPipeDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      vp.getVirtualPipe(deps, requireUser(request), request.params.datasetId, request.params.pipeId),
  );

  const editErrors = errorResponses(400, 401, 403, 404, 409);
  app.get(
    '/datasets/:datasetId/virtual_pipes/sampling_test',
    {
      schema: {
        ...schema,
        summary: 'The phase, the drawn sample and the imputation accuracy on its verified pipes (95 % CI)',
        params: datasetParamsSchema,
        response: { 200: samplingTestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => phase.getSamplingTest(deps, requireUser(request), request.params.datasetId),
  );

  app.post(
    '/datasets/:datasetId/virtual_pipes/sampling_test',
    {
      schema: {
        ...schema,
        summary: 'Draw a stratified random sample of imputed pipes (seeded); the phase becomes FINALIZED',
        params: datasetParamsSchema,
        body: samplingTestBodySchema,
        response: { 200: samplingTestSchema, ...editErrors },
      },
    },
    async (request) =>
      phase.drawSamplingTest(deps, requireUser(request), request.params.datasetId, request.body),
  );

  app.get(
    '/datasets/:datasetId/virtual_pipes/verified_pipes',
    {
      schema: {
        ...schema,
        summary: 'The true values recorded in the field',
        params: datasetParamsSchema,
        response: { 200: verifiedPipesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => phase.listVerified(deps, requireUser(request), request.params.datasetId),
  );

  app.post(
    '/datasets/:datasetId/virtual_pipes/verified_pipes',
    {
      schema: {
        ...schema,
        summary: 'Record true values found in the field (phase FINALIZED)',
        params: datasetParamsSchema,
        body: verifiedPipesBodySchema,
        response: { 200: verifiedPipesSchema, ...editErrors },
      },
    },
    async (request) =>
      phase.recordVerified(deps, requireUser(request), request.params.datasetId, request.body),
  );

  app.post(
    '/datasets/:datasetId/virtual_pipes/merge',
    {
      schema: {
        ...schema,
        summary:
          'Verified and overridden values become provided (FINALIZED → MERGED); needs the sample verified, ' +
          "or an administrator's override with a reason; queues one analysis",
        params: datasetParamsSchema,
        body: mergeBodySchema,
        response: { 200: mergeResultSchema, ...editErrors },
      },
    },
    async (request) =>
      phase.mergeVirtualPipes(deps, requireUser(request), request.params.datasetId, request.body),
  );
}
