// Wire shapes of 'export by e-mail' (spec 000 §7: extension csv, type lof for the pipes view or vis for the VIS
// view, body the hidden asset ids, response the recipient e-mail; docs/api-assets.md).
import { z } from 'zod';

export const EXPORT_TYPES = ['lof', 'vis'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const exportQuerySchema = z.object({
  extension: z.enum(['csv']),
  type: z.enum(EXPORT_TYPES),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** Ids the map's filters hide (pipe ids for lof, segment ids for vis): the file holds every other one. */
export const MAX_HIDDEN_IDS = 1_000_000;
export const exportBodySchema = z.object({
  hidden_ids: z.array(z.number().int().min(0)).max(MAX_HIDDEN_IDS),
  /**
   * The map's filter expression of the layer (MapLibre filter JSON), when one is set: the server hides every
   * feature it rejects too, not only the ids of the tiles the map happened to load (EXP-04 reading).
   */
  filter: z.array(z.unknown()).nullish(),
});
export type ExportBody = z.infer<typeof exportBodySchema>;

export const exportResponseSchema = z.object({ email: z.string() });
export type ExportResponse = z.infer<typeof exportResponseSchema>;
