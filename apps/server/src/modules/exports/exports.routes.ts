// Export by e-mail (spec 000 §7; docs/api-assets.md 'Export by e-mail') and export files (spec 001 §2, §3, §7;
// docs/api-exports.md). Routes validate and delegate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createExportBodySchema,
  datasetParamsSchema,
  exportBodySchema,
  exportItemParamsSchema,
  exportItemSchema,
  exportListQuerySchema,
  exportListSchema,
  exportQuerySchema,
  exportResponseSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  createExport,
  deleteExport,
  emailExport,
  exportFile,
  getExport,
  listExports,
} from './export-files.service.ts';
import { requestEmailExport } from './exports.service.ts';

/** A large network's hidden ids exceed the app's 1 MB default (about 8 bytes per id as JSON). */
const EXPORT_BODY_LIMIT = 16 * 1024 * 1024;

export async function exportsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/datasets/:datasetId/exports/email',
    {
      bodyLimit: EXPORT_BODY_LIMIT,
      schema: {
        tags: ['assets'],
        security: bearer,
        summary: 'E-mail a CSV of the pipes (type lof) or VIS segments (type vis) the map shows',
        params: datasetParamsSchema,
        querystring: exportQuerySchema,
        body: exportBodySchema,
        response: { 202: exportResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { params, query, body } = request;
      const sent = await requestEmailExport(deps, requireUser(request), params.datasetId, query, body);
      return reply.code(202).send(sent);
    },
  );

  app.post(
    '/datasets/:datasetId/exports',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary:
          'Make an export file of a kind (lof…) in a format (csv, geojson, gpkg, shp); a job builds it',
        params: datasetParamsSchema,
        body: createExportBodySchema,
        response: { 202: exportItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const item = await createExport(deps, requireUser(request), request.params.datasetId, request.body);
      return reply.code(202).send(item);
    },
  );

  app.get(
    '/exports',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary:
          "The client's export files, newest first, a page at a time, with the kinds and formats the caller may make",
        querystring: exportListQuerySchema,
        response: { 200: exportListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listExports(deps, requireUser(request), request.query),
  );

  app.get(
    '/exports/:exportId',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary: 'One export file: its status while the job runs',
        params: exportItemParamsSchema,
        response: { 200: exportItemSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getExport(deps, requireUser(request), request.params.exportId),
  );

  app.delete(
    '/exports/:exportId',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary: 'Delete an export file (its maker, or an administrator of the client)',
        params: exportItemParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteExport(deps, requireUser(request), request.params.exportId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/exports/:exportId/file',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary: 'Download an export file',
        params: exportItemParamsSchema,
        response: {
          200: z
            .any()
            .describe(
              'the file: text/csv, application/geo+json, application/geopackage+sqlite3 or application/zip',
            ),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await exportFile(deps, requireUser(request), request.params.exportId);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.filename}"`);
      if (file.size !== null) reply.header('content-length', file.size);
      return reply.send(file.stream);
    },
  );

  app.post(
    '/exports/:exportId/email',
    {
      schema: {
        tags: ['exports'],
        security: bearer,
        summary: 'Mail the caller a link to a ready export file (and the file, when small enough to attach)',
        params: exportItemParamsSchema,
        response: { 202: exportResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const sent = await emailExport(deps, requireUser(request), request.params.exportId);
      return reply.code(202).send(sent);
    },
  );
}
