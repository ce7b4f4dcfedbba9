import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientErrorSchema,
  csrfResponseSchema,
  healthResponseSchema,
  outboxResponseSchema,
  publicConfigSchema,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../lib/errors.ts';
import { clientErrorLimit } from '../../lib/rate-limits.ts';
import { bearer, errorResponses, noContent } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { auditOutboxRead } from './outbox-audit.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function systemRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const tags = ['system'];

  app.get(
    '/health',
    { schema: { tags, response: { 200: healthResponseSchema, ...errorResponses(500) } } },
    async () => {
      await deps.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: deps.database.kind, version: VERSION };
    },
  );

  app.get('/config', { schema: { tags, response: { 200: publicConfigSchema } } }, async () => ({
    basemap: await deps.basemaps.basemap(),
    tiles: { mirrors: deps.config.tileMirrors },
    demo: deps.config.seedDemo,
    outbox: deps.mailer.kind === 'outbox',
  }));

  // The token is chosen and its cookie set by the CSRF plugin (plugins/csrf.ts): the browser's own when it is signed
  // and, with a valid bearer, bound to that session; else a new one bound to the bearer's session (anonymous without).
  app.get('/csrf', { schema: { tags, response: { 200: csrfResponseSchema } } }, async (request) => ({
    csrf_token: request.csrfToken,
  }));

  // The web's error-reporting service (000 §8, 001 §8): each report becomes one structured warning in the server's
  // log, with the user and client when the caller is signed in, where the operator's log tooling collects it. An
  // expired or missing session still reports (the failure may be that very session's).
  app.post(
    '/client-errors',
    {
      onRequest: async (request) => {
        await app.authenticateOptional(request).catch(() => undefined);
      },
      config: { rateLimit: clientErrorLimit() },
      schema: {
        tags,
        summary: 'Report a failure seen in the web app (logged for the operator)',
        body: clientErrorSchema,
        response: { 204: noContent, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      request.log.warn(
        {
          clientError: request.body,
          userId: user?.id ?? null,
          clientId: user?.clientId ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        },
        'web client error',
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/outbox',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['admin'],
        security: bearer,
        response: { 200: outboxResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (!me.isStaff) throw forbidden('Only platform staff can read the outbox.');
      const mails = await deps.mailer.outbox();
      // Issue 37: the outbox shows sign-in codes and live reset links of every tenant; each read leaves a row in
      // the audit log of the client of every user whose mail it showed.
      await auditOutboxRead(deps.database.db, me.id, mails);
      return { mails };
    },
  );
}
