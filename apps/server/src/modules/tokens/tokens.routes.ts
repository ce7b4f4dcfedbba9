// API tokens for scripts (issue 42; docs/api-tokens.md). Routes validate and delegate to the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenListQuerySchema,
  apiTokenListSchema,
  idParamsSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './tokens.service.ts';

export async function tokensRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const schema = { tags: ['API tokens'], security: bearer };

  app.get(
    '/tokens',
    {
      schema: {
        ...schema,
        summary:
          "The caller's API tokens (administrators: ?all=1, every token of the client), without secrets",
        querystring: apiTokenListQuerySchema,
        response: { 200: apiTokenListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listTokens(deps, requireUser(request), request.query.all),
  );

  app.post(
    '/tokens',
    {
      schema: {
        ...schema,
        summary:
          'Make an API token (administrators: for another user or a new service account); the secret is in this answer only',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.createToken(deps, requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        ...schema,
        summary: 'Revoke an API token (own, or any of the client for administrators)',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeToken(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
