// Saved filters of the map (spec 000 §7; docs/api-filters.md). Routes validate and delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParamsSchema,
  savedFilterCreateSchema,
  savedFilterListSchema,
  savedFilterSchema,
  savedFilterUpdateSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './saved-filters.service.ts';

const positiveId = idParam;
/** snapshot_id: the snapshot group (snapshot_group_entity_id); job_planner: a planner scenario id. */
const listQuerySchema = z.object({ snapshot_id: positiveId, job_planner: positiveId.optional() });
const getQuerySchema = z.object({ job_planner: positiveId.optional() });

export async function savedFiltersRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['saved filters'], security: bearer };

  app.get(
    '/saved-filters',
    {
      schema: {
        ...schema,
        summary: "The caller's saved filters of a snapshot group, newest first (optionally of one scenario)",
        querystring: listQuerySchema,
        response: { 200: savedFilterListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listSavedFilters(deps, requireUser(request), request.query),
  );

  app.get(
    '/saved-filters/:id',
    {
      schema: {
        ...schema,
        summary: 'One saved filter of the caller',
        params: idParamsSchema,
        querystring: getQuerySchema,
        response: { 200: savedFilterSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.getSavedFilter(deps, requireUser(request), request.params.id, request.query.job_planner),
  );

  app.post(
    '/saved-filters',
    {
      schema: {
        ...schema,
        summary: 'Save the current filters under a name',
        body: savedFilterCreateSchema,
        response: { 201: savedFilterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await service.createSavedFilter(deps, requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/saved-filters/:id',
    {
      schema: {
        ...schema,
        summary: 'Rename a saved filter or replace its filters, view or scenario',
        params: idParamsSchema,
        body: savedFilterUpdateSchema,
        response: { 200: savedFilterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateSavedFilter(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/saved-filters/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete a saved filter',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteSavedFilter(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
