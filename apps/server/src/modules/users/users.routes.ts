import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationSettingsSchema,
  changePasswordSchema,
  clientUsersResponseSchema,
  idParamsSchema,
  languageTimezoneSchema,
  languageTimezoneUpdateSchema,
  receiveEmailsSchema,
  setClientRequestSchema,
  tokenPairSchema,
  userInformationPatchSchema,
  userOrColleagueSchema,
  userSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import * as users from './users.service.ts';

export async function usersRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const tags = ['user'];

  app.get(
    '/user/info',
    { schema: { tags, security: bearer, response: { 200: userSchema, ...errorResponses(401, 403) } } },
    async (request) => users.getMe(deps, requireUser(request)),
  );

  app.patch(
    '/user/information',
    {
      schema: {
        tags,
        security: bearer,
        body: userInformationPatchSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.updateInformation(deps, requireUser(request), request.body),
  );

  app.get(
    '/user/language-timezone',
    { schema: { tags, security: bearer, response: { 200: languageTimezoneSchema, ...errorResponses(401) } } },
    async (request) => users.getLanguageTimezone(deps, requireUser(request)),
  );

  app.put(
    '/user/language-timezone',
    {
      schema: {
        tags,
        security: bearer,
        body: languageTimezoneUpdateSchema,
        response: { 200: languageTimezoneSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.updateLanguageTimezone(deps, requireUser(request), request.body),
  );

  app.get(
    '/user/receive-emails',
    { schema: { tags, security: bearer, response: { 200: receiveEmailsSchema, ...errorResponses(401) } } },
    async (request) => users.getReceiveEmails(deps, requireUser(request)),
  );

  app.patch(
    '/user/receive-emails',
    {
      schema: {
        tags,
        security: bearer,
        body: receiveEmailsSchema,
        response: { 200: receiveEmailsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => users.setReceiveEmails(deps, requireUser(request), request.body.receive_emails),
  );

  app.put(
    '/user/application-settings',
    {
      schema: {
        tags,
        security: bearer,
        body: applicationSettingsSchema,
        response: { 200: applicationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => users.setApplicationSettings(deps, requireUser(request), request.body.grid),
  );

  app.put(
    '/user/password',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Change the password: ends every other session, answers a new pair for this one',
        body: changePasswordSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      return users.changePassword(deps, requireUser(request), current_password, new_password);
    },
  );

  app.get(
    '/client-users',
    {
      schema: {
        tags: ['clients'],
        security: bearer,
        response: { 200: clientUsersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ users: await users.listClientUsers(deps, requireUser(request)) }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: userOrColleagueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => users.getUser(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/admin/users/:id/set-client',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        params: idParamsSchema,
        body: setClientRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      users.setClient(deps, requireUser(request), request.params.id, request.body.client_entity),
  );
}
