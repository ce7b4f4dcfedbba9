// Wire shapes of the export files (spec 001 §2 'Exports', §3 'Export item', §7; docs/api-exports.md): a file of a
// kind in a format, made on request by a job, listed 25 a page with the kinds and formats the caller may make.
// Names follow the spec's item (createdAt, totalCount), not the snake_case of older lists.
import { z } from 'zod';
import { idParam } from './ids.ts';

export const EXPORT_KINDS = ['lof', 'cofBre', 'normalizedPipe', 'normalizedBreak', 'vis'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** csv, GeoJSON, GeoPackage, zipped Shapefile. */
export const EXPORT_FORMATS = ['csv', 'geojson', 'gpkg', 'shp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const createExportBodySchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
});
export type CreateExportBody = z.infer<typeof createExportBodySchema>;

export const exportItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who asked for it; null once that user was deleted. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  datasetId: z.number().int().nullable(),
  /** The COF scenario of a cofBre file; null for the other kinds. */
  scenarioId: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why a failed file was not made. */
  message: z.string().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

export const EXPORTS_PAGE_SIZE = 25;
export const exportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(EXPORTS_PAGE_SIZE),
  datasetId: idParam.optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

/** Per kind, per format: whether the caller may make such a file now (built by the server, subscribed). */
export const exportAvailabilitySchema = z.record(
  z.enum(EXPORT_KINDS),
  z.record(z.enum(EXPORT_FORMATS), z.boolean()),
);
export type ExportAvailability = z.infer<typeof exportAvailabilitySchema>;

export const exportListSchema = z.object({
  items: z.array(exportItemSchema),
  totalCount: z.number().int(),
  availability: exportAvailabilitySchema,
});
export type ExportList = z.infer<typeof exportListSchema>;

export const exportItemParamsSchema = z.object({ exportId: idParam });
