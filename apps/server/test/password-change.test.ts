// Issue 18: a new password ends every other session at once — their refresh tokens and the access tokens they
// still hold (a token version in every access token, checked on each request) — and guesses at the current
// password are limited like logins.
import { expect, it } from 'vitest';
import { forEachBackend, INSPECTOR, WORKER } from './helpers/harness.ts';

const NEW_PASSWORD = 'Changed-pass-9';

forEachBackend('password change ends sessions', (h) => {
  const info = (access: string) => h.request({ url: '/api/user/info', token: access });
  const refresh = (token: string) =>
    h.request({ method: 'POST', url: '/api/token/refresh', body: { refresh: token } });

  it('refuses the access and refresh tokens of every session from before; the changing tab carries on', async () => {
    const laptop = await h.login(WORKER);
    const phone = await h.login(WORKER);
    expect((await info(phone.access)).statusCode).toBe(200);

    const res = await h.request({
      method: 'PUT',
      url: '/api/user/password',
      token: laptop.access,
      body: { current_password: 'Pipewise-demo-1', new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ access: string; refresh: string }>();

    for (const stale of [phone.access, laptop.access]) {
      const r = await info(stale);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
    }
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);

    expect((await info(fresh.access)).statusCode).toBe(200);
    const next = await refresh(fresh.refresh);
    expect(next.statusCode).toBe(200);
    expect((await info(next.json().access)).statusCode).toBe(200);
    expect((await h.login(WORKER, NEW_PASSWORD)).access).toBeTruthy();
  });

  it('a reset by mail also ends the access tokens already handed out', async () => {
    const session = await h.login(INSPECTOR);
    await h.request({ method: 'POST', url: '/api/password-reset', body: { email: INSPECTOR } });
    const mail = (await h.outbox()).filter((m) => m.to === INSPECTOR).at(-1)!;
    const id = /reset\?id=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${id}`,
      body: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    expect((await info(session.access)).statusCode).toBe(401);
  });

  it('limits wrong current passwords to 5 per 15 minutes, even before the right one', async () => {
    const { access } = await h.login(WORKER, NEW_PASSWORD);
    const change = (current: string) =>
      h.request({
        method: 'PUT',
        url: '/api/user/password',
        token: access,
        body: { current_password: current, new_password: 'Another-pass-3' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-x1`)).statusCode).toBe(400);
    const blocked = await change(NEW_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/Too many wrong passwords/);
    expect((await h.login(WORKER, NEW_PASSWORD)).access).toBeTruthy();
  });
});
