// Export by e-mail (spec 000 §7; docs/api-assets.md 'Export by e-mail'). Routes validate and delegate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  datasetParamsSchema,
  exportBodySchema,
  exportQuerySchema,
  exportResponseSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requestEmailExport } from './exports.service.ts';

/** A large network's hidden ids exceed the app's 1 MB default (about 8 bytes per id as JSON). */
const EXPORT_BODY_LIMIT = 16 * 1024 * 1024;

export async function exportsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/datasets/:datasetId/exports/email',
    {
      bodyLimit: EXPORT_BODY_LIMIT,
      schema: {
        tags: ['assets'],
        security: bearer,
        summary: 'E-mail a CSV of the pipes (type lof) or VIS segments (type vis) the map shows',
        params: datasetParamsSchema,
        querystring: exportQuerySchema,
        body: exportBodySchema,
        response: { 202: exportResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { params, query, body } = request;
      const sent = await requestEmailExport(deps, requireUser(request), params.datasetId, query, body);
      return reply.code(202).send(sent);
    },
  );
}
