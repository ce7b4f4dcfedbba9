// Health, public config, the staff mail outbox and the web's error reports (docs/api-accounts.md).
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

const basemapStylesSchema = z.object({
  light: z.string().nullable(),
  dark: z.string().nullable(),
  terrain: z.string().nullable(),
});

/** What the web needs before login: basemap style URLs per theme (null = plain background). */
export const publicConfigSchema = z.object({
  basemap: basemapStylesSchema.extend({
    /** LAYER-17: the styles for demo users (null = the normal style of the theme). */
    demo: basemapStylesSchema,
    /** LAYER-35: the maps service's public token, put in place of `{token}` in the style URLs. */
    token: z.string().nullable(),
  }),
  /** LAYER-21: origins serving the same /api/tiles/… (at most three); empty = the page's own origin. */
  tiles: z.object({ mirrors: z.array(z.string()) }),
  demo: z.boolean(),
  outbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/**
 * A failure the web app reports (POST /api/client-errors; 000 §8 and 001 §8 "reported to an error-reporting
 * service"): what failed in words, the error's detail (name, message, status, stack) and the page it happened on.
 */
export const clientErrorSchema = z.object({
  message: z.string().trim().min(1).max(500),
  detail: z.string().max(4000).optional(),
  page: z.string().max(500).optional(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
