// Planner scenarios of docs/api-planner.md (spec 001 §7 'Planner scenarios (per snapshot)'). Routes validate and
// delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParamsSchema,
  plannerScenarioCreateSchema,
  plannerScenarioFiltersSchema,
  plannerScenarioListSchema,
  plannerScenarioSchema,
  plannerScenarioUpdateSchema,
  savedFilterSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './scenarios.service.ts';

const listQuerySchema = z.object({ snapshot_id: idParam });

export async function plannerScenariosRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['planner scenarios'], security: bearer };

  app.get(
    '/planner-scenarios',
    {
      schema: {
        ...schema,
        summary: 'The planner scenarios of a snapshot group, newest first',
        querystring: listQuerySchema,
        response: { 200: plannerScenarioListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listScenarios(deps, requireUser(request), request.query.snapshot_id),
  );

  app.post(
    '/planner-scenarios',
    {
      schema: {
        ...schema,
        summary: "Create a planner scenario ('Job N (date)', today to a week later unless sent)",
        body: plannerScenarioCreateSchema,
        response: { 201: plannerScenarioSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await service.createScenario(deps, requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/planner-scenarios/:id',
    {
      schema: {
        ...schema,
        summary: 'Change a planner scenario (the changed fields only)',
        params: idParamsSchema,
        body: plannerScenarioUpdateSchema,
        response: { 200: plannerScenarioSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateScenario(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/planner-scenarios/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete a planner scenario and its saved filter set',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteScenario(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/planner-scenarios/:id/filters',
    {
      schema: {
        ...schema,
        summary: "The scenario's saved filter set (404 until one is saved)",
        params: idParamsSchema,
        response: { 200: savedFilterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getScenarioFilters(deps, requireUser(request), request.params.id),
  );

  app.put(
    '/planner-scenarios/:id/filters',
    {
      schema: {
        ...schema,
        summary: "Save the map's filters into the scenario",
        params: idParamsSchema,
        body: plannerScenarioFiltersSchema,
        response: { 200: savedFilterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.putScenarioFilters(deps, requireUser(request), request.params.id, request.body),
  );
}
