// "Datasets and snapshots" of docs/api-datasets.md. Routes validate and delegate to datasets.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  datasetCreateSchema,
  datasetListSchema,
  datasetPropertySchema,
  datasetSchema,
  datasetStatusListSchema,
  datasetUpdateSchema,
  filteredAttributesSchema,
  idParamsSchema,
  setCurrentSnapshotQuerySchema,
  setViewRequestSchema,
  setViewResponseSchema,
  snapshotGroupSchema,
  snapshotSchema,
} from '@pipewise/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as datasets from './datasets.service.ts';

export async function datasetsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  app.addHook('onRequest', app.authenticate);
  const tags = ['datasets'];
  const schema = { tags, security: bearer };

  app.get(
    '/snapshot-groups',
    { schema: { ...schema, response: { 200: z.array(snapshotGroupSchema), ...errorResponses(401) } } },
    async (request) => datasets.listSnapshotGroups(deps, requireUser(request)),
  );

  app.get(
    '/snapshots/current',
    { schema: { ...schema, response: { 200: snapshotSchema, ...errorResponses(401, 404) } } },
    async (request) => datasets.getCurrentSnapshot(deps, requireUser(request)),
  );

  app.get(
    '/snapshots/set-current',
    {
      schema: {
        ...schema,
        summary: 'Choose the snapshot group and dataset the map shows (spec 000 §4)',
        querystring: setCurrentSnapshotQuerySchema,
        response: { 204: noContent, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { snapshot_group, dataset } = request.query;
      await datasets.setCurrentSnapshot(deps, requireUser(request), snapshot_group, dataset);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/datasets/status',
    { schema: { ...schema, response: { 200: datasetStatusListSchema, ...errorResponses(401) } } },
    async (request) => datasets.listDatasetStatus(deps, requireUser(request)),
  );

  app.put(
    '/datasets/:id/set-view',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        body: setViewRequestSchema,
        response: { 200: setViewResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => datasets.setView(deps, requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/datasets/:id/property',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        response: { 200: datasetPropertySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => datasets.getDatasetProperty(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/filtered_attributes/:id',
    {
      schema: {
        ...schema,
        summary:
          'What filters and exports can select by on a dataset: numeric ranges, categories with pipes and length, ' +
          'the source columns kept, and how many pipes leave each unknown (IO-EXP-05)',
        params: idParamsSchema,
        response: { 200: filteredAttributesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => datasets.getFilteredAttributes(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/datasets',
    { schema: { ...schema, response: { 200: datasetListSchema, ...errorResponses(401) } } },
    async (request) => ({ datasets: await datasets.listDatasets(deps, requireUser(request)) }),
  );

  app.post(
    '/datasets',
    {
      schema: {
        ...schema,
        summary: 'A new, empty network; it joins the snapshot groups once an import commits a version',
        body: datasetCreateSchema,
        response: { 201: datasetSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await datasets.createDataset(deps, requireUser(request), request.body.name);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/datasets/:id',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        body: datasetUpdateSchema,
        response: { 200: datasetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => datasets.updateDataset(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/datasets/:id',
    {
      schema: {
        ...schema,
        summary: 'Deletes a dataset; a whole version with its original, the group with its last version',
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await datasets.deleteDataset(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/datasets/:id/refresh-tiles',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        response: { 200: datasetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => datasets.refreshTiles(deps, requireUser(request), request.params.id),
  );
}
