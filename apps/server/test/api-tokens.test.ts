// Issue 42, API tokens: create, use without CSRF, scopes, role limits, expiry, revocation, hash at rest,
// last_used_at, tenancy, CSRF still for cookie-borne calls, service accounts. Both backends.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ApiToken, ApiTokenCreated } from '@pipewise/domain';
import { sha256 } from '../src/lib/crypto.ts';
import { ADMIN, DEMO_PASSWORD, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER } from './helpers/harness.ts';
import { multipartBody } from './fixtures/imports-api.ts';

const PIPES = new TextEncoder().encode(
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { id: 'P1' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [-122.23, 37.49],
            [-122.229, 37.491],
          ],
        },
      },
    ],
  }),
);

forEachBackend('API tokens', (h) => {
  /** A call as a script makes it: the token as bearer, no cookie, no CSRF header. */
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    h.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as string }),
    });

  const create = async (who: string, body: Record<string, unknown>) =>
    h.request({ method: 'POST', url: '/api/tokens', token: await h.token(who), body });

  const created = async (who: string, body: Record<string, unknown>): Promise<ApiTokenCreated> => {
    const res = await create(who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ApiTokenCreated>();
  };

  const expectCode = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, code });
  };

  const row = async (id: number) =>
    (await h.database.db.execute(sql`SELECT * FROM api_tokens WHERE id = ${id}`)).rows[0]!;

  it('creates a token shown once, lists it without its secret, and uses it without CSRF', async () => {
    const before = Date.now();
    const made = await created(ADMIN, { name: 'nightly import', scopes: ['read', 'import', 'read'] });
    expect(made.token).toMatch(/^pwt_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'nightly import', scopes: ['read', 'import'], last_used_at: null });
    expect(made.prefix).toBe(made.token.slice(0, 8));
    // 90 days by default.
    const days = (Date.parse(made.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const list = await h.request({ url: '/api/tokens', token: await h.token(ADMIN) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token);
    expect(list.json<{ tokens: ApiToken[] }>().tokens.map((t) => t.id)).toContain(made.id);

    const info = await call(made.token, 'GET', '/api/user/info');
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().email).toBe(ADMIN);
    // A script is handed no CSRF cookie.
    expect(info.cookies.find((c) => c.name === 'pw_csrf')).toBeUndefined();
    // An upload (a write of the import API) without any CSRF token.
    const up = await call(made.token, 'POST', '/api/imports/uploads', multipartBody('pipes.geojson', PIPES), {
      'content-type': 'multipart/form-data; boundary=----pipewise-test-boundary',
    });
    expect(up.statusCode, up.body).toBe(200);
    // But not plan: the planner needs 'plan'.
    expectCode(await call(made.token, 'POST', '/api/planner-scenarios', {}), 403, 'TOKEN_SCOPE');
    // Nor any other write ('admin').
    expectCode(
      await call(made.token, 'PATCH', '/api/user/information', { full_name: 'Ada' }),
      403,
      'TOKEN_SCOPE',
    );
  });

  it("a 'read' token reads but may not write; 'plan' reaches the planner; 'admin' opens every write", async () => {
    const read = await created(ADMIN, { name: 'read', scopes: ['read'] });
    expect((await call(read.token, 'GET', '/api/snapshot-groups')).statusCode).toBe(200);
    expectCode(await call(read.token, 'POST', '/api/planner-scenarios', {}), 403, 'TOKEN_SCOPE');
    expectCode(
      await call(read.token, 'POST', '/api/imports/uploads', multipartBody('p.geojson', PIPES), {
        'content-type': 'multipart/form-data; boundary=----pipewise-test-boundary',
      }),
      403,
      'TOKEN_SCOPE',
    );
    expectCode(
      await call(read.token, 'POST', '/api/tokens', { name: 'x', scopes: ['admin'] }),
      403,
      'TOKEN_SCOPE',
    );

    const plan = await created(WORKER, { name: 'plan', scopes: ['read', 'plan'] });
    // Past the scope check: the body is validated (400), not refused.
    expect((await call(plan.token, 'POST', '/api/planner-scenarios', {})).statusCode).toBe(400);
    expectCode(await call(plan.token, 'POST', '/api/imports/uploads', ''), 403, 'TOKEN_SCOPE');

    const admin = await created(ADMIN, { name: 'admin', scopes: ['admin'] });
    const patched = await call(admin.token, 'PATCH', '/api/user/information', { full_name: 'Ada Admin' });
    expect(patched.statusCode, patched.body).toBe(200);
    // 'admin' implies 'read'.
    expect((await call(admin.token, 'GET', '/api/user/info')).statusCode).toBe(200);
    // The account's own security is never open to a token.
    for (const [method, url] of [
      ['PUT', '/api/user/password'],
      ['PUT', '/api/user/two-factor'],
      ['GET', '/api/user/two-factor'],
    ] as const) {
      expectCode(await call(admin.token, method, url, {}), 403, 'TOKEN_SCOPE');
    }
    // An 'admin' token may make tokens (within its user's role).
    const minted = await call(admin.token, 'POST', '/api/tokens', { name: 'minted', scopes: ['read'] });
    expect(minted.statusCode, minted.body).toBe(201);
  });

  it("never gives a token more than its user's role", async () => {
    expect((await create(VIEWER, { name: 'v', scopes: ['read'] })).statusCode).toBe(201);
    for (const scope of ['plan', 'import', 'admin']) {
      expectCode(await create(VIEWER, { name: 'v', scopes: ['read', scope] }), 403, 'FORBIDDEN');
    }
    expect((await create(WORKER, { name: 'w', scopes: ['plan'] })).statusCode).toBe(201);
    expectCode(await create(WORKER, { name: 'w', scopes: ['import'] }), 403, 'FORBIDDEN');
    expectCode(await create(WORKER, { name: 'w', scopes: ['admin'] }), 403, 'FORBIDDEN');
    // For another user, their role counts, not the administrator's.
    const viewerId = (await h.request({ url: '/api/user/info', token: await h.token(VIEWER) })).json().id;
    expectCode(await create(ADMIN, { name: 'v', scopes: ['plan'], user_id: viewerId }), 403, 'FORBIDDEN');
    const forViewer = await created(ADMIN, { name: 'for viewer', scopes: ['read'], user_id: viewerId });
    expect(forViewer.user_id).toBe(viewerId);
    expect((await call(forViewer.token, 'GET', '/api/user/info')).json().email).toBe(VIEWER);
    // Only administrators make tokens for others, or list the client's.
    const adminId = (await h.request({ url: '/api/user/info', token: await h.token(ADMIN) })).json().id;
    expectCode(await create(WORKER, { name: 'w', scopes: ['read'], user_id: adminId }), 403, 'FORBIDDEN');
    expectCode(
      await create(WORKER, { name: 'w', scopes: ['read'], service_account: { name: 's' } }),
      403,
      'FORBIDDEN',
    );
    expectCode(await h.request({ url: '/api/tokens?all=1', token: await h.token(WORKER) }), 403, 'FORBIDDEN');
    // Roles still apply to the token's user: a viewer's token reads what a viewer reads, no more.
    expectCode(await call(forViewer.token, 'GET', '/api/tokens?all=1'), 403, 'FORBIDDEN');
    // Demo accounts are read-only: no tokens.
    const demo = await create(GUEST, { name: 'demo', scopes: ['read'] });
    expectCode(demo, 403, 'DEMO_READ_ONLY');
  });

  it('expires: at most two years ahead, in the future, and refused once past', async () => {
    const far = new Date(Date.now() + 800 * 86_400_000).toISOString();
    expect((await create(ADMIN, { name: 'far', scopes: ['read'], expires_at: far })).statusCode).toBe(400);
    const past = new Date(Date.now() - 1000).toISOString();
    expect((await create(ADMIN, { name: 'past', scopes: ['read'], expires_at: past })).statusCode).toBe(400);
    const soon = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const made = await created(ADMIN, { name: 'a year', scopes: ['read'], expires_at: soon });
    expect(made.expires_at).toBe(soon);
    expect((await call(made.token, 'GET', '/api/user/info')).statusCode).toBe(200);
    await h.database.db.execute(
      sql`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = ${made.id}`,
    );
    expectCode(await call(made.token, 'GET', '/api/user/info'), 401, 'TOKEN_EXPIRED');
  });

  it('revokes: the token stops at once, leaves the list, and both steps are in the audit log', async () => {
    const made = await created(ADMIN, { name: 'to revoke', scopes: ['read'] });
    expect((await call(made.token, 'GET', '/api/user/info')).statusCode).toBe(200);
    const del = await h.request({
      method: 'DELETE',
      url: `/api/tokens/${made.id}`,
      token: await h.token(ADMIN),
    });
    expect(del.statusCode, del.body).toBe(204);
    expectCode(await call(made.token, 'GET', '/api/user/info'), 401, 'TOKEN_REVOKED');
    const list = await h.request({ url: '/api/tokens', token: await h.token(ADMIN) });
    expect(list.json<{ tokens: ApiToken[] }>().tokens.map((t) => t.id)).not.toContain(made.id);
    // Twice is a 404.
    expect(
      (await h.request({ method: 'DELETE', url: `/api/tokens/${made.id}`, token: await h.token(ADMIN) }))
        .statusCode,
    ).toBe(404);
    const audit = await h.database.db.execute(
      sql`SELECT action, target_type, changes FROM admin_audit WHERE changes->>'token_id' = ${String(made.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r['action'])).toEqual(['token.create', 'token.revoke']);
    expect(audit.rows[0]).toMatchObject({
      target_type: 'user',
      changes: { name: 'to revoke', scopes: ['read'] },
    });
  });

  it('keeps only the hash of the secret, and finds a token by it', async () => {
    const made = await created(ADMIN, { name: 'at rest', scopes: ['read'] });
    const stored = await row(made.id);
    expect(stored['token_hash']).toBe(sha256(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token.slice(8));
    expect(stored['prefix']).toBe(made.token.slice(0, 8));
    // A token of the right shape but unknown is refused.
    const forged = `pwt_${'A'.repeat(43)}`;
    expectCode(await call(forged, 'GET', '/api/user/info'), 401, 'UNAUTHORIZED');
  });

  it('writes last_used_at at most once a minute', async () => {
    const made = await created(ADMIN, { name: 'used', scopes: ['read'] });
    expect((await row(made.id))['last_used_at']).toBeNull();
    await call(made.token, 'GET', '/api/user/info');
    const first = (await row(made.id))['last_used_at'];
    expect(first).not.toBeNull();
    await call(made.token, 'GET', '/api/user/info');
    expect((await row(made.id))['last_used_at']).toEqual(first);
    await h.database.db.execute(
      sql`UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = ${made.id}`,
    );
    const aged = (await row(made.id))['last_used_at'];
    await call(made.token, 'GET', '/api/user/info');
    expect(new Date(String((await row(made.id))['last_used_at'])).getTime()).toBeGreaterThan(
      new Date(String(aged)).getTime(),
    );
    const listed = (await h.request({ url: '/api/tokens', token: await h.token(ADMIN) }))
      .json<{ tokens: ApiToken[] }>()
      .tokens.find((t) => t.id === made.id);
    expect(listed?.last_used_at).not.toBeNull();
  });

  it("keeps tokens to their client: another client's token ids are a 404, its lists never show them", async () => {
    const mine = await created(ADMIN, { name: 'client 1', scopes: ['read'] });
    const jp = await h.token(JP_ADMIN);
    expect((await h.request({ method: 'DELETE', url: `/api/tokens/${mine.id}`, token: jp })).statusCode).toBe(
      404,
    );
    const all = await h.request({ url: '/api/tokens?all=1', token: jp });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ tokens: ApiToken[] }>().tokens.map((t) => t.id)).not.toContain(mine.id);
    // Another client's user cannot be the token's user either.
    const adminId = (await h.request({ url: '/api/user/info', token: await h.token(ADMIN) })).json().id;
    expect(
      (
        await h.request({
          method: 'POST',
          url: '/api/tokens',
          token: jp,
          body: { name: 'x', scopes: ['read'], user_id: adminId },
        })
      ).statusCode,
    ).toBe(404);
    // Administrators see every token of their client with its user; a worker's own list has only theirs.
    const workers = await created(WORKER, { name: 'worker’s', scopes: ['read'] });
    const everyone = (await h.request({ url: '/api/tokens?all=1', token: await h.token(ADMIN) })).json<{
      tokens: ApiToken[];
    }>().tokens;
    expect(everyone.find((t) => t.id === workers.id)).toMatchObject({ user_email: WORKER });
    const own = (await h.request({ url: '/api/tokens', token: await h.token(ADMIN) })).json<{
      tokens: ApiToken[];
    }>().tokens;
    expect(own.map((t) => t.id)).not.toContain(workers.id);
    // A worker revokes only their own; an administrator any of the client's.
    expect(
      (await h.request({ method: 'DELETE', url: `/api/tokens/${mine.id}`, token: await h.token(WORKER) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await h.request({ method: 'DELETE', url: `/api/tokens/${workers.id}`, token: await h.token(ADMIN) }))
        .statusCode,
    ).toBe(204);
  });

  it("keeps a token to its client's networks: another client's dataset is a 404 to rename, delete, read by OGC, and not listed", async () => {
    // The reliability bench's isolation matrix does this for every operation; here the few that name a network.
    const made = await h.request({
      method: 'POST',
      url: '/api/datasets',
      token: await h.token(JP_ADMIN),
      body: { name: 'JP network' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const jpId = made.json<{ id: number }>().id;
    const admin = await created(ADMIN, { name: 'admin', scopes: ['admin'] });
    expect((await call(admin.token, 'PUT', `/api/datasets/${jpId}`, { name: 'taken' })).statusCode).toBe(404);
    expect((await call(admin.token, 'DELETE', `/api/datasets/${jpId}`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/ogc/collections/${jpId}-pipes`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/ogc/collections/${jpId}-pipes/items`)).statusCode).toBe(404);
    const mine = (await call(admin.token, 'GET', '/api/datasets')).json<{ datasets: { id: number }[] }>();
    expect(mine.datasets.map((d) => d.id)).not.toContain(jpId);
    // Untouched for its owner.
    const theirs = await h.request({ url: '/api/datasets', token: await h.token(JP_ADMIN) });
    expect(theirs.json<{ datasets: { id: number; name: string }[] }>().datasets).toContainEqual(
      expect.objectContaining({ id: jpId, name: 'JP network' }),
    );
  });

  it('a cookie-borne request keeps the CSRF double submit, with a token or a session', async () => {
    const made = await created(ADMIN, { name: 'cookies', scopes: ['admin'] });
    const body = { full_name: 'Ada Admin' };
    // With any cookie the double submit applies, an API token notwithstanding.
    expectCode(
      await call(made.token, 'PATCH', '/api/user/information', body, { cookie: 'pw_refresh=x' }),
      403,
      'CSRF',
    );
    const csrf = await h.csrfToken();
    const withCsrf = await call(made.token, 'PATCH', '/api/user/information', body, {
      cookie: `pw_csrf=${csrf}`,
      'x-csrf-token': csrf,
    });
    expect(withCsrf.statusCode, withCsrf.body).toBe(200);
    // A session's access token keeps it even without cookies (the browser holding it holds its cookies too).
    expectCode(await call(await h.token(ADMIN), 'PATCH', '/api/user/information', body), 403, 'CSRF');
  });

  it('refuses the token of an inactive user', async () => {
    const viewerId = (await h.request({ url: '/api/user/info', token: await h.token(VIEWER) })).json().id;
    const made = await created(ADMIN, { name: 'inactive', scopes: ['read'], user_id: viewerId });
    await h.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${viewerId}`);
    try {
      expectCode(await call(made.token, 'GET', '/api/user/info'), 403, 'ACCOUNT_INACTIVE');
    } finally {
      await h.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = ${viewerId}`);
    }
  });

  it('makes service accounts that act through tokens and can never log in', async () => {
    const made = await created(ADMIN, {
      name: 'GIS sync',
      scopes: ['read', 'import'],
      service_account: { name: 'GIS nightly sync' },
    });
    expect(made).toMatchObject({ service_account: true, user_name: 'GIS nightly sync' });
    const user = (
      await h.database.db.execute(
        sql`SELECT email, client_id, service_account, permission_group_type_code FROM users WHERE id = ${made.user_id}`,
      )
    ).rows[0]!;
    // Import needs an administrator's role; the account gets the weakest role its scopes need.
    expect(user).toMatchObject({ client_id: 1, service_account: true, permission_group_type_code: 1 });
    const info = await call(made.token, 'GET', '/api/user/info');
    expect(info.json()).toMatchObject({ email: user['email'], full_name: 'GIS nightly sync' });
    for (const password of [DEMO_PASSWORD, '!service-account', '']) {
      const login = await h.request({
        method: 'POST',
        url: '/api/token',
        body: { email: user['email'], password },
      });
      expect(login.statusCode).toBe(password === '' ? 400 : 401);
    }
    const login = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: user['email'], password: DEMO_PASSWORD },
    });
    expectCode(login, 401, 'INVALID_CREDENTIALS');
    const listed = (await h.request({ url: '/api/tokens?all=1', token: await h.token(ADMIN) })).json<{
      tokens: ApiToken[];
    }>().tokens;
    expect(listed.find((t) => t.id === made.id)).toMatchObject({ service_account: true });
  });

  it('declares both schemes in the OpenAPI document, and the query token of /ogc', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth', 'apiToken', 'apiTokenQuery']);
    expect(doc.paths['/api/tokens'].post.security).toEqual([{ bearerAuth: [] }, { apiToken: [] }]);
    // Only GIS clients may put a token in the URL (docs/api-ogc.md).
    expect(doc.components.securitySchemes.apiTokenQuery).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'token',
    });
    expect(doc.paths['/ogc/collections/{collectionId}/items'].get.security).toContainEqual({
      apiTokenQuery: [],
    });
  });
});
