// COF scenarios of docs/api-cof.md (spec 001 §7 'COF scenarios'). Routes validate and delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  cofDefaultsQuerySchema,
  cofScenarioCreateSchema,
  cofScenarioListSchema,
  cofScenarioSchema,
  cofScenarioUpdateSchema,
  customCofListSchema,
  idParamsSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './cof-scenarios.service.ts';

const listQuerySchema = z.object({ snapshot_id: idParam });
const defaultsResponse = z.object({ cof_scenarios: z.array(cofScenarioSchema) });

export async function cofScenariosRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['COF scenarios'], security: bearer };
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/cof-scenarios/defaults',
    {
      schema: {
        ...schema,
        summary: "The default COF scenario of a country (the client's unless given)",
        querystring: cofDefaultsQuerySchema,
        response: { 200: defaultsResponse, ...errors },
      },
    },
    async (request) => service.defaultScenarios(deps, requireUser(request), request.query.country),
  );

  app.get(
    '/cof-scenarios',
    {
      schema: {
        ...schema,
        summary: "A snapshot group's COF scenarios, newest first, and the country default it falls back to",
        querystring: listQuerySchema,
        response: { 200: cofScenarioListSchema, ...errors },
      },
    },
    async (request) => service.listScenarios(deps, requireUser(request), request.query.snapshot_id),
  );

  app.post(
    '/cof-scenarios',
    {
      schema: {
        ...schema,
        summary: 'Create a COF scenario: a copy of another of the group, or of the country default',
        body: cofScenarioCreateSchema,
        response: { 201: cofScenarioSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createScenario(deps, requireUser(request), request.body)),
  );

  app.get(
    '/cof-scenarios/:id',
    {
      schema: {
        ...schema,
        summary: 'One COF scenario with the state of its figures on the group’s datasets',
        params: idParamsSchema,
        response: { 200: cofScenarioSchema, ...errors },
      },
    },
    async (request) => service.getScenario(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/cof-scenarios/:id',
    {
      schema: {
        ...schema,
        summary: 'Change a COF scenario; saving the enabled one, or enabling one, re-runs COF and BRE',
        params: idParamsSchema,
        body: cofScenarioUpdateSchema,
        response: { 200: cofScenarioSchema, ...errors },
      },
    },
    async (request) => service.updateScenario(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/cof-scenarios/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete a COF scenario (the country default takes over from an enabled one)',
        params: idParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteScenario(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/cof-scenarios/:id/custom-cofs',
    {
      schema: {
        ...schema,
        summary: 'The custom COFs of a scenario (custom_cofs)',
        params: idParamsSchema,
        response: { 200: customCofListSchema, ...errors },
      },
    },
    async (request) => service.getCustomCofs(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/cof-scenarios/:id/custom-cofs',
    {
      schema: {
        ...schema,
        summary: 'Replace the custom COFs of a scenario',
        params: idParamsSchema,
        body: customCofListSchema,
        response: { 200: customCofListSchema, ...errors },
      },
    },
    async (request) =>
      service.updateCustomCofs(deps, requireUser(request), request.params.id, request.body.custom_cofs),
  );
}
