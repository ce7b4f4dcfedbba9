// The import wizard and the imports list (docs/api-datasets.md "Import wizard", "Imports list").
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  importItemSchema,
  importListQuerySchema,
  importListSchema,
  importOptionsSchema,
  inspectRequestSchema,
  inspectResponseSchema,
  materialsRequestSchema,
  materialsResponseSchema,
  uploadSchema,
  validationReportSchema,
} from '@pipewise/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { ImportQueue } from './import-queue.ts';
import * as imports from './imports.service.ts';
import { retryImport } from './retry-import.ts';
import { assertCanImport, inspectUpload, materialValues, storeUpload } from './uploads.service.ts';

/** The contract's upload limit. */
export const MAX_UPLOAD_BYTES = 1024 ** 3;

const uploadParams = z.object({ id: z.uuid() });

export async function importsRoutes(root: FastifyInstance, opts: { deps: Deps; queue?: ImportQueue }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const queue = opts.queue ?? new ImportQueue(deps.jobs);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
  app.addHook('onRequest', app.authenticate);
  const tags = ['imports'];

  app.post(
    '/imports/uploads',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags,
        security: bearer,
        summary: 'Multipart upload (one field `file`, up to 1 GB)',
        response: { 200: uploadSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      assertCanImport(me);
      if (!request.isMultipart())
        throw new AppError(400, 'VALIDATION', 'Send the file as multipart/form-data.');
      const part = await request.file();
      if (!part) throw new AppError(400, 'VALIDATION', 'The request has no file.');
      return storeUpload(deps, me, part);
    },
  );

  app.post(
    '/imports/uploads/:id/inspect',
    {
      schema: {
        tags,
        security: bearer,
        params: uploadParams,
        body: inspectRequestSchema,
        response: { 200: inspectResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => inspectUpload(deps, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/imports/uploads/:id/materials',
    {
      schema: {
        tags,
        security: bearer,
        params: uploadParams,
        body: materialsRequestSchema,
        response: { 200: materialsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => materialValues(deps, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/imports/uploads/:id/validate',
    {
      schema: {
        tags,
        security: bearer,
        params: uploadParams,
        body: importOptionsSchema,
        response: { 200: validationReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => imports.validateUpload(deps, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/imports/uploads/:id/commit',
    {
      schema: {
        tags,
        security: bearer,
        params: uploadParams,
        body: importOptionsSchema,
        response: { 202: importItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const item = await imports.commitUpload(
        deps,
        queue,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(202).send(item);
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        tags,
        security: bearer,
        querystring: importListQuerySchema,
        response: { 200: importListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      imports: await imports.listImportItems(deps, requireUser(request), request.query.archived),
    }),
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: importItemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => imports.getImport(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/imports/:id/retry',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Run a failed import again (same upload and options); 410 when the upload is gone',
        params: idParamsSchema,
        response: { 202: importItemSchema, ...errorResponses(401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await retryImport(deps, queue, requireUser(request), request.params.id)),
  );

  for (const [action, archive] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.put(
      `/imports/:id/${action}`,
      {
        schema: {
          tags,
          security: bearer,
          params: idParamsSchema,
          response: { 200: importItemSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => imports.archiveImport(deps, requireUser(request), request.params.id, archive),
    );
  }
}
