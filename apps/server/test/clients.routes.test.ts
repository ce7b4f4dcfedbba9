import { expect, it } from 'vitest';
import { clientSchema } from '@pipewise/domain';
import { ADMIN, forEachBackend, JP_ADMIN, STAFF, VIEWER, WORKER } from './helpers/harness.ts';

forEachBackend('client and admin routes', (h) => {
  it('GET /api/clients/current returns the caller client', async () => {
    const res = await h.request({ url: '/api/clients/current', token: await h.token(JP_ADMIN) });
    expect(res.statusCode).toBe(200);
    const client = clientSchema.parse(res.json());
    expect(client).toMatchObject({
      id: 2,
      name: 'デモ水道局 (Japan demo)',
      client_status_type_code: 1,
      is_active: true,
      organization: { name: 'Pipewise Demo' },
      plan_tier: 2,
      details: { locale: 'ja-JP', country: 'JP', grid: false },
    });
    const us = await h.request({ url: '/api/clients/current', token: await h.token(VIEWER) });
    expect(us.json()).toMatchObject({ id: 1, plan_tier: 3, is_paying: true, auth_code: 2 });
    expect(us.json().subscriptions).toHaveLength(8);
  });

  it('GET /api/client-users lists the users of the caller client for administrators only', async () => {
    const res = await h.request({ url: '/api/client-users', token: await h.token(ADMIN) });
    expect(res.statusCode).toBe(200);
    const emails = res.json().users.map((u: { email: string }) => u.email);
    expect(emails).toContain(WORKER);
    expect(emails).not.toContain(JP_ADMIN);
    expect(res.json().users.every((u: { client: { id: number } }) => u.client.id === 1)).toBe(true);

    const jp = await h.request({ url: '/api/client-users', token: await h.token(JP_ADMIN) });
    expect(jp.json().users.map((u: { email: string }) => u.email)).toEqual([JP_ADMIN]);

    for (const email of [WORKER, VIEWER]) {
      const denied = await h.request({ url: '/api/client-users', token: await h.token(email) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
    }
  });

  it('GET /api/users/{id} returns a user of the own client, 404 otherwise, 400 for a bad id', async () => {
    const token = await h.token(VIEWER);
    const own = await h.request({ url: '/api/users/2', token });
    expect(own.statusCode).toBe(200);
    // A colleague who is not an administrator sees the name only (issue 18); an administrator the whole user.
    expect(own.json()).toEqual({ id: 2, full_name: expect.any(String) });
    const full = await h.request({ url: '/api/users/2', token: await h.token(ADMIN) });
    expect(full.json()).toMatchObject({ id: 2, email: WORKER, auth_expiry: null });
    expect((await h.request({ url: '/api/users/999', token })).statusCode).toBe(404);
    const bad = await h.request({ url: '/api/users/abc', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('id');
  });

  it('GET /api/admin/clients lists every client for staff and none for others', async () => {
    const staff = await h.request({ url: '/api/admin/clients', token: await h.token(STAFF) });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().client_entities.map((c: { id: number }) => c.id)).toEqual([1, 2]);
    const admin = await h.request({ url: '/api/admin/clients', token: await h.token(ADMIN) });
    expect(admin.json()).toEqual({ client_entities: [] });
  });

  it('PATCH /api/admin/users/{id}/set-client switches the staff user own client', async () => {
    const token = await h.token(STAFF);
    const notOwn = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/1/set-client',
      token,
      body: { client_entity: 2 },
    });
    expect(notOwn.statusCode).toBe(403);
    const unknown = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/6/set-client',
      token,
      body: { client_entity: 99 },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/6/set-client',
      token,
      body: { client_entity: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const nonStaff = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/1/set-client',
      token: await h.token(ADMIN),
      body: { client_entity: 2 },
    });
    expect(nonStaff.statusCode).toBe(403);

    const ok = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/6/set-client',
      token,
      body: { client_entity: 2 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: 6, client: { id: 2, details: { country: 'JP' } } });
    // The switch applies to the same access token at once.
    const current = await h.request({ url: '/api/clients/current', token });
    expect(current.json().id).toBe(2);
    const back = await h.request({
      method: 'PATCH',
      url: '/api/admin/users/6/set-client',
      token,
      body: { client_entity: 1 },
    });
    expect(back.json().client.id).toBe(1);
  });

  it('GET /api/admin/outbox lists written mails for staff only', async () => {
    await h.request({ method: 'POST', url: '/api/password-reset', body: { email: VIEWER } });
    await h.deps.background.idle(); // the reset mail goes out after the answer (issue 18)
    const res = await h.request({ url: '/api/admin/outbox', token: await h.token(STAFF) });
    expect(res.statusCode).toBe(200);
    expect(res.json().mails[0]).toMatchObject({ to: VIEWER, subject: 'Reset your Pipewise password' });
    expect(res.json().mails[0]).not.toHaveProperty('html');
    const denied = await h.request({ url: '/api/admin/outbox', token: await h.token(ADMIN) });
    expect(denied.statusCode).toBe(403);
    // Issue 37: the read is in the audit log of the client whose user's mail it showed, naming the staff member.
    const audit = await h.request({ url: '/api/admin/clients/1/audit', token: await h.token(ADMIN) });
    const read = audit.json().entries.find((e: { action: string }) => e.action === 'user.outbox_read');
    expect(read).toMatchObject({
      actor_email: STAFF,
      target_type: 'user',
      changes: { subjects: expect.arrayContaining(['Reset your Pipewise password']) },
    });
  });
});
