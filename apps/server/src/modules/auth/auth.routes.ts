import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refreshRequestSchema, tokenPairSchema, tokenRequestSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { loginLimit } from '../../lib/rate-limits.ts';
import { login, refresh, revoke } from './auth.service.ts';

export interface AuthRouteOptions {
  deps: Deps;
  /** docs/api-accounts.md: 10 login attempts per 15 min per IP + e-mail. */
  loginRateLimit: { max: number; timeWindowMs: number };
}

export async function authRoutes(root: FastifyInstance, opts: AuthRouteOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: tokenRequestSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
      config: { rateLimit: loginLimit(opts.loginRateLimit.max, opts.loginRateLimit.timeWindowMs) },
    },
    async (request) => login(deps, request.body.email, request.body.password),
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => refresh(deps, request.body.refresh),
  );

  app.post(
    '/token/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke the refresh token family',
        body: refreshRequestSchema,
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await revoke(deps, request.body.refresh);
      return reply.code(204).send(null);
    },
  );
}
