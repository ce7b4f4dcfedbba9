// Scheduled imports (issue 42; docs/api-scheduled-imports.md): import definitions, their runs, a script's upload
// to a definition and the decision on a held run. With an API token, writes need scope import (lib/token-scopes.ts).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  importDefinitionCreateSchema,
  importDefinitionListSchema,
  importDefinitionPatchSchema,
  importDefinitionSchema,
  importRunListSchema,
  importRunParamsSchema,
  importRunSchema,
  uploadSchema,
} from '@pipewise/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { MAX_UPLOAD_BYTES } from '../imports/imports.routes.ts';
import * as service from './definitions.service.ts';

export async function importDefinitionsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
  app.addHook('onRequest', app.authenticate);
  const tags = ['scheduled imports'];

  app.get(
    '/import-definitions',
    {
      schema: {
        tags,
        security: bearer,
        response: { 200: importDefinitionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ definitions: await service.listDefinitions(deps, requireUser(request)) }),
  );

  app.post(
    '/import-definitions',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'A definition for a network; without `options`, its last import of that kind is remembered',
        body: importDefinitionCreateSchema,
        response: { 201: importDefinitionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createDefinition(deps, requireUser(request), request.body)),
  );

  app.get(
    '/import-definitions/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: importDefinitionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getDefinition(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/import-definitions/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        body: importDefinitionPatchSchema,
        response: { 200: importDefinitionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.patchDefinition(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/import-definitions/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteDefinition(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/import-definitions/:id/run',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Run now (one run at a time per definition)',
        params: idParamsSchema,
        response: { 202: importRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.runNow(deps, requireUser(request), request.params.id)),
  );

  app.put(
    '/import-definitions/:id/file',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags,
        security: bearer,
        summary:
          "A script's file for an upload source (multipart, field `file`); runs at once without a schedule",
        params: idParamsSchema,
        response: {
          202: z.object({ upload: uploadSchema, run: importRunSchema.nullable() }),
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(400, 'VALIDATION', 'Send the file as multipart/form-data.');
      const part = await request.file();
      if (!part) throw new AppError(400, 'VALIDATION', 'The request has no file.');
      return reply.code(202).send(await service.uploadFile(deps, me, request.params.id, part));
    },
  );

  app.get(
    '/import-definitions/:id/runs',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The last 50 runs, newest first',
        params: idParamsSchema,
        response: { 200: importRunListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ runs: await service.listRuns(deps, requireUser(request), request.params.id) }),
  );

  app.get(
    '/import-definitions/:id/runs/:runId',
    {
      schema: {
        tags,
        security: bearer,
        params: importRunParamsSchema,
        response: { 200: importRunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getRun(deps, requireUser(request), request.params.id, request.params.runId),
  );

  for (const [action, decide] of [
    ['commit', service.commitHeld],
    ['discard', service.discardHeld],
  ] as const) {
    app.post(
      `/import-definitions/:id/runs/:runId/${action}`,
      {
        schema: {
          tags,
          security: bearer,
          summary: action === 'commit' ? 'Commit a held run as validated' : 'Discard a held run',
          params: importRunParamsSchema,
          response: { 200: importRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => decide(deps, requireUser(request), request.params.id, request.params.runId),
    );
  }
}
