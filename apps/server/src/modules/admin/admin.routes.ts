// Administration of clients and their users (issue 17; docs/api-accounts.md "Administration"). RESTful paths, with
// the spec's names (001 §7: manipulate_client, client_users, manipulate_user) kept as aliases.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminUserCreateSchema,
  adminUserPatchSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  clientCreateSchema,
  clientPatchSchema,
  clientSchema,
  idParamsSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createClient, updateClient } from './admin-clients.service.ts';
import { auditOf, createUserOf, listUsersOf, updateUserById } from './admin-users.service.ts';
import { organisationRoutes } from './organisations.routes.ts';
import { decideRegistration } from './registrations.service.ts';

export async function adminRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const tags = ['admin'];
  await app.register(organisationRoutes, { deps });

  app.post(
    '/admin/clients',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a client (staff only)',
        body: clientCreateSchema,
        response: { 201: clientSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClient(deps, requireUser(request), request.body)),
  );

  for (const url of ['/admin/clients/:id', '/manipulate_client/:id']) {
    app.patch(
      url,
      {
        schema: {
          tags,
          security: bearer,
          summary: 'Change a client (staff only)',
          params: idParamsSchema,
          body: clientPatchSchema,
          response: { 200: clientSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateClient(deps, requireUser(request), request.params.id, request.body),
    );
  }

  for (const url of ['/admin/clients/:id/users', '/client_users/:id']) {
    app.get(
      url,
      {
        schema: {
          tags,
          security: bearer,
          summary: "A client's users (staff: any client; a client administrator: their own)",
          params: idParamsSchema,
          response: { 200: adminUsersResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ users: await listUsersOf(deps, requireUser(request), request.params.id) }),
    );
  }

  app.post(
    '/admin/clients/:id/users',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a user of the client and mail them an invitation',
        params: idParamsSchema,
        body: adminUserCreateSchema,
        response: { 201: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUserOf(deps, requireUser(request), request.params.id, request.body)),
  );

  for (const url of ['/admin/users/:id', '/manipulate_user/:id']) {
    app.patch(
      url,
      {
        schema: {
          tags,
          security: bearer,
          summary:
            "Change a user's name, role, inspector, staff (staff only), two-step sign-in, extension, mobile or active flag",
          params: idParamsSchema,
          body: adminUserPatchSchema,
          response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateUserById(deps, requireUser(request), request.params.id, request.body),
    );
  }

  // Issue 37: a sign-up waits for one of these (docs/api-accounts.md "Registration").
  app.post(
    '/admin/users/:id/approve',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Approve a registration that waits: the account becomes active and the registrant is mailed',
        params: idParamsSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => (await decideRegistration(deps, requireUser(request), request.params.id, true))!,
  );
  app.post(
    '/admin/users/:id/reject',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Reject a registration that waits: the account is deleted and the registrant is mailed',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await decideRegistration(deps, requireUser(request), request.params.id, false);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/clients/:id/audit',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'A page of the administrative changes of a client, newest first (staff: any client; a client administrator: their own)',
        params: idParamsSchema,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => auditOf(deps, requireUser(request), request.params.id, request.query),
  );
}
