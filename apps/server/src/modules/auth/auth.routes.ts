import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refreshRequestSchema, tokenPairSchema, tokenRequestSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { LoginThrottle } from '../../lib/login-throttle.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { login, refresh, revoke } from './auth.service.ts';

export interface AuthRouteOptions {
  deps: Deps;
  /** docs/api-accounts.md: 10 failed login attempts per 15 min per IP + e-mail. */
  loginRateLimit: { max: number; timeWindowMs: number };
}

export async function authRoutes(root: FastifyInstance, opts: AuthRouteOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const throttle = new LoginThrottle(opts.loginRateLimit.max, opts.loginRateLimit.timeWindowMs);

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: tokenRequestSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const key = `${request.ip}|${request.body.email.toLowerCase()}`;
      const waitMs = throttle.blockedFor(key);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many login attempts. Please wait ${minutes} minutes and try again.`,
        );
      }
      try {
        const pair = await login(deps, request.body.email, request.body.password);
        throttle.succeed(key);
        return pair;
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') throttle.fail(key);
        throw err;
      }
    },
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
