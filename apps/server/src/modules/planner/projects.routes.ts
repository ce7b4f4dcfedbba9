// Projects of docs/api-planner.md (spec 001 §7 'Projects and plans'). Routes validate and delegate to the services.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annualBudgetInputSchema,
  portfolioSchema,
  idParam,
  idParamsSchema,
  plannerPeopleSchema,
  projectCreateSchema,
  projectDefaultsSchema,
  projectDetailSchema,
  projectGeometryListSchema,
  projectListSchema,
  projectUpdateSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listQuerySchema, toListQuery } from './planner-paging.ts';
import * as files from './project-files.service.ts';
import { PROJECT_SORTS } from './projects.repository.ts';
import * as portfolio from './portfolio.service.ts';
import * as service from './projects.service.ts';

const datasetQuerySchema = z.object({ dataset_id: idParam });
/** `inspector=me`: the caller's inspections only ("My inspections", issue 36). */
const projectListQuerySchema = listQuerySchema(PROJECT_SORTS).extend({
  inspector: z.literal('me').optional(),
});
/** A project carries an image of up to 3 MB of data URL and up to 100,000 pipe ids. */
const PROJECT_BODY_LIMIT = 5 * 1024 * 1024;

function sendFile(reply: FastifyReply, file: files.ProjectFile, disposition: 'inline' | 'attachment') {
  return reply
    .type(file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-cache')
    .send(file.body);
}

export async function projectsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['projects'], security: bearer };
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/projects',
    {
      schema: {
        ...schema,
        summary: "A dataset's projects, a page at a time (5 per page, newest first by default)",
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, ...errors },
      },
    },
    async (request) =>
      service.listProjects(deps, requireUser(request), {
        ...toListQuery(request.query),
        mine: request.query.inspector === 'me',
      }),
  );

  app.get(
    '/projects/portfolio',
    {
      schema: {
        ...schema,
        summary: "Every project of a dataset by year and status, against each year's renewal budget",
        querystring: datasetQuerySchema,
        response: { 200: portfolioSchema, ...errors },
      },
    },
    async (request) => portfolio.getPortfolio(deps, requireUser(request), request.query.dataset_id),
  );

  app.put(
    '/projects/portfolio/budgets',
    {
      schema: {
        ...schema,
        summary: "Set (or with amount null remove) a year's renewal budget; answers the portfolio",
        body: annualBudgetInputSchema,
        response: { 200: portfolioSchema, ...errors },
      },
    },
    async (request) => portfolio.setAnnualBudget(deps, requireUser(request), request.body),
  );

  app.get(
    '/projects/people',
    {
      schema: {
        ...schema,
        summary: "The client's users a project's manager or inspector is picked from (planners only)",
        querystring: datasetQuerySchema,
        response: { 200: plannerPeopleSchema, ...errors },
      },
    },
    async (request) => service.listPeople(deps, requireUser(request), request.query.dataset_id),
  );

  app.get(
    '/projects/defaults',
    {
      schema: {
        ...schema,
        summary:
          "A new project's defaults: the standard repair cost by diameter tier of the cost model the dataset's results were priced with (its COF scenario, else the country default)",
        querystring: datasetQuerySchema,
        response: { 200: projectDefaultsSchema, ...errors },
      },
    },
    async (request) => service.getProjectDefaults(deps, requireUser(request), request.query.dataset_id),
  );

  app.get(
    '/projects/geometry',
    {
      schema: {
        ...schema,
        summary: 'Every project of a dataset for the map: area (GeoJSON) and pipe ids',
        querystring: datasetQuerySchema,
        response: { 200: projectGeometryListSchema, ...errors },
      },
    },
    async (request) => service.listProjectGeometry(deps, requireUser(request), request.query.dataset_id),
  );

  app.post(
    '/projects',
    {
      bodyLimit: PROJECT_BODY_LIMIT,
      schema: {
        ...schema,
        summary: 'Create a project from pipe ids, or from the pipes inside its drawn area',
        body: projectCreateSchema,
        response: { 201: projectDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createProject(deps, requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        ...schema,
        summary: 'One project with its pipes and totals',
        params: idParamsSchema,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    async (request) => service.getProject(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/projects/:id',
    {
      bodyLimit: PROJECT_BODY_LIMIT,
      schema: {
        ...schema,
        summary: 'Change a project (its assigned inspector: the status only)',
        params: idParamsSchema,
        body: projectUpdateSchema,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    async (request) => service.updateProject(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete a project',
        params: idParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteProject(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects/:id/image',
    {
      schema: {
        ...schema,
        summary: "The project's map image (PNG or JPEG)",
        params: idParamsSchema,
        response: { 200: z.any().describe('image/png or image/jpeg'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await files.projectImage(deps, requireUser(request), request.params.id), 'inline'),
  );

  app.get(
    '/projects/:id/pipes.csv',
    {
      schema: {
        ...schema,
        summary: "The project's pipes as a CSV download",
        params: idParamsSchema,
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await files.projectCsv(deps, requireUser(request), request.params.id), 'attachment'),
  );

  app.get(
    '/projects/:id/pipes.geojson',
    {
      schema: {
        ...schema,
        summary: "The project's pipes as a GeoJSON download (EPSG:4326)",
        params: idParamsSchema,
        response: { 200: z.any().describe('application/geo+json'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await files.projectGeoJson(deps, requireUser(request), request.params.id),
        'attachment',
      ),
  );
}
