// Issue 37: the server binds the CSRF token to the session, so a new session asks for its own token at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { completeLogin, login, useSession } from './index.ts';

/** The Authorization header of each GET /api/csrf, in order (undefined = anonymous). */
function csrfBearers(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/csrf')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.Authorization);
}

describe('signing in fetches a CSRF token bound to the new session', () => {
  beforeEach(resetAppState);
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('after a password sign-in', async () => {
    const api = mockApi({
      'POST /api/token': { body: { access: 'access-1', refresh: 'refresh-1' } },
      'GET /api/user/info': { body: testUser() },
    });
    await login('ada@example.com', 'right-pass1');
    // The login itself with an anonymous token, then the session's own, asked with its bearer.
    expect(csrfBearers(api.fetchMock)).toEqual([undefined, 'Bearer access-1']);
  });

  it('after the mailed code completes a two-step sign-in', async () => {
    const api = mockApi({
      'POST /api/check_identity': { body: { access: 'access-2', refresh: 'refresh-2' } },
      'GET /api/user/info': { body: testUser() },
    });
    await completeLogin('chal-1', '123456');
    expect(csrfBearers(api.fetchMock).at(-1)).toBe('Bearer access-2');
  });
});
