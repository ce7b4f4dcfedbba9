// Issue 37: self-registration gave immediate read access to a utility's network with only its organisation code.
// A sign-up now waits, inactive, for an administrator of the client (mailed, deciding in /admin/workflow), unless
// the address is of one of the client's own domains; the demo clients keep their open code ('*').
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { ADMIN, forEachBackend, JP_ADMIN, STAFF, VIEWER } from './helpers/harness.ts';

const PASSWORD = 'Secret-pass-1';

forEachBackend('registration approval', (h) => {
  const register = (email: string, full_name = 'Nora New') =>
    h.request({
      method: 'POST',
      url: '/api/users',
      body: { full_name, email, password: PASSWORD, password_confirmation: PASSWORD, client_code: 'DEMO-US' },
    });
  const signIn = (email: string) =>
    h.request({ method: 'POST', url: '/api/token', body: { email, password: PASSWORD } });
  const usersOf1 = async () =>
    (await h.request({ url: '/api/admin/clients/1/users', token: await h.token(ADMIN) })).json().users as {
      id: number;
      email: string;
      is_active: boolean;
      awaiting_approval: boolean;
    }[];
  const idOf = async (email: string) => (await usersOf1()).find((u) => u.email === email)!.id;
  const mailTo = (to: string, subject: string) =>
    vi.waitFor(
      async () => {
        const mail = (await h.outbox()).find((m) => m.to === to && m.subject.includes(subject));
        if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
        return mail;
      },
      { timeout: 5000 },
    );
  const decide = async (email: string, verb: 'approve' | 'reject', who = ADMIN) =>
    h.request({
      method: 'POST',
      url: `/api/admin/users/${await idOf(email)}/${verb}`,
      token: await h.token(who),
    });

  it('a sign-up waits, cannot sign in, and its client administrators are asked by mail', async () => {
    // The demo client as a utility would run it: its own domain joins, any other address waits.
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET join_domains = '{springfield.gov}' WHERE id = 1`),
    );
    const res = await register('outsider@example.com', 'Olive Outsider');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'outsider@example.com' });

    const login = await signIn('outsider@example.com');
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_PENDING');
    expect(await usersOf1()).toContainEqual(
      expect.objectContaining({ email: 'outsider@example.com', is_active: false, awaiting_approval: true }),
    );
    await mailTo('outsider@example.com', 'waiting for approval');
    const asked = await mailTo(ADMIN, 'New Pipewise registration to approve: Olive Outsider');
    expect(asked.text).toContain('outsider@example.com');
    expect(asked.text).toContain('http://pipewise.test/admin/workflow');
    const audit = (await h.request({ url: '/api/admin/clients/1/audit', token: await h.token(ADMIN) })).json()
      .entries;
    expect(audit[0]).toMatchObject({ action: 'user.register', actor_email: 'outsider@example.com' });
    // Switching it active is not the way: the decision mails the registrant.
    const patch = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${await idOf('outsider@example.com')}`,
      token: await h.token(ADMIN),
      body: { is_active: true },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().code).toBe('AWAITING_APPROVAL');
  });

  it('only an administrator of the client approves; the account then signs in, once decided it stays so', async () => {
    expect((await decide('outsider@example.com', 'approve', VIEWER)).statusCode).toBe(403);
    // Another client's administrator does not see the user at all.
    const foreign = await h.request({
      method: 'POST',
      url: `/api/admin/users/${await idOf('outsider@example.com')}/approve`,
      token: await h.token(JP_ADMIN),
    });
    expect(foreign.statusCode).toBe(404);

    const ok = await decide('outsider@example.com', 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      is_active: true,
      awaiting_approval: false,
      permission_group_type_code: 3,
    });
    expect((await signIn('outsider@example.com')).statusCode).toBe(200);
    const told = await mailTo('outsider@example.com', 'approved');
    expect(told.text).toContain('http://pipewise.test/user/login');
    const twice = await decide('outsider@example.com', 'reject');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REGISTRATION_DECIDED');
  });

  it('a rejected sign-up is deleted and told; the address may register again', async () => {
    await register('second@example.com', 'Sam Second');
    expect((await decide('second@example.com', 'reject', STAFF)).statusCode).toBe(204);
    expect((await usersOf1()).some((u) => u.email === 'second@example.com')).toBe(false);
    expect((await signIn('second@example.com')).json().code).toBe('INVALID_CREDENTIALS');
    await mailTo('second@example.com', 'Your Pipewise registration');
    const audit = (await h.request({ url: '/api/admin/clients/1/audit', token: await h.token(ADMIN) })).json()
      .entries;
    expect(audit[0]).toMatchObject({ action: 'user.reject', changes: { email: 'second@example.com' } });
    expect((await register('second@example.com', 'Sam Second')).statusCode).toBe(202);
    expect((await signIn('second@example.com')).json().code).toBe('ACCOUNT_PENDING');
  });

  it("an address of the client's own domain joins at once, as any address does on the demo's open code", async () => {
    expect((await register('Engineer@Springfield.gov', 'Erin Engineer')).statusCode).toBe(202);
    const login = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: 'Engineer@Springfield.gov', password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    // A subdomain is another mail system: it waits.
    await register('x@mail.springfield.gov');
    expect((await signIn('x@mail.springfield.gov')).json().code).toBe('ACCOUNT_PENDING');
  });

  it('administrators set their join domains; only staff may open the code to any address', async () => {
    const put = async (who: string, join_domains: unknown) =>
      h.request({
        method: 'PUT',
        url: '/api/clientinfoentity',
        token: await h.token(who),
        body: { join_domains },
      });
    const bad = await put(ADMIN, ['springfield.gov', 'not a domain']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'join_domains.1', rule: 'regex' });
    const any = await put(ADMIN, ['*']);
    expect(any.statusCode).toBe(400);
    expect(any.json().fields[0]).toMatchObject({ field: 'join_domains' });
    const ok = await put(ADMIN, ['Springfield.GOV', 'water.springfield.gov', 'springfield.gov']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().join_domains).toEqual(['springfield.gov', 'water.springfield.gov']);
    expect((await put(STAFF, ['*'])).json().join_domains).toEqual(['*']);
  });

  it('administrators see, renew and close the registration code; other users never see it', async () => {
    const info = async (who: string) =>
      (await h.request({ url: '/api/clientinfoentity', token: await h.token(who) })).json();
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET join_domains = '{}' WHERE id = 1`),
    );
    expect((await info(ADMIN)).registration_code).toBe('DEMO-US');
    expect((await info(VIEWER)).registration_code).toBeNull();
    const renew = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: await h.token(ADMIN),
      body: { registration_code: 'new' },
    });
    const code = renew.json().registration_code as string;
    expect(code).toMatch(/^DEMOWA-[A-HJ-NP-Z2-9]{8}$/);
    // The old code no longer finds the client (answered alike, told by mail); the new one does.
    await register('late@example.com', 'Lee Late');
    await vi.waitFor(async () =>
      expect(
        (await h.outbox()).some((m) => m.to === 'late@example.com' && m.text.includes('did not match')),
      ).toBe(true),
    );
    const withNew = await h.request({
      method: 'POST',
      url: '/api/users',
      body: {
        full_name: 'Lee Late',
        email: 'late@example.com',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        client_code: code,
      },
    });
    expect(withNew.statusCode).toBe(202);
    expect((await signIn('late@example.com')).json().code).toBe('ACCOUNT_PENDING');
    const closed = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: await h.token(ADMIN),
      body: { registration_code: null },
    });
    expect(closed.json().registration_code).toBeNull();
  });
});
