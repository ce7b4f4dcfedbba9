// Issue 18: password spraying (one address, one password, many e-mails) is limited per IP, and the login
// throttle and the per-route limits are counted in the database, so two API processes share one count.
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CsrfTokens } from '../src/lib/csrf-tokens.ts';
import { ADMIN, DEMO_PASSWORD, forEachBackend, JWT_SECRET, type Harness } from './helpers/harness.ts';

// A token the app signed (both apps share the harness's secret); anonymous, as logins carry no bearer.
const token = new CsrfTokens(JWT_SECRET).issue(null);
const CSRF = { cookie: `pw_csrf=${token}`, 'x-csrf-token': token };

/** A login from a given address (inject's remoteAddress: tests do not trust X-Forwarded-For). */
const loginFrom = (app: Harness['app'], ip: string, email: string, password = 'Sprayed-pass-1') =>
  app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: ip,
    headers: CSRF,
    payload: { email, password },
  });

forEachBackend(
  'login limits',
  (h) => {
    it('stops one address trying a password on many accounts, and not the other addresses', async () => {
      for (let i = 0; i < 6; i++) {
        expect((await loginFrom(h.app, '203.0.113.7', `user${i}@example.com`)).statusCode).toBe(401);
      }
      const blocked = await loginFrom(h.app, '203.0.113.7', 'user99@example.com');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Even the right password of a real account waits: the address is blocked, not the account.
      expect((await loginFrom(h.app, '203.0.113.7', ADMIN, DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await loginFrom(h.app, '198.51.100.4', ADMIN, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('a second API process on the same database sees the first one’s misses and limits', async () => {
      const second = await buildApp({
        config: h.config,
        database: h.database,
        loginRateLimit: { max: 3, timeWindowMs: 15 * 60_000, maxPerIp: 6 },
        basemapFetch: () => Promise.reject(new TypeError('tests are offline')),
      });
      await second.app.ready();
      try {
        for (let i = 0; i < 3; i++) {
          expect((await loginFrom(h.app, '192.0.2.1', 'shared@example.com')).statusCode).toBe(401);
        }
        expect((await loginFrom(second.app, '192.0.2.1', 'shared@example.com')).statusCode).toBe(429);

        const reset = (app: Harness['app']) =>
          app.inject({
            method: 'POST',
            url: '/api/password-reset',
            remoteAddress: '192.0.2.2',
            headers: CSRF,
            payload: { email: 'someone@example.com' },
          });
        for (let i = 0; i < 5; i++) expect((await reset(i % 2 ? second.app : h.app)).statusCode).toBe(204);
        expect((await reset(second.app)).statusCode).toBe(429);
        expect((await reset(h.app)).statusCode).toBe(429);
      } finally {
        await second.app.close();
      }
    });
  },
  { app: { loginRateLimit: { max: 3, timeWindowMs: 15 * 60_000, maxPerIp: 6 } } },
);
