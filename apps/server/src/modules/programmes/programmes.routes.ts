// Renewal programmes of docs/api-programmes.md (issue 39). Routes validate and delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParamsSchema,
  programmeInputSchema,
  programmeListSchema,
  programmeRenewalsSchema,
  programmeSchema,
  projectDetailSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './programmes.service.ts';

const scenarioParams = z.object({ id: idParam, scenario: z.coerce.number().int().min(0).max(9) });

export async function programmesRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const tags = { tags: ['programmes'], security: bearer };

  app.post(
    '/programmes',
    {
      schema: {
        ...tags,
        summary:
          'Queue a renewal programme: two to five yearly-budget scenarios over 5–50 years (202, state queued)',
        body: programmeInputSchema,
        response: { 202: programmeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.createProgramme(deps, requireUser(request), request.body)),
  );

  app.get(
    '/programmes',
    {
      schema: {
        ...tags,
        summary: "A dataset's programmes, newest first",
        querystring: z.object({ dataset_id: idParam }),
        response: { 200: programmeListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.listProgrammes(deps, requireUser(request), request.query.dataset_id),
  );

  app.get(
    '/programmes/:id',
    {
      schema: {
        ...tags,
        summary: 'A programme: its state and progress, and once done its scenarios year by year',
        params: idParamsSchema,
        response: { 200: programmeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.getProgramme(deps, requireUser(request), request.params.id),
  );

  app.delete(
    '/programmes/:id',
    {
      schema: {
        ...tags,
        summary: 'Delete a programme and its renewals',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteProgramme(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/programmes/:id/scenarios/:scenario/renewals',
    {
      schema: {
        ...tags,
        summary: 'The mains a scenario renews in a year, by project (for the map)',
        params: scenarioParams,
        querystring: z.object({ year: z.coerce.number().int() }),
        response: { 200: programmeRenewalsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      service.programmeRenewals(
        deps,
        requireUser(request),
        request.params.id,
        request.params.scenario,
        request.query.year,
      ),
  );

  app.post(
    '/programmes/:id/scenarios/:scenario/first-year-projects',
    {
      schema: {
        ...tags,
        summary: "Turn a scenario's first year into planner projects (one per project; 409 PIPE_BOOKED)",
        params: scenarioParams,
        response: {
          201: z.object({ projects: z.array(projectDetailSchema) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.firstYearProjects(
            deps,
            requireUser(request),
            request.params.id,
            request.params.scenario,
          ),
        ),
  );
}
