import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientListResponseSchema, clientSchema } from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { getCurrentClient, listClientsFor } from './clients.service.ts';

export async function clientsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/clients/current',
    {
      schema: {
        tags: ['clients'],
        security: bearer,
        response: { 200: clientSchema, ...errorResponses(401) },
      },
    },
    async (request) => getCurrentClient(deps, requireUser(request)),
  );

  app.get(
    '/admin/clients',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        summary: 'All clients for staff, an empty list for everyone else',
        response: { 200: clientListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ client_entities: await listClientsFor(deps, requireUser(request)) }),
  );
}
