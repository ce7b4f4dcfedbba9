import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setAuthHandlers } from './api-client.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  let calls: Call[];
  let replies: Response[];
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    calls = [];
    replies = [];
    onUnauthorized.mockReset();
    document.cookie = 'pw_csrf=tok123; Path=/';
    window.history.replaceState(null, '', '/map/lof?x=1');
    setAuthHandlers({ getAccessToken: () => 'acc.ess.token', onUnauthorized });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(replies.shift() ?? json(200, {}));
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  it('uses the current host, converts keys and sends bearer + CSRF on state-changing calls', async () => {
    replies.push(json(200, { time_zone: 'UTC', units: { currency_code: 'USD' } }));
    const out = await api<{ timeZone: string; units: { currencyCode: string } }>(
      'PUT',
      '/api/user/language-timezone',
      {
        timeZone: 'UTC',
        language: 'ja',
      },
    );
    expect(out).toEqual({ timeZone: 'UTC', units: { currencyCode: 'USD' } });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/user/language-timezone');
    expect(JSON.parse(init.body as string)).toEqual({ time_zone: 'UTC', language: 'ja' });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer acc.ess.token');
    expect(headers['X-CSRF-Token']).toBe('tok123');
  });

  it('sends no bearer when auth is false and no CSRF header on GET', async () => {
    await api('GET', '/api/health', undefined, { auth: false });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it('throws ApiError with status, code and camelCased field errors', async () => {
    replies.push(
      json(400, {
        status: 400,
        message: 'Invalid',
        code: 'VALIDATION',
        fields: [{ field: 'current_password', rule: 'required', message: 'validations.required' }],
      }),
    );
    const err = await api('POST', '/api/users', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Invalid', code: 'VALIDATION' });
    expect((err as ApiError).fields).toEqual([
      { field: 'currentPassword', rule: 'required', message: 'validations.required' },
    ]);
  });

  it('gives network failures status 500 (ERR-01)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('GET', '/api/user/info')).rejects.toMatchObject({
      status: 500,
      message: 'Failed to fetch',
    });
  });

  it.each([401, 403])('logs out on %i of an authenticated call (ACC-AUTH-10)', async (status) => {
    replies.push(json(status, { status, message: 'no' }));
    await expect(api('GET', '/api/user/info')).rejects.toMatchObject({ status });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not log out for unauthenticated calls (wrong password at login)', async () => {
    replies.push(json(401, { status: 401, message: 'Incorrect e-mail or password.' }));
    await expect(api('POST', '/api/token', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not log out on the change-password page (ACC-AUTH-11)', async () => {
    window.history.replaceState(null, '', '/user/changePassword');
    replies.push(json(403, { status: 403, message: 'no' }));
    await expect(api('PUT', '/api/user/password', {})).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the session when a demo account is refused an edit (TBD-05)', async () => {
    replies.push(json(403, { status: 403, message: 'Demo accounts are read-only.', code: 'DEMO_READ_ONLY' }));
    await expect(api('PATCH', '/api/user/information', {})).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_READ_ONLY',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('renews a stale CSRF cookie once instead of logging out', async () => {
    replies.push(
      json(403, { status: 403, message: 'CSRF', code: 'CSRF' }),
      json(200, {}),
      json(204, undefined),
    );
    await api('POST', '/api/contact-us', { name: 'x' });
    expect(calls.map((c) => c.url)).toEqual(['/api/contact-us', '/api/csrf', '/api/contact-us']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('renews the CSRF token for the session: the retry asks GET /api/csrf with the bearer (issue 37)', async () => {
    // The server binds the token to the session of the bearer it sees on GET /api/csrf; without it the renewed
    // token would be anonymous and refused again.
    replies.push(
      json(403, { status: 403, message: 'CSRF', code: 'CSRF' }),
      json(200, { csrf_token: 'bound' }),
      json(200, {}),
    );
    await api('PATCH', '/api/user/information', { fullName: 'x' });
    expect(calls.map((c) => c.url)).toEqual(['/api/user/information', '/api/csrf', '/api/user/information']);
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer acc.ess.token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('asks GET /api/csrf without a bearer when there is no session', async () => {
    setAuthHandlers({ getAccessToken: () => null, onUnauthorized });
    replies.push(
      json(403, { status: 403, message: 'CSRF', code: 'CSRF' }),
      json(200, { csrf_token: 'anonymous' }),
      json(200, { access: 'a', refresh: 'r' }),
    );
    await api('POST', '/api/token', { email: 'a@b.c', password: 'p' }, { auth: false });
    expect(calls[1]!.url).toBe('/api/csrf');
    expect(calls[1]!.init.headers).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    replies.push(new Response(null, { status: 204 }));
    await expect(
      api('POST', '/api/token/revoke', { refresh: 'r' }, { auth: false }),
    ).resolves.toBeUndefined();
  });
});
