// Builds the Fastify app (STYLE.md: the app is a plugin, the process is a file). Tests inject into it.
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import sensible from '@fastify/sensible';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Deps } from './deps.ts';
import { JobSender } from './jobs/sender.ts';
import { BackgroundTasks } from './lib/background.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { AccessTokens } from './lib/tokens.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { virtualPipesRoutes } from './modules/virtual-pipes/virtual-pipes.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { geocodeRoutes } from './modules/geocode/geocode.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { importDefinitionsRoutes } from './modules/import-definitions/definitions.routes.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { cofScenariosRoutes } from './modules/cof-scenarios/cof-scenarios.routes.ts';
import { datasetsRoutes } from './modules/datasets/datasets.routes.ts';
import { demoBasemapRoutes } from './modules/demo-basemap/demo-basemap.routes.ts';
import { plannerScenariosRoutes } from './modules/planner/scenarios.routes.ts';
import { plansRoutes } from './modules/planner/plans.routes.ts';
import { programmesRoutes } from './modules/programmes/programmes.routes.ts';
import { projectsRoutes } from './modules/planner/projects.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { savedFiltersRoutes } from './modules/saved-filters/saved-filters.routes.ts';
import { BasemapProbe } from './modules/system/basemap-probe.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tilesRoutes } from './modules/tiles/tiles.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { ogcRoutes } from './modules/ogc/ogc.routes.ts';
import authPlugin from './plugins/auth.ts';
import csrfPlugin from './plugins/csrf.ts';
import errorsPlugin from './plugins/errors.ts';
import wellFormedText from './plugins/well-formed-text.ts';
import { tenantContextPlugin } from './lib/tenant-context.ts';
import securityHeaders from './plugins/security-headers.ts';
import webPlugin from './plugins/web.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Overridable for tests; the contract's values are 10 per 15 min per IP + e-mail, 30 per IP. */
  loginRateLimit?: { max: number; timeWindowMs: number; maxPerIp: number };
  accessTokens?: AccessTokens;
  /** How the public default basemaps are probed; tests inject one (they run offline). */
  basemapFetch?: typeof fetch;
  /** Tests add routes here (e.g. one that throws) before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
}

export interface App {
  app: FastifyInstance;
  deps: Deps;
}

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    // Behind a reverse proxy (TRUST_PROXY=true) the client IP, the rate limit key, comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's 10 s per plugin is a clock, not a measure of a hang: on a 2-core machine at load 12 (benches, an
    // analysis) the planner bench's app failed to start with "Plugin did not start in time: '@fastify/cookie'".
    // A plugin that really hangs still ends the start, two minutes on.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const deps: Deps = {
    config,
    database,
    mailer,
    tokens: opts.accessTokens ?? new AccessTokens(config.jwtSecret),
    log: app.log,
    jobs: new JobSender(database),
    basemaps: new BasemapProbe(config.basemap, { ...(opts.basemapFetch && { fetch: opts.basemapFetch }) }),
    background: new BackgroundTasks(app.log),
  };
  app.addHook('onClose', async () => deps.jobs.stop());

  await app.register(errorsPlugin);
  await app.register(wellFormedText);
  await app.register(tenantContextPlugin);
  await app.register(securityHeaders, { config });
  await app.register(sensible);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin, {
    secure: config.publicUrl.startsWith('https://'),
    secret: config.jwtSecret,
    tokens: deps.tokens,
  });
  // Limits are per route (src/lib/rate-limits.ts), counted in the database so that API processes share them.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(authPlugin, { deps });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pipewise API',
        version: '0.1.0',
        description: 'See docs/api-accounts.md; scripts: docs/api-tokens.md',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A session: the 15-minute access token of POST /api/token. Writes also need the CSRF double submit.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pwt_…',
            description:
              'An API token (POST /api/tokens; docs/api-tokens.md) within its scopes. Sent without cookies, it needs no CSRF token.',
          },
          apiTokenQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              'An API token in the query, for GIS clients that cannot send a header: the /ogc routes only (docs/api-ogc.md). Never logged.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const loginRateLimit = opts.loginRateLimit ?? { max: 10, timeWindowMs: 15 * 60 * 1000, maxPerIp: 30 };
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { deps });
      await api.register(authRoutes, { deps, loginRateLimit });
      await api.register(accountsRoutes, { deps });
      await api.register(usersRoutes, { deps });
      await api.register(clientsRoutes, { deps });
      await api.register(adminRoutes, { deps });
      await api.register(twoFactorRoutes, { deps });
      await api.register(tokensRoutes, { deps });
      await api.register(feedbackRoutes, { deps });
      await api.register(importsRoutes, { deps });
      await api.register(importDefinitionsRoutes, { deps });
      await api.register(datasetsRoutes, { deps });
      await api.register(demoBasemapRoutes, { deps });
      await api.register(assetsRoutes, { deps });
      await api.register(virtualPipesRoutes, { deps });
      await api.register(analysisRoutes, { deps });
      await api.register(tilesRoutes, { deps });
      await api.register(savedFiltersRoutes, { deps });
      await api.register(geocodeRoutes, { deps });
      await api.register(exportsRoutes, { deps });
      await api.register(plannerScenariosRoutes, { deps });
      await api.register(projectsRoutes, { deps });
      await api.register(plansRoutes, { deps });
      await api.register(programmesRoutes, { deps });
      await api.register(reportsRoutes, { deps });
      await api.register(cofScenariosRoutes, { deps });
    },
    { prefix: '/api' },
  );
  // OGC API – Features for GIS clients (issue 42; docs/api-ogc.md): beside /api, read only, by API token.
  await app.register(ogcRoutes, { deps, prefix: '/ogc' });
  opts.beforeReady?.(app);
  await app.register(webPlugin, { webDist: config.webDist });
  // Mail still being sent after an answer goes out before the mailer closes.
  app.addHook('onClose', async () => {
    await deps.background.idle();
    await mailer.close();
  });
  return { app, deps };
}
