import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AccessTokens } from '../src/lib/tokens.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/modules/auth/auth.service.ts';
import { ADMIN, DEMO_PASSWORD, forEachBackend, JWT_SECRET, VIEWER, WORKER } from './helpers/harness.ts';

forEachBackend('auth routes', (h) => {
  it('POST /api/token returns an access and a refresh token', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: ADMIN, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    expect(access.split('.')).toHaveLength(3);
    expect(refresh.length).toBeGreaterThan(20);
    const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe('1');
    expect(claims.client_id).toBe(1);
    expect(claims.exp - claims.iat).toBe(1800);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: ADMIN.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password and an unknown e-mail alike', async () => {
    for (const body of [
      { email: ADMIN, password: 'wrong-password-1' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const res = await h.request({ method: 'POST', url: '/api/token', body });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 401,
        message: 'Incorrect e-mail or password.',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('validates the body with field errors', async () => {
    const res = await h.request({ method: 'POST', url: '/api/token', body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/email/);
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', rule: 'email', message: 'validations.email' },
        { field: 'password', rule: 'required', message: 'validations.required' },
      ]),
    );
  });

  it('answers malformed JSON with 400', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/token',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('refuses an inactive account with 403 ACCOUNT_INACTIVE', async () => {
    await h.database.db.execute(sql`UPDATE users SET is_active = false WHERE email = ${VIEWER}`);
    try {
      const res = await h.request({
        method: 'POST',
        url: '/api/token',
        body: { email: VIEWER, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    } finally {
      await h.database.db.execute(sql`UPDATE users SET is_active = true WHERE email = ${VIEWER}`);
    }
  });

  it('refuses users of a suspended client', async () => {
    await h.database.db.execute(sql`UPDATE clients SET client_status_type_code = 3 WHERE id = 2`);
    try {
      const res = await h.request({
        method: 'POST',
        url: '/api/token',
        body: { email: 'admin@jp.demo.pipewise.local', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    } finally {
      await h.database.db.execute(sql`UPDATE clients SET client_status_type_code = 1 WHERE id = 2`);
    }
  });

  it('rate-limits login to 10 failed attempts per IP and e-mail with a clear 429', async () => {
    const email = 'brute-force@example.com';
    for (let i = 0; i < 10; i++) {
      const res = await h.request({
        method: 'POST',
        url: '/api/token',
        body: { email, password: 'guess-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email, password: 'guess-123' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/Too many login attempts/);
    // Another e-mail from the same IP is a different key.
    const other = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: WORKER, password: DEMO_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts only failed logins: a user who logs in often is never locked out', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await h.request({
        method: 'POST',
        url: '/api/token',
        body: { email: WORKER, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('rotates refresh tokens, forgives a repeat within the grace, and detects reuse after it', async () => {
    const first = await h.login(ADMIN);
    const r1 = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: first.refresh },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh).not.toBe(first.refresh);
    const info = await h.request({ url: '/api/user/info', token: second.access });
    expect(info.statusCode).toBe(200);

    // Presented again at once (a reload lost the answer), it gets a new pair of the same session…
    const again = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: first.refresh },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refresh).not.toBe(second.refresh);

    // …but past the grace, presenting the used token again revokes the whole family…
    await h.database.db.execute(
      sql`UPDATE refresh_tokens SET used_at = now() - ${`${REFRESH_REUSE_GRACE_SECONDS + 1} seconds`}::interval
          WHERE token_hash = ${sha256(first.refresh)}`,
    );
    const reuse = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: first.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_REUSED');
    // …so the newest token of that family no longer works either.
    const after = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: second.refresh },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('REFRESH_INVALID');
  });

  it('answers REFRESH_INVALID for an unknown token and REFRESH_EXPIRED for an old one', async () => {
    const unknown = await h.request({ method: 'POST', url: '/api/token/refresh', body: { refresh: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('REFRESH_INVALID');

    const pair = await h.login(WORKER);
    await h.database.db.execute(
      sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND revoked_at IS NULL AND user_id = 2`,
    );
    const expired = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: pair.refresh },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_EXPIRED');
  });

  it('validates the refresh and revoke bodies', async () => {
    for (const url of ['/api/token/refresh', '/api/token/revoke']) {
      const res = await h.request({ method: 'POST', url, body: { refresh: '' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'refresh', rule: 'required', message: 'validations.required' },
      ]);
    }
  });

  it('revokes the family on logout (204), its access token with it and no other session', async () => {
    const pair = await h.login(ADMIN);
    const other = await h.login(ADMIN);
    expect((await h.request({ url: '/api/user/info', token: pair.access })).statusCode).toBe(200);
    const res = await h.request({
      method: 'POST',
      url: '/api/token/revoke',
      body: { refresh: pair.refresh },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const again = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: pair.refresh },
    });
    expect(again.statusCode).toBe(401);
    // Issue 37: the access token of the ended session worked 30 more minutes.
    const after = await h.request({ url: '/api/user/info', token: pair.access });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'TOKEN_REVOKED',
      message: 'This session has ended. Please log in again.',
    });
    expect((await h.request({ url: '/api/user/info', token: other.access })).statusCode).toBe(200);
    const unknown = await h.request({
      method: 'POST',
      url: '/api/token/revoke',
      body: { refresh: 'unknown' },
    });
    expect(unknown.statusCode).toBe(204);
  });

  it('401s without, with a malformed, a forged or an expired access token', async () => {
    const none = await h.request({ url: '/api/user/info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    const malformed = await h.request({ url: '/api/user/info', headers: { authorization: 'Token abc' } });
    expect(malformed.statusCode).toBe(401);

    const forged = await new AccessTokens('another-secret-another-secret-another-secret').sign(1, 1);
    expect((await h.request({ url: '/api/user/info', token: forged })).statusCode).toBe(401);

    const expired = await new AccessTokens(JWT_SECRET).sign(1, 1, Date.now() - 1801 * 1000);
    const res = await h.request({ url: '/api/user/info', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('403s every unsafe method without a matching CSRF header', async () => {
    const body = { email: ADMIN, password: DEMO_PASSWORD };
    const missing = await h.request({ method: 'POST', url: '/api/token', body, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ status: 403, code: 'CSRF' });
    const mismatch = await h.request({
      method: 'POST',
      url: '/api/token',
      body,
      csrf: false,
      headers: { cookie: 'pw_csrf=a', 'x-csrf-token': 'b' },
    });
    expect(mismatch.statusCode).toBe(403);
    const token = await h.token(ADMIN);
    for (const [method, url] of [
      ['PATCH', '/api/user/information'],
      ['PUT', '/api/user/password'],
      ['POST', '/api/contact-us'],
      ['PATCH', '/api/admin/users/1/set-client'],
    ] as const) {
      const res = await h.request({ method, url, token, body: {}, csrf: false });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });
});
