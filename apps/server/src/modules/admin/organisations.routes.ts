// Organisations (staff) and the current client's details (its administrators): issue 17, spec 001 §7
// organization_clients/{id}, organization_users/{id}, clientinfoentity; docs/api-accounts.md "Administration".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUsersResponseSchema,
  clientInfoPatchSchema,
  clientInfoSchema,
  idParamsSchema,
  organisationClientsSchema,
  organisationInputSchema,
  organisationListSchema,
  organisationSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { clientInfoOf, updateClientInfo } from './client-info.service.ts';
import {
  createOrganisation,
  organisationClients,
  organisationsFor,
  organisationUsers,
  renameOrganisationById,
} from './organisations.service.ts';

export async function organisationRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const tags = ['admin'];
  const base = { tags, security: bearer };

  app.get(
    '/admin/organizations',
    {
      schema: {
        ...base,
        summary: 'All organisations with their number of clients (staff only)',
        response: { 200: organisationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ organizations: await organisationsFor(deps, requireUser(request)) }),
  );

  app.post(
    '/admin/organizations',
    {
      schema: {
        ...base,
        summary: 'Create an organisation (staff only)',
        body: organisationInputSchema,
        response: { 201: organisationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganisation(deps, requireUser(request), request.body)),
  );

  app.patch(
    '/admin/organizations/:id',
    {
      schema: {
        ...base,
        summary: 'Rename an organisation (staff only)',
        params: idParamsSchema,
        body: organisationInputSchema,
        response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => renameOrganisationById(deps, requireUser(request), request.params.id, request.body),
  );

  for (const url of ['/admin/organizations/:id/clients', '/organization_clients/:id']) {
    app.get(
      url,
      {
        schema: {
          ...base,
          summary: 'The clients of an organisation (staff only)',
          params: idParamsSchema,
          response: { 200: organisationClientsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        client_entities: await organisationClients(deps, requireUser(request), request.params.id),
      }),
    );
  }

  for (const url of ['/admin/organizations/:id/users', '/organization_users/:id']) {
    app.get(
      url,
      {
        schema: {
          ...base,
          summary: 'The users of every client of an organisation (staff only)',
          params: idParamsSchema,
          response: { 200: adminUsersResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ users: await organisationUsers(deps, requireUser(request), request.params.id) }),
    );
  }

  app.get(
    '/clientinfoentity',
    {
      schema: {
        ...base,
        summary: "The current client's details and two-step sign-in policy",
        response: { 200: clientInfoSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => clientInfoOf(deps, requireUser(request)),
  );

  app.put(
    '/clientinfoentity',
    {
      // A logo of 200 kB as base64 with the other fields: above Fastify's default 1 MB body limit, no.
      bodyLimit: 1024 * 1024,
      schema: {
        ...base,
        summary: "Change the current client's details (its administrators and staff)",
        body: clientInfoPatchSchema,
        response: { 200: clientInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateClientInfo(deps, requireUser(request), request.body),
  );
}
