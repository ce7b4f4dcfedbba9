import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  refreshRequestSchema,
  tokenPairSchema,
  tokenRequestSchema,
  twoFactorChallengeSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { assertNotThrottled, FailureThrottle } from '../../lib/failure-throttle.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { login, refresh, revoke } from './auth.service.ts';

export interface AuthRouteOptions {
  deps: Deps;
  /**
   * docs/api-accounts.md: 10 failed login attempts per 15 min per IP + e-mail, and `maxPerIp` over every e-mail
   * from one address (issue 18: password spraying, one password tried on many accounts).
   */
  loginRateLimit: { max: number; timeWindowMs: number; maxPerIp: number };
}

export async function authRoutes(root: FastifyInstance, opts: AuthRouteOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const { max, timeWindowMs: windowMs, maxPerIp } = opts.loginRateLimit;
  const perAccount = new FailureThrottle(deps.database.db, { max, windowMs });
  const perIp = new FailureThrottle(deps.database.db, { max: maxPerIp, windowMs });

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: tokenRequestSchema,
        // A user who signs in with an e-mailed code gets a challenge instead (issue 17, modules/two-factor).
        response: {
          200: z.union([tokenPairSchema, twoFactorChallengeSchema]),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const key = `login|${request.ip}|${request.body.email.toLowerCase()}`;
      const ipKey = `login-ip|${request.ip}`;
      await assertNotThrottled(
        [
          [perAccount, key],
          [perIp, ipKey],
        ],
        (minutes) => `Too many login attempts. Please wait ${minutes} minutes and try again.`,
      );
      try {
        const pair = await login(deps, request.body.email, request.body.password);
        // Only this account's count: a success must not clear the address's misses on other accounts.
        await perAccount.succeed(key);
        return pair;
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') {
          await perAccount.fail(key);
          await perIp.fail(ipKey);
        }
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
