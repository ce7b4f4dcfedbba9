// Issue 37, finding 6: the CSRF double submit accepted any equal cookie and header, so a cookie planted from a
// sibling subdomain passed. The token is now signed by the server and bound to the session (plugins/csrf.ts).
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TokenPair } from '@pipewise/domain';
import { CsrfTokens } from '../src/lib/csrf-tokens.ts';
import { AccessTokens } from '../src/lib/tokens.ts';
import { ADMIN, DEMO_PASSWORD, forEachBackend, JWT_SECRET, VIEWER } from './helpers/harness.ts';

forEachBackend('CSRF tokens bound to the session', (h) => {
  /** An unsafe call that needs a session, with the given cookie and header (the header defaults to the cookie). */
  const write = (access: string | undefined, cookie: string | undefined, header = cookie) =>
    h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token: access,
      body: { full_name: 'Ada Admin' },
      csrf: false,
      headers: {
        ...(cookie !== undefined && { cookie: `pw_csrf=${cookie}` }),
        ...(header !== undefined && { 'x-csrf-token': header }),
      },
    });

  /** GET /api/csrf as the web asks it: with the bearer when signed in, with the cookie it holds if any. */
  const fetchToken = async (access?: string, cookie?: string) => {
    const res = await h.request({
      url: '/api/csrf',
      token: access,
      csrf: false,
      headers: cookie === undefined ? {} : { cookie: `pw_csrf=${cookie}` },
    });
    expect(res.statusCode).toBe(200);
    return { token: res.json<{ csrf_token: string }>().csrf_token, set: setCookie(res) };
  };

  const setCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'pw_csrf')?.value;
  const sessionOf = async (access: string) => (await h.deps.tokens.verify(access)).sessionId;
  const expectCsrf403 = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'CSRF' });
  };

  it('refuses a planted, equal but unsigned cookie and header next to a bearer', async () => {
    const { access } = await h.login(ADMIN);
    const res = await write(access, 'planted-by-a-sibling-subdomain');
    expectCsrf403(res);
    // The refusal hands the browser a good token (the web's one retry asks GET /api/csrf, which answers the same).
    const renewed = setCookie(res);
    expect(renewed).toBeDefined();
    expect((await write(access, renewed)).statusCode).toBe(200);
  });

  it('refuses an anonymous token, however well signed, next to a bearer', async () => {
    const anonymous = (await fetchToken()).token;
    // Without a bearer it is good: a login passes with it.
    const login = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: ADMIN, password: DEMO_PASSWORD },
      csrf: false,
      headers: { cookie: `pw_csrf=${anonymous}`, 'x-csrf-token': anonymous },
    });
    expect(login.statusCode).toBe(200);
    expectCsrf403(await write(login.json<TokenPair>().access, anonymous));
  });

  it('refuses a token bound to another session, of the same user or another', async () => {
    const mine = await h.login(ADMIN);
    const other = await h.login(ADMIN);
    const viewer = await h.login(VIEWER);
    expect(await sessionOf(mine.access)).not.toBe(await sessionOf(other.access));
    expectCsrf403(await write(mine.access, (await fetchToken(other.access)).token));
    expectCsrf403(await write(mine.access, (await fetchToken(viewer.access)).token));
  });

  it('refuses a token signed with another key, and a binding moved onto another token', async () => {
    const mine = await h.login(ADMIN);
    const foreign = new CsrfTokens('another-secret-another-secret-another-secret').issue(
      await sessionOf(mine.access),
    );
    expectCsrf403(await write(mine.access, foreign));
    expectCsrf403(await write(undefined, foreign));
    // The binding of my session pasted into a token signed for another one: the MAC no longer matches.
    const [, myBinding] = (await fetchToken(mine.access)).token.split('.');
    const [nonce, , mac] = (await fetchToken((await h.login(ADMIN)).access)).token.split('.');
    expectCsrf403(await write(mine.access, `${nonce}.${myBinding}.${mac}`));
  });

  it('passes a token bound to the session, with the header equal to the cookie', async () => {
    const { access } = await h.login(ADMIN);
    const bound = (await fetchToken(access)).token;
    expect((await write(access, bound)).statusCode).toBe(200);
    expectCsrf403(await write(access, bound, (await fetchToken(access)).token));
    expectCsrf403(await write(access, bound, ''));
  });

  it('passes refresh and logout, which carry no bearer, with any signed token', async () => {
    const pair = await h.login(ADMIN);
    const bound = (await fetchToken(pair.access)).token;
    const noBearer = (url: string, body: unknown, token: string) =>
      h.request({
        method: 'POST',
        url,
        body,
        csrf: false,
        headers: { cookie: `pw_csrf=${token}`, 'x-csrf-token': token },
      });
    const refreshed = await noBearer('/api/token/refresh', { refresh: pair.refresh }, bound);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json<TokenPair>();
    // The session (refresh family) stays the same, so its token still fits the new access token.
    expect(await sessionOf(next.access)).toBe(await sessionOf(pair.access));
    expect((await write(next.access, bound)).statusCode).toBe(200);
    const anonymous = (await fetchToken()).token;
    expect((await noBearer('/api/token/revoke', { refresh: next.refresh }, anonymous)).statusCode).toBe(204);
    // After the logout the browser still holds the session's token; the next login passes with it.
    const login = await noBearer('/api/token', { email: ADMIN, password: DEMO_PASSWORD }, bound);
    expect(login.statusCode).toBe(200);
    // Unsigned is refused there too.
    expectCsrf403(await noBearer('/api/token/refresh', { refresh: next.refresh }, 'planted'));
  });

  it('leaves an expired or forged bearer to the auth check (401, not 403 CSRF)', async () => {
    const pair = await h.login(ADMIN);
    const sid = await sessionOf(pair.access);
    const expired = await new AccessTokens(JWT_SECRET).sign(1, 1, Date.now() - 1801 * 1000, 0, sid);
    const bound = (await fetchToken(pair.access)).token;
    const anonymous = (await fetchToken()).token;
    for (const token of [bound, anonymous]) {
      const res = await write(expired, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    }
    const forged = await new AccessTokens('another-secret-another-secret-another-secret').sign(1, 1);
    expect((await write(forged, anonymous)).statusCode).toBe(401);
  });

  it('GET /api/csrf answers a token bound to the bearer’s session, anonymous without one', async () => {
    const anonymous = await fetchToken();
    expect(anonymous.set).toBe(anonymous.token);
    expect(anonymous.token.split('.')).toHaveLength(3);
    expect(anonymous.token.split('.')[1]).toBe('anon');

    const { access } = await h.login(ADMIN);
    const sid = (await sessionOf(access))!;
    // The browser's anonymous cookie does not do for a session: a bound one replaces it.
    const bound = await fetchToken(access, anonymous.token);
    expect(bound.token).not.toBe(anonymous.token);
    expect(bound.set).toBe(bound.token);
    // The cookie shows a tag of the session, never its id.
    expect(bound.token).not.toContain(sid);
    expect(bound.token.split('.')[1]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Asked again with it, the same token comes back and no cookie is set.
    const again = await fetchToken(access, bound.token);
    expect(again).toEqual({ token: bound.token, set: undefined });
    // Without a bearer any signed token is kept; an unsigned one is replaced.
    expect(await fetchToken(undefined, bound.token)).toEqual({ token: bound.token, set: undefined });
    const planted = await fetchToken(undefined, 'planted');
    expect(planted.token).not.toBe('planted');
    expect(planted.set).toBe(planted.token);
    // Another session's bearer gets its own.
    const other = await fetchToken((await h.login(ADMIN)).access, bound.token);
    expect(other.token).not.toBe(bound.token);
  });

  it('issues a bound cookie on a GET with a bearer that comes without one, or with an anonymous one', async () => {
    const { access } = await h.login(ADMIN);
    const anonymous = (await fetchToken()).token;
    for (const headers of [{}, { cookie: `pw_csrf=${anonymous}` }] as Record<string, string>[]) {
      const res = await h.request({ url: '/api/user/info', token: access, csrf: false, headers });
      expect(res.statusCode).toBe(200);
      const cookie = setCookie(res);
      expect(cookie).toBeDefined();
      expect((await write(access, cookie)).statusCode).toBe(200);
    }
    // A bound one is left as it is.
    const bound = (await fetchToken(access)).token;
    const res = await h.request({
      url: '/api/user/info',
      token: access,
      csrf: false,
      headers: { cookie: `pw_csrf=${bound}` },
    });
    expect(setCookie(res)).toBeUndefined();
  });
});
