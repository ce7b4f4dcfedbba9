// Plans, proposals and the pipe finder of docs/api-planner.md (spec 001 §7 'plans/generate_plan', 'proposals',
// 'project_proposal', 'find-high-risk-pipes/{id}'). Routes validate and delegate to the services.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  planComparisonSchema,
  idParam,
  autoPlannerInputSchema,
  idParamsSchema,
  pipeFinderInputSchema,
  pipeFinderResultSchema,
  planListSchema,
  planSchema,
  projectDetailSchema,
  proposalAcceptSchema,
  proposalListSchema,
  proposalSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findHighRiskPipes } from './pipe-finder.service.ts';
import { listQuerySchema, toListQuery } from './planner-paging.ts';
import { PLAN_SORTS } from './plans.repository.ts';
import { comparePlans } from './plan-compare.service.ts';
import * as service from './plans.service.ts';

const planId = idParam;
/** The spec sends filter{plan} (`filter[plan]=ID`); `plan=ID` is the plain form. */
const proposalsQuerySchema = z
  .object({ plan: planId.optional(), 'filter[plan]': planId.optional() })
  .refine((q) => q.plan !== undefined || q['filter[plan]'] !== undefined, {
    path: ['plan'],
    message: 'validations.required',
  });
/** The WKT of a drawn area may be long (≤ 2 MB by the contract). */
const AREA_BODY_LIMIT = 3 * 1024 * 1024;
/** A proposal's project may carry its map image (≤ 3 MB of data URL). */
const PROJECT_BODY_LIMIT = 5 * 1024 * 1024;

export async function plansRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const plans = { tags: ['plans'], security: bearer };
  const errors = errorResponses(400, 401, 403, 404);

  app.post(
    '/plans/generate',
    {
      bodyLimit: AREA_BODY_LIMIT,
      schema: {
        ...plans,
        summary: 'Queue the auto planner over a dataset (202: the plan, state queued)',
        body: autoPlannerInputSchema,
        response: { 202: planSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const plan = await service.generatePlan(deps, requireUser(request), request.body);
      return reply.code(202).send(plan);
    },
  );

  app.get(
    '/plans/compare',
    {
      schema: {
        ...plans,
        summary: 'Two plans, or a plan and the active projects (b=portfolio), side by side',
        querystring: z.object({ a: planId, b: z.union([z.literal('portfolio'), planId]) }),
        response: { 200: planComparisonSchema, ...errors },
      },
    },
    async (request) => comparePlans(deps, requireUser(request), request.query.a, request.query.b),
  );

  app.get(
    '/plans',
    {
      schema: {
        ...plans,
        summary: "A dataset's plans, a page at a time (5 per page, newest first by default)",
        querystring: listQuerySchema(PLAN_SORTS),
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => service.listPlans(deps, requireUser(request), toListQuery(request.query)),
  );

  app.get(
    '/plans/:id',
    {
      schema: {
        ...plans,
        summary: 'One plan (poll it until its state is done or failed)',
        params: idParamsSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => service.getPlan(deps, requireUser(request), request.params.id),
  );

  app.delete(
    '/plans/:id',
    {
      schema: {
        ...plans,
        summary: 'Delete a plan and its proposals',
        params: idParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deletePlan(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const proposals = { tags: ['proposals'], security: bearer };

  app.get(
    '/proposals',
    {
      schema: {
        ...proposals,
        summary: "A plan's proposals by rank, each with its pipes' geometry",
        querystring: proposalsQuerySchema,
        response: { 200: proposalListSchema, ...errors },
      },
    },
    async (request) =>
      service.listProposals(
        deps,
        requireUser(request),
        (request.query.plan ?? request.query['filter[plan]'])!,
      ),
  );

  app.get(
    '/proposals/:id',
    {
      schema: {
        ...proposals,
        summary: 'One proposal',
        params: idParamsSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => service.getProposal(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/proposals/:id/project',
    {
      bodyLimit: PROJECT_BODY_LIMIT,
      schema: {
        ...proposals,
        summary: 'Make a proposal a project (once)',
        params: idParamsSchema,
        body: proposalAcceptSchema,
        response: { 201: projectDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const project = await service.acceptProposal(
        deps,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(project);
    },
  );

  app.post(
    '/datasets/:id/high-risk-pipes',
    {
      bodyLimit: AREA_BODY_LIMIT,
      schema: {
        tags: ['pipe finder'],
        security: bearer,
        summary: 'The highest-risk pipes of an area or the whole dataset, up to a coverage',
        params: idParamsSchema,
        body: pipeFinderInputSchema,
        response: { 200: pipeFinderResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => findHighRiskPipes(deps, requireUser(request), request.params.id, request.body),
  );
}
