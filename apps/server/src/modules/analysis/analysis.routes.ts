// Analysis runs of a dataset (docs/api-analysis.md). Routes validate and delegate to analysis.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analysisExecuteResponseSchema, analysisRunListSchema, idParamsSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { executeAnalysis, listAnalyses } from './analysis.service.ts';

export async function analysisRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['analysis'], security: bearer };

  app.post(
    '/datasets/:id/analyses/all/execute',
    {
      schema: {
        ...schema,
        summary: 'Start a new analysis of the dataset (imputation, VIS, LOF/RUL, COF/BRE, tiles)',
        params: idParamsSchema,
        response: { 202: analysisExecuteResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await executeAnalysis(deps, requireUser(request), request.params.id)),
  );

  app.get(
    '/datasets/:id/analyses',
    {
      schema: {
        ...schema,
        summary: 'The analysis runs of a dataset, newest first',
        params: idParamsSchema,
        response: { 200: analysisRunListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listAnalyses(deps, requireUser(request), request.params.id),
  );
}
