import { expect, it } from 'vitest';
import { forEachBackend, GUEST, VIEWER } from './helpers/harness.ts';

// CHECKLIST TBD-05: a demo-mode account is shared, so it may look but not change the account.
forEachBackend('demo-mode accounts', (h) => {
  const edits = [
    ['PATCH', '/api/user/information', { full_name: 'Changed' }],
    ['PATCH', '/api/user/receive-emails', { receive_emails: false }],
    ['PUT', '/api/user/application-settings', { grid: true }],
    ['PUT', '/api/user/password', { current_password: 'Pipewise-demo-1', new_password: 'Another-pass-2' }],
    // Issue 18: one visitor's language or time zone would become every visitor's.
    ['PUT', '/api/user/language-timezone', { time_zone: 'Asia/Tokyo', locale: 'ja-JP', language: 'ja' }],
  ] as const;

  it('are refused every account edit with DEMO_READ_ONLY, and nothing changes', async () => {
    const token = await h.token(GUEST);
    const before = (await h.request({ url: '/api/user/info', token })).json();
    expect(before.is_demo).toBe(true);
    for (const [method, url, body] of edits) {
      const res = await h.request({ method, url, token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'DEMO_READ_ONLY' });
    }
    expect((await h.request({ url: '/api/user/info', token })).json()).toEqual(before);
    await expect(h.login(GUEST, 'Another-pass-2')).rejects.toThrow();
  });

  it('leave ordinary demo-utility users free to edit', async () => {
    const token = await h.token(VIEWER);
    const res = await h.request({
      method: 'PUT',
      url: '/api/user/application-settings',
      token,
      body: { grid: true },
    });
    expect(res.statusCode).toBe(200);
  });
});
