// Health, public config and the staff mail outbox (docs/api-accounts.md).
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What the web needs before login: basemap style URLs per theme (null = plain background). */
export const publicConfigSchema = z.object({
  basemap: z.object({
    light: z.string().nullable(),
    dark: z.string().nullable(),
    terrain: z.string().nullable(),
  }),
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
