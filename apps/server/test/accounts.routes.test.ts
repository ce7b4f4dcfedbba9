import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { ADMIN, DEMO_PASSWORD, forEachBackend, JP_ADMIN } from './helpers/harness.ts';

const resetIdOf = (text: string): string => {
  const match = /http:\/\/pipewise\.test\/user\/reset\?id=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
};

forEachBackend('account routes', (h) => {
  const register = (body: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/users', body });
  const newUser = {
    full_name: 'Nora New',
    email: 'nora@example.com',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    client_code: 'DEMO-US',
  };

  it('POST /api/users registers a viewer in the client of the code and sends a welcome mail', async () => {
    const res = await register(newUser);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'nora@example.com' });
    const token = (await h.login('nora@example.com', 'Secret-pass-1')).access;
    const me = (await h.request({ url: '/api/user/info', token })).json();
    expect(me).toMatchObject({
      permission_group_type_code: 3,
      client: { id: 1 },
      language: 'en',
      is_demo: false,
    });
    const mail = (await h.outbox()).find((m) => m.to === 'nora@example.com');
    expect(mail?.subject).toBe('Welcome to Pipewise');
  });

  it('registers with DEMO-JP in Japanese by default', async () => {
    const res = await register({ ...newUser, email: 'hanako@example.jp', client_code: 'DEMO-JP' });
    expect(res.statusCode).toBe(202);
    const mail = (await h.outbox()).find((m) => m.to === 'hanako@example.jp');
    expect(mail?.subject).toBe('Pipewise へようこそ');
  });

  it('answers a taken e-mail of any client as a new one, and tells the owner by mail', async () => {
    // Issue 18: a 409 told anyone holding a client code which addresses have an account, in any client.
    const before = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM users`);
    for (const email of [ADMIN.toUpperCase(), JP_ADMIN]) {
      const taken = await register({ ...newUser, email });
      expect(taken.statusCode, email).toBe(202);
      expect(taken.json()).toEqual({ email });
    }
    const after = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM users`);
    expect(after.rows).toEqual(before.rows);
    const told = (await h.outbox()).filter((m) => m.to === ADMIN || m.to === JP_ADMIN);
    expect(told.map((m) => m.subject).sort()).toEqual([
      'Pipewise アカウントについて',
      'Your Pipewise account',
    ]);
    expect(told[0]!.text).toContain('http://pipewise.test/user/login');
    // The owner's password is untouched.
    await expect(h.login(ADMIN, DEMO_PASSWORD)).resolves.toHaveProperty('access');
  });

  it('answers an unknown code as a known one and tells the address by mail; rejects weak passwords', async () => {
    // Issue 37: "Unknown client code." let codes be probed. The same 202, no account, a mail to the address.
    const code = await register({ ...newUser, email: 'x1@example.com', client_code: 'NOPE' });
    expect(code.statusCode).toBe(202);
    expect(code.json()).toEqual({ email: 'x1@example.com' });
    await vi.waitUntil(async () => (await h.outbox()).some((m) => m.to === 'x1@example.com'), {
      timeout: 10_000,
    });
    const told = (await h.outbox()).find((m) => m.to === 'x1@example.com')!;
    expect(told.subject).toBe('Your Pipewise registration');
    expect(told.text).toContain('did not match any organisation');
    expect(told.text).toContain('http://pipewise.test/user/register');
    expect(
      (
        await h.request({
          method: 'POST',
          url: '/api/token',
          body: { email: 'x1@example.com', password: newUser.password },
        })
      ).statusCode,
    ).toBe(401);
    const weak = await register({
      ...newUser,
      email: 'x2@example.com',
      password: 'abcdefgh',
      password_confirmation: 'x',
    });
    expect(weak.statusCode).toBe(400);
    const rules = weak.json().fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining(['password:password', 'password_confirmation:password_confirmation']),
    );
  });

  it('password reset: 204 always, mails a 1-hour single-use link that revokes sessions', async () => {
    const unknown = await h.request({
      method: 'POST',
      url: '/api/password-reset',
      body: { email: 'ghost@example.com' },
    });
    expect(unknown.statusCode).toBe(204);

    const session = await h.login(JP_ADMIN);
    const res = await h.request({ method: 'POST', url: '/api/password-reset', body: { email: JP_ADMIN } });
    expect(res.statusCode).toBe(204);
    const mail = (await h.outbox()).filter((m) => m.to === JP_ADMIN).at(-1)!;
    expect(mail.subject).toBe('Pipewise パスワードの再設定');
    expect(mail.html).toContain('<a href="http://pipewise.test/user/reset?id=');
    const id = resetIdOf(mail.text);

    const mismatch = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${id}`,
      body: { password: 'Brand-new-1', password_confirmation: 'Brand-new-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    const ok = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${id}`,
      body: { password: 'Brand-new-1', password_confirmation: 'Brand-new-1' },
    });
    expect(ok.statusCode).toBe(204);
    await expect(h.login(JP_ADMIN, 'Brand-new-1')).resolves.toHaveProperty('access');
    const old = await h.request({
      method: 'POST',
      url: '/api/token/refresh',
      body: { refresh: session.refresh },
    });
    expect(old.statusCode).toBe(401);

    const reused = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${id}`,
      body: { password: 'Brand-new-3', password_confirmation: 'Brand-new-3' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('RESET_INVALID');
  });

  it('a used reset link voids the older ones of the account', async () => {
    // Issue 18: an older link still worked after a newer one had set the password.
    for (let i = 0; i < 2; i++) {
      await h.request({ method: 'POST', url: '/api/password-reset', body: { email: JP_ADMIN } });
    }
    const [older, newer] = (await h.outbox())
      .filter((m) => m.to === JP_ADMIN)
      .slice(-2)
      .map((m) => resetIdOf(m.text));
    const use = (id: string, password: string) =>
      h.request({
        method: 'PUT',
        url: `/api/forgot-password/${id}`,
        body: { password, password_confirmation: password },
      });
    expect((await use(newer!, 'Newest-pass-1')).statusCode).toBe(204);
    const stale = await use(older!, 'Older-pass-1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('RESET_INVALID');
    await expect(h.login(JP_ADMIN, 'Newest-pass-1')).resolves.toHaveProperty('access');
  });

  it('password reset honours the requested language and expires after an hour', async () => {
    await h.request({ method: 'POST', url: '/api/password-reset', body: { email: ADMIN, language: 'fr' } });
    const mail = (await h.outbox()).filter((m) => m.to === ADMIN).at(-1)!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Pipewise');
    await h.database.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const res = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${resetIdOf(mail.text)}`,
      body: { password: 'Brand-new-1', password_confirmation: 'Brand-new-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_INVALID');
    await expect(h.login(ADMIN, DEMO_PASSWORD)).resolves.toHaveProperty('access');
  });

  it('password reset validates the e-mail', async () => {
    const res = await h.request({ method: 'POST', url: '/api/password-reset', body: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'email', rule: 'email' });
  });

  it('POST /api/contact-us stores the message and mails CONTACT_EMAIL, with or without a token', async () => {
    const body = { name: 'Pat', email: 'pat@example.com', subject: 'Hello', message: 'Can I get a demo?' };
    expect((await h.request({ method: 'POST', url: '/api/contact-us', body })).statusCode).toBe(204);
    const token = await h.token(ADMIN);
    expect((await h.request({ method: 'POST', url: '/api/contact-us', body, token })).statusCode).toBe(204);
    const rows = await h.database.db.execute(sql`SELECT client_id FROM contact_messages ORDER BY id`);
    expect(rows.rows.map((r) => r['client_id'])).toEqual([null, 1]);
    const mail = (await h.outbox()).find((m) => m.to === 'contact@pipewise.test');
    expect(mail?.subject).toBe('[Pipewise contact] Hello');
    const bad = await h.request({ method: 'POST', url: '/api/contact-us', body: { ...body, message: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'message', rule: 'required' });
  });

  it('limits mail-sending calls per IP (and e-mail) with 429 RATE_LIMITED', async () => {
    const body = { email: 'bomb@example.com' };
    for (let i = 0; i < 5; i++) {
      expect((await h.request({ method: 'POST', url: '/api/password-reset', body })).statusCode).toBe(204);
    }
    const blocked = await h.request({ method: 'POST', url: '/api/password-reset', body });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/Too many reset requests/);

    const contact = { name: 'Spam', email: 'spam@example.com', subject: 'Hi', message: 'Hi' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await h.request({ method: 'POST', url: '/api/contact-us', body: contact })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
