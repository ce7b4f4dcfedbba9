// The served analysis beyond single pipes (docs/api-assets.md): VIS record, intersecting assets, area detail,
// assessments and the model card. Registered by assets.routes.ts, which authenticates every request.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  areaDetailSchema,
  areaKindParamsSchema,
  areaListSchema,
  areaParamsSchema,
  assessmentEntryParamsSchema,
  assessmentEntrySchema,
  assessmentParamsSchema,
  assessmentSchema,
  datasetParamsSchema,
  intersectingRequestSchema,
  intersectingResponseSchema,
  modelCardSchema,
  visParamsSchema,
  visRecordSchema,
} from '@pipewise/domain';
import type { Deps } from '../../deps.ts';
import { bearer, errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as results from './results.service.ts';

export async function resultsRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const schema = { tags: ['analysis results'], security: bearer };

  app.get(
    '/datasets/:datasetId/vis/:segmentId',
    {
      schema: {
        ...schema,
        summary: 'One valve isolation segment (spec 000 §3 VIS record)',
        params: visParamsSchema,
        response: { 200: visRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { datasetId, segmentId } = request.params;
      return results.getVis(deps, requireUser(request), datasetId, segmentId);
    },
  );

  app.post(
    '/datasets/:datasetId/intersecting-assets',
    {
      schema: {
        ...schema,
        summary: 'Ids of the pipes, segments or areas of a layer that intersect a WKT polygon',
        params: datasetParamsSchema,
        body: intersectingRequestSchema,
        response: { 200: intersectingResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      results.intersectingAssets(deps, requireUser(request), request.params.datasetId, request.body),
  );

  app.get(
    '/datasets/:datasetId/areas/:kind',
    {
      schema: {
        ...schema,
        summary:
          'The mesh cells, districts or custom zones of a dataset, by native id, with their LOF aggregate',
        params: areaKindParamsSchema,
        response: { 200: areaListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { datasetId, kind } = request.params;
      return results.listAreas(deps, requireUser(request), datasetId, kind);
    },
  );

  app.get(
    '/datasets/:datasetId/areas/:kind/:nativeId',
    {
      schema: {
        ...schema,
        summary: 'A mesh cell, district or custom zone by native id, with its LOF aggregate',
        params: areaParamsSchema,
        response: { 200: areaDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { datasetId, kind, nativeId } = request.params;
      return results.getArea(deps, requireUser(request), datasetId, kind, nativeId);
    },
  );

  app.get(
    '/datasets/:datasetId/assessments/:kind',
    {
      schema: {
        ...schema,
        summary: 'The LOF, COF or BRE assessment of the served analysis',
        params: assessmentParamsSchema,
        response: { 200: assessmentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { datasetId, kind } = request.params;
      return results.getAssessment(deps, requireUser(request), datasetId, kind);
    },
  );

  app.get(
    '/datasets/:datasetId/assessments/:kind/:pipeId',
    {
      schema: {
        ...schema,
        summary: "One pipe's entry in the LOF, COF or BRE assessment",
        params: assessmentEntryParamsSchema,
        response: { 200: assessmentEntrySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { datasetId, kind, pipeId } = request.params;
      return results.getAssessmentEntry(deps, requireUser(request), datasetId, kind, pipeId);
    },
  );

  app.get(
    '/datasets/:datasetId/model-card',
    {
      schema: {
        ...schema,
        summary: 'The served analysis: LOF card with backtests, imputation, VIS and COF summaries',
        params: datasetParamsSchema,
        response: { 200: modelCardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => results.getModelCard(deps, requireUser(request), request.params.datasetId),
  );
}
