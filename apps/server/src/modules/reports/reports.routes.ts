// Reports (spec 001 §7 'Reports'; docs/api-reports.md). Routes validate and delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  datasetParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
  reportRouteSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { REPORT_FAMILIES, type ReportFamily } from './reports.service.ts';
import * as service from './reports.service.ts';

const familyParamsSchema = datasetParamsSchema.extend({
  family: z.enum(Object.keys(REPORT_FAMILIES) as [ReportFamily, ...ReportFamily[]]),
});
const familyQuerySchema = reportQuerySchema.omit({ categories: true });

export async function reportsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['reports'], security: bearer };
  const response = { 200: reportResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.get(
    '/datasets/:datasetId/reports/query',
    {
      schema: {
        ...schema,
        summary: 'Report categories of the served analysis (comma-separated), at a LOF horizon',
        params: datasetParamsSchema,
        querystring: reportQuerySchema,
        response,
      },
    },
    async (request) =>
      service.queryReports(deps, requireUser(request), request.params.datasetId, request.query),
  );

  app.get(
    '/datasets/:datasetId/reports/:family',
    {
      schema: {
        ...schema,
        summary: 'Every category of one report family: asset, lof, cof or total-risk',
        params: familyParamsSchema,
        querystring: familyQuerySchema,
        response,
      },
    },
    async (request) => {
      const { datasetId, family } = request.params;
      return service.familyReport(deps, requireUser(request), datasetId, family, request.query);
    },
  );

  app.post(
    '/report-routes',
    {
      schema: {
        ...schema,
        summary: 'Record that the caller opened a screen (route_type_code: SCREEN_AREAS position)',
        body: reportRouteSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.logReportRoute(deps, requireUser(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
