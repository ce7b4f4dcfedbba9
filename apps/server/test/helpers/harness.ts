// One app per test file and backend: fresh database, demo seed, outbox mail in a temp DATA_DIR.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import type { TokenPair } from '@pipewise/domain';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { CsrfTokens } from '../../src/lib/csrf-tokens.ts';
import type { Database, DatabaseKind } from '../../src/db/database.ts';
import { seedDemoCity } from '../../src/db/seed-city.ts';
import { seedDemo } from '../../src/db/seed.ts';
import type { Deps } from '../../src/deps.ts';
import type { Mail, OutboxAttachment } from '../../src/mail/mailer.ts';
import { BACKENDS, openTestDatabase } from './backends.ts';

export const DEMO_PASSWORD = 'Pipewise-demo-1';
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface RequestOptions {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  /** Send a CSRF cookie and header the server signed, bound to `token`'s session (default true). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

export interface Harness {
  kind: DatabaseKind;
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  config: Config;
  request(opts: RequestOptions): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<TokenPair>;
  /** Access token of a user, cached per harness. */
  token(email: string): Promise<string>;
  /**
   * A CSRF token as GET /api/csrf would answer it: bound to the session of `accessToken` when that verifies,
   * anonymous otherwise.
   */
  csrfToken(accessToken?: string): Promise<string>;
  outbox(): Promise<(Omit<Mail, 'attachments'> & { created_at: string; attachments?: OutboxAttachment[] })[]>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  app?: Partial<BuildAppOptions>;
  seed?: boolean;
  /** Pipes of a demo town to seed for client 1 (off by default: a town costs seconds per file). */
  demoCityPipes?: number;
}

/** Tests run offline, as this machine and CI do: the public default basemaps are unreachable unless a test says. */
const offline: typeof fetch = () => Promise.reject(new TypeError('fetch failed: tests are offline'));

export function useHarness(kind: DatabaseKind, opts: HarnessOptions = {}): Harness {
  const h = {} as Harness;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pw-data-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET,
      PUBLIC_URL: 'http://pipewise.test',
      CONTACT_EMAIL: 'contact@pipewise.test',
      ...opts.env,
    });
    const testDb = await openTestDatabase(kind);
    if (opts.seed !== false) await seedDemo(testDb.database.db, DEMO_PASSWORD);
    if (opts.demoCityPipes) await seedDemoCity(testDb.database.db, { pipes: opts.demoCityPipes });
    const { app, deps } = await buildApp({
      config,
      database: testDb.database,
      basemapFetch: offline,
      ...opts.app,
    });
    await app.ready();
    const tokens = new Map<string, string>();
    // Derived from the same secret as the app's, so the app accepts them (lib/csrf-tokens.ts).
    const csrfTokens = new CsrfTokens(config.jwtSecret);
    const csrfToken = async (accessToken?: string) => {
      const session = accessToken
        ? await deps.tokens.verify(accessToken).then(
            (p) => p.sessionId,
            () => null,
          )
        : null;
      return csrfTokens.issue(session);
    };
    Object.assign(h, {
      kind,
      app,
      deps,
      database: testDb.database,
      config,
      csrfToken,
      request: async ({ method = 'GET', url, token, body, csrf = true, headers = {} }: RequestOptions) => {
        const pair = csrf ? await csrfToken(token) : null;
        return app.inject({
          method,
          url,
          headers: {
            ...(pair ? { cookie: `pw_csrf=${pair}`, 'x-csrf-token': pair } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        });
      },
      async login(email: string, password = DEMO_PASSWORD) {
        const res = await h.request({ method: 'POST', url: '/api/token', body: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
        return res.json<TokenPair>();
      },
      async token(email: string) {
        if (!tokens.has(email)) tokens.set(email, (await h.login(email)).access);
        return tokens.get(email)!;
      },
      async outbox() {
        // Account mails are sent after the answer (lib/background.ts).
        await deps.background.idle();
        const dir = path.join(dataDir, 'outbox');
        // Attachments sit in folders beside the mails' JSON files (mailer.ts).
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.json'))
          .sort();
        return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))));
      },
    });
    dispose = async () => {
      await app.close();
      await testDb.dispose();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => dispose?.());
  return h;
}

/** describe.each over the available backends, with one harness per backend. */
export function forEachBackend(name: string, fn: (h: Harness) => void, opts: HarnessOptions = {}): void {
  describe.each(BACKENDS)(`${name} [%s]`, (kind) => {
    fn(useHarness(kind, opts));
  });
}

export const ADMIN = 'admin@demo.pipewise.local';
export const WORKER = 'worker@demo.pipewise.local';
export const VIEWER = 'viewer@demo.pipewise.local';
export const INSPECTOR = 'inspector@demo.pipewise.local';
export const JP_ADMIN = 'admin@jp.demo.pipewise.local';
export const STAFF = 'staff@pipewise.local';
export const GUEST = 'guest@demo.pipewise.local';
