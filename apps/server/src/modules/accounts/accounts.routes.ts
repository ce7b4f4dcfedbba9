import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactUsRequestSchema,
  forgotPasswordRequestSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetIdParamsSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { contactLimit, passwordResetLimit, registerLimit } from '../../lib/rate-limits.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { contactUs, register, requestPasswordReset, resetPassword } from './accounts.service.ts';

export async function accountsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const tags = ['accounts'];

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Register with a client code (202 whether or not the address has an account; mail tells)',
        body: registerRequestSchema,
        response: { 202: registerResponseSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: registerLimit() },
    },
    async (request, reply) => reply.code(202).send(await register(deps, request.body)),
  );

  app.post(
    '/password-reset',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (answers 204 whether or not the address exists)',
        body: passwordResetRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 429) },
      },
      config: { rateLimit: passwordResetLimit() },
    },
    async (request, reply) => {
      requestPasswordReset(deps, request.body.email, request.body.language);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/forgot-password/:id',
    {
      schema: {
        tags,
        summary: 'Set a new password with the id from the reset mail',
        params: resetIdParamsSchema,
        body: forgotPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.params.id, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/contact-us',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags,
        body: contactUsRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 429) },
      },
      config: { rateLimit: contactLimit() },
    },
    async (request, reply) => {
      await contactUs(deps, request.body, request.user ?? undefined);
      return reply.code(204).send(null);
    },
  );
}
