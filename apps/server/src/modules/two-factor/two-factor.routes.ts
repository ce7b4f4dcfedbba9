// Two-step sign-in (issue 17, spec 001 §7 send_2fa and check_identity; docs/api-accounts.md "Two-step sign-in").
// POST /api/token answers a user who must give a code with a challenge; these calls finish that login.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkIdentityRequestSchema,
  sendTwoFactorRequestSchema,
  tokenPairSchema,
  twoFactorChallengeSchema,
  twoFactorSettingPatchSchema,
  twoFactorSettingSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { twoFactorCheckLimit, twoFactorSendLimit } from '../../lib/rate-limits.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { setTwoFactor, twoFactorSettingOf } from './two-factor-setting.service.ts';
import { checkIdentity, resendCode } from './two-factor.service.ts';

export async function twoFactorRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const tags = ['auth'];

  app.post(
    '/send_2fa',
    {
      schema: {
        tags,
        summary: 'Send a new sign-in code for a login challenge (the previous code stops working)',
        body: sendTwoFactorRequestSchema,
        response: { 200: twoFactorChallengeSchema, ...errorResponses(400, 401, 429) },
      },
      config: { rateLimit: twoFactorSendLimit() },
    },
    async (request) => resendCode(deps, request.body.challenge),
  );

  app.post(
    '/check_identity',
    {
      schema: {
        tags,
        summary: 'Finish a login with the e-mailed code: answers the tokens',
        body: checkIdentityRequestSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
      config: { rateLimit: twoFactorCheckLimit() },
    },
    async (request) => checkIdentity(deps, request.body.challenge, request.body.code, request.ip),
  );

  app.get(
    '/user/two-factor',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Whether the signed-in user signs in with an e-mailed code',
        response: { 200: twoFactorSettingSchema, ...errorResponses(401) },
      },
    },
    async (request) => twoFactorSettingOf(deps, requireUser(request)),
  );

  app.put(
    '/user/two-factor',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Turn two-step sign-in on or off for the signed-in user',
        body: twoFactorSettingPatchSchema,
        // 202: turning it off, the code is mailed; send it back with the challenge (issue 37).
        response: {
          200: twoFactorSettingSchema,
          202: twoFactorChallengeSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { rateLimit: twoFactorCheckLimit() },
    },
    async (request, reply) => {
      const out = await setTwoFactor(deps, requireUser(request), request.body, request.ip);
      return 'challenge' in out ? reply.code(202).send(out) : out;
    },
  );
}
