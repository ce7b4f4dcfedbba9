// Feedback (issue 17, spec 001 §7 feedback; docs/api-accounts.md "Feedback"): any signed-in user sends it; platform
// staff list it. People without an account use POST /api/contact-us (modules/accounts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackItemSchema,
  feedbackListSchema,
  feedbackQuerySchema,
  feedbackRequestSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { feedbackLimit } from '../../lib/rate-limits.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listFeedback, sendFeedback } from './feedback.service.ts';

export async function feedbackRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const tags = ['feedback'];

  app.post(
    '/feedback',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Send feedback to the platform staff',
        body: feedbackRequestSchema,
        response: { 201: feedbackItemSchema, ...errorResponses(400, 401, 403, 429) },
      },
      config: { rateLimit: feedbackLimit() },
    },
    async (request, reply) =>
      reply.code(201).send(await sendFeedback(deps, requireUser(request), request.body)),
  );

  app.get(
    '/feedback',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'A page of all feedback, newest first (staff only)',
        querystring: feedbackQuerySchema,
        response: { 200: feedbackListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFeedback(deps, requireUser(request), request.query),
  );
}
