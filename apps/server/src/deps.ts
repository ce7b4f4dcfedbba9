// What services need, built once per app (no base class injecting everything: STYLE.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobSender } from './jobs/sender.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { AccessTokens } from './lib/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BasemapProbe } from './modules/system/basemap-probe.ts';

export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: AccessTokens;
  log: FastifyBaseLogger;
  /** Sends background jobs (import, analysis); the worker runs them. */
  jobs: JobSender;
  /** The basemap styles on offer: the public defaults only while the server reaches them. */
  basemaps: BasemapProbe;
  /** Work started by a request that its answer does not wait for (mail of the public account flows). */
  background: BackgroundTasks;
}

/** The caller of an authenticated request, as loaded by the auth plugin. */
export interface AuthUser {
  id: number;
  /** The user's current client (from the database, so a staff client switch applies at once). */
  clientId: number;
  isStaff: boolean;
  permissionGroupTypeCode: number;
  /** The spec's demo mode: a shared, read-only account (CHECKLIST TBD-05). */
  isDemo: boolean;
  /** Expiry of the presented access token. */
  expiresAt: Date;
  /** The session (refresh-token family) of the presented token; null for tokens issued outside a login. */
  sessionId?: string | null;
  /**
   * Set when the caller presented an API token (`pwt_…`, issue 42) instead of a session: its id and scopes. The
   * auth plugin has checked the scopes against the route (lib/token-scopes.ts); roles apply to the token's user.
   */
  apiToken?: { id: number; scopes: string[] };
}
