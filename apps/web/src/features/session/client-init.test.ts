import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as pageExit from '../../lib/page-exit.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { fakeJwt } from '../../test/jwt.ts';
import { clientInit } from './client-init.ts';
import { USER_INFO_KEY } from './api/get-user-info.ts';
import { useSession } from './state.ts';

const NOW = 1_800_000_000_000;
const token = (secondsLeft: number) => fakeJwt({ sub: '1', exp: NOW / 1000 + secondsLeft });

describe('clientInit (ACC-AUTH-08)', () => {
  let userInfo: Response;
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(url === '/api/user/info' ? userInfo : new Response(null, { status: 204 })),
  );
  const navigate = vi.fn();

  beforeEach(() => {
    document.cookie = 'pw_csrf=; Max-Age=0; Path=/';
    fetchMock.mockClear();
    navigate.mockReset();
    setNavigator(navigate);
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/map/lof');
    queryClient.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setNavigator(null);
    useSession.getState().clear();
  });

  it('asks for the CSRF cookie first; without a token it is a guest', async () => {
    await expect(clientInit(() => NOW)).resolves.toBe('guest');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/csrf');
  });

  it('logs out a stored token that has already expired (ACC-AUTH-13)', async () => {
    useSession.getState().setTokens({ access: token(-1), refresh: 'r' });
    await expect(clientInit(() => NOW)).resolves.toBe('expired');
    expect(useSession.getState().accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fmap%2Flof', { replace: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain('/api/user/info');
  });

  it('loads the user for a valid token', async () => {
    userInfo = new Response(JSON.stringify({ id: 1, full_name: 'Alex' }), { status: 200 });
    useSession.getState().setTokens({ access: token(600), refresh: 'r' });
    await expect(clientInit(() => NOW)).resolves.toBe('ready');
    expect(queryClient.getQueryData(USER_INFO_KEY)).toEqual({ id: 1, fullName: 'Alex' });
  });

  it.each([401, 500])('a %i on the user info goes to login (ACC-AUTH-09/12)', async (status) => {
    userInfo = new Response(JSON.stringify({ status, message: 'x' }), { status });
    useSession.getState().setTokens({ access: token(600), refresh: 'r' });
    await expect(clientInit(() => NOW)).resolves.toBe('failed');
    expect(useSession.getState().accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fmap%2Flof', { replace: true });
  });

  it('keeps the session when leaving the page (a reload, ERR-03, a navigation) cut the user info call off', async () => {
    vi.spyOn(pageExit, 'isLeavingPage').mockReturnValue(true);
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response(null, { status: 204 })));
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    useSession.getState().setTokens({ access: token(600), refresh: 'r' });
    await expect(clientInit(() => NOW)).resolves.toBe('failed');
    expect(useSession.getState().accessToken).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('judges expiry on the local session end recorded at login, not the absolute exp claim', async () => {
    userInfo = new Response(JSON.stringify({ id: 1 }), { status: 200 });
    // Server clock 10 min ahead of ours: exp looks 40 min away, but 30 min have passed locally.
    useSession.setState({
      accessToken: fakeJwt({ iat: NOW / 1000 + 600, exp: NOW / 1000 + 2400 }),
      refreshToken: 'r',
    });
    useSession.setState({ expiresAt: NOW - 1 });
    await expect(clientInit(() => NOW)).resolves.toBe('expired');
  });
});
