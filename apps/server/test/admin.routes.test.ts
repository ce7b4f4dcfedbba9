// Administration of clients and users (issue 17; docs/api-accounts.md "Administration"): the role matrix, the
// invitation flow and the audit log, on both databases.
import { expect, it } from 'vitest';
import { adminAuditResponseSchema, clientSchema, userSchema } from '@pipewise/domain';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, STAFF, VIEWER, WORKER } from './helpers/harness.ts';

const inviteIdOf = (text: string): string => {
  const match = /http:\/\/pipewise\.test\/user\/reset\?id=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
};

forEachBackend('administration routes', (h) => {
  const newClient = {
    name: 'Riverside Water',
    client_status_type_code: 2,
    authorization_expiry: '2027-06-30T00:00:00.000Z',
    subscriptions: ['LOF', 'COF'],
    details: { country: 'de', locale: 'de-DE', city: 'Köln' },
    plan_tier: 3,
  };

  it('POST /api/admin/clients creates a client for staff only, and audits it', async () => {
    for (const email of [ADMIN, WORKER]) {
      const denied = await h.request({
        method: 'POST',
        url: '/api/admin/clients',
        token: await h.token(email),
        body: newClient,
      });
      expect(denied.statusCode).toBe(403);
    }
    const token = await h.token(STAFF);
    const bad = await h.request({ method: 'POST', url: '/api/admin/clients', token, body: { name: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('name');
    const badSub = await h.request({
      method: 'POST',
      url: '/api/admin/clients',
      token,
      body: { name: 'X', subscriptions: ['NOPE'] },
    });
    expect(badSub.statusCode).toBe(400);
    // Issue 38: a country Pipewise has no units, currency or defaults for is refused, naming the field.
    const badCountry = await h.request({
      method: 'POST',
      url: '/api/admin/clients',
      token,
      body: { name: 'X', details: { country: 'USA' } },
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().fields[0]).toMatchObject({ field: 'details.country' });

    const res = await h.request({ method: 'POST', url: '/api/admin/clients', token, body: newClient });
    expect(res.statusCode).toBe(201);
    const client = clientSchema.parse(res.json());
    expect(client).toMatchObject({
      name: 'Riverside Water',
      client_status_type_code: 2,
      is_active: true,
      authorization_expiry: '2027-06-30T00:00:00.000Z',
      organization: { name: 'Riverside Water' },
      subscriptions: ['COF', 'LOF'],
      details: { country: 'DE', locale: 'de-DE', city: 'Köln', street: null },
      // The plan chosen, not "Free plan" by default (issue 38).
      plan_tier: 3,
      is_paying: true,
    });
    const list = await h.request({ url: '/api/admin/clients', token });
    expect(list.json().client_entities.map((c: { id: number }) => c.id)).toContain(client.id);

    const audit = await h.request({ url: `/api/admin/clients/${client.id}/audit`, token });
    const entries = adminAuditResponseSchema.parse(audit.json()).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_email: STAFF,
      action: 'client.create',
      target_type: 'client',
      target_id: client.id,
      changes: { name: 'Riverside Water', subscriptions: ['LOF', 'COF'] },
    });
  });

  it('PATCH /api/admin/clients/{id} (alias manipulate_client) changes a client for staff only', async () => {
    const token = await h.token(STAFF);
    const created = (
      await h.request({ method: 'POST', url: '/api/admin/clients', token, body: { name: 'Lakeside' } })
    ).json();
    expect(created).toMatchObject({
      client_status_type_code: 1,
      subscriptions: [],
      details: { country: 'US' },
    });

    const res = await h.request({
      method: 'PATCH',
      url: `/api/manipulate_client/${created.id}`,
      token,
      body: {
        client_status_type_code: 3,
        is_active: false,
        subscriptions: ['JOB_PLANNER'],
        details: { grid: true },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Lakeside',
      client_status_type_code: 3,
      is_active: false,
      subscriptions: ['JOB_PLANNER'],
      details: { grid: true },
    });
    const cleared = await h.request({
      method: 'PATCH',
      url: `/api/admin/clients/${created.id}`,
      token,
      body: { authorization_expiry: null, name: 'Lakeside Utility' },
    });
    expect(cleared.json()).toMatchObject({ name: 'Lakeside Utility', authorization_expiry: null });

    const unknown = await h.request({
      method: 'PATCH',
      url: '/api/admin/clients/999',
      token,
      body: { name: 'Y' },
    });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await h.request({
      method: 'PATCH',
      url: `/api/admin/clients/${created.id}`,
      token,
      body: { client_status_type_code: 9 },
    });
    expect(badStatus.statusCode).toBe(400);
    const denied = await h.request({
      method: 'PATCH',
      url: '/api/admin/clients/1',
      token: await h.token(ADMIN),
      body: { subscriptions: [] },
    });
    expect(denied.statusCode).toBe(403);
    const audit = (await h.request({ url: `/api/admin/clients/${created.id}/audit`, token })).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual([
      'client.update',
      'client.update',
      'client.create',
    ]);
  });

  it('GET /api/admin/clients/{id}/users (alias client_users) follows the role matrix', async () => {
    const staff = await h.request({ url: '/api/client_users/2', token: await h.token(STAFF) });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().users.map((u: { email: string }) => u.email)).toEqual([JP_ADMIN]);

    const own = await h.request({ url: '/api/admin/clients/1/users', token: await h.token(ADMIN) });
    expect(own.statusCode).toBe(200);
    expect(own.json().users.map((u: { email: string }) => u.email)).toContain(WORKER);
    const other = await h.request({ url: '/api/admin/clients/2/users', token: await h.token(ADMIN) });
    expect(other.statusCode).toBe(404);
    const worker = await h.request({ url: '/api/admin/clients/1/users', token: await h.token(WORKER) });
    expect(worker.statusCode).toBe(403);
    const unknown = await h.request({ url: '/api/admin/clients/999/users', token: await h.token(STAFF) });
    expect(unknown.statusCode).toBe(404);
  });

  it('staff create a user who is invited by mail, sets a password and sees only the client subscriptions', async () => {
    const token = await h.token(STAFF);
    const client = (
      await h.request({ method: 'POST', url: '/api/admin/clients', token, body: newClient })
    ).json();
    const body = {
      full_name: 'Ada Admin',
      email: 'Ada@Riverside.example',
      permission_group_type_code: 1,
      is_inspector: true,
      extension: '42',
      mobile: '+49 170 1234567',
    };
    const res = await h.request({
      method: 'POST',
      url: `/api/admin/clients/${client.id}/users`,
      token,
      body,
    });
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({
      email: 'ada@riverside.example',
      permission_group_type_code: 1,
      permission_group_type_code2: [5],
      extension: '42',
      language: 'de',
      client: { id: client.id },
    });
    const again = await h.request({
      method: 'POST',
      url: `/api/admin/clients/${client.id}/users`,
      token,
      body,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');

    const mail = (await h.outbox()).filter((m) => m.to === 'ada@riverside.example').at(-1)!;
    expect(mail.subject).toBe('Einladung zu Pipewise');
    expect(mail.text).toContain('Riverside Water');
    const set = await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${inviteIdOf(mail.text)}`,
      body: { password: 'River-side-1', password_confirmation: 'River-side-1' },
    });
    expect(set.statusCode).toBe(204);
    const { access } = await h.login('ada@riverside.example', 'River-side-1');
    const me = (await h.request({ url: '/api/user/info', token: access })).json();
    expect(me.subscriptions).toEqual(['COF', 'LOF']);
    expect(me.subscriptions).not.toContain('JOB_PLANNER');

    const audit = (await h.request({ url: `/api/admin/clients/${client.id}/audit`, token: access })).json();
    expect(audit.entries[0]).toMatchObject({ action: 'user.create', target_id: user.id, actor_email: STAFF });
  });

  it('a client administrator creates users of their own client only; others are refused', async () => {
    const body = { full_name: 'Walt Worker', email: 'walt@demo.example', permission_group_type_code: 2 };
    const own = await h.request({
      method: 'POST',
      url: '/api/admin/clients/1/users',
      token: await h.token(ADMIN),
      body,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ client: { id: 1 }, permission_group_type_code2: [] });
    expect((await h.outbox()).some((m) => m.to === 'walt@demo.example')).toBe(true);

    const other = await h.request({
      method: 'POST',
      url: '/api/admin/clients/2/users',
      token: await h.token(ADMIN),
      body: { ...body, email: 'walt2@demo.example' },
    });
    expect(other.statusCode).toBe(404);
    // The address is taken in another tenant, invisible to this administrator: still a 409, not a 500.
    const taken = await h.request({
      method: 'POST',
      url: '/api/admin/clients/2/users',
      token: await h.token(JP_ADMIN),
      body,
    });
    expect(taken.statusCode).toBe(409);
    for (const email of [WORKER, VIEWER, GUEST]) {
      const denied = await h.request({
        method: 'POST',
        url: '/api/admin/clients/1/users',
        token: await h.token(email),
        body: { ...body, email: 'x@demo.example' },
      });
      expect(denied.statusCode).toBe(403);
    }
    const superadmin = await h.request({
      method: 'POST',
      url: '/api/admin/clients/1/users',
      token: await h.token(ADMIN),
      body: { ...body, email: 'y@demo.example', permission_group_type_code: 4 },
    });
    expect(superadmin.statusCode).toBe(400);
  });

  it('PATCH /api/admin/users/{id} (alias manipulate_user) edits users within the role matrix', async () => {
    const adminToken = await h.token(ADMIN);
    const users = (await h.request({ url: '/api/admin/clients/1/users', token: adminToken })).json().users;
    const idOf = (email: string) => users.find((u: { email: string }) => u.email === email).id as number;
    const viewerId = idOf(VIEWER);

    const res = await h.request({
      method: 'PATCH',
      url: `/api/manipulate_user/${viewerId}`,
      token: adminToken,
      body: { is_inspector: true, permission_group_type_code: 2, extension: '7', mobile: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      permission_group_type_code: 2,
      permission_group_type_code2: [5],
      extension: '7',
      mobile: null,
    });
    const off = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${viewerId}`,
      token: adminToken,
      body: { is_inspector: false, permission_group_type_code: 3 },
    });
    expect(off.json()).toMatchObject({ permission_group_type_code: 3, permission_group_type_code2: [] });

    const jpUsers = (await h.request({ url: '/api/client_users/2', token: await h.token(STAFF) })).json()
      .users;
    const jpId = jpUsers[0].id as number;
    const other = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${jpId}`,
      token: adminToken,
      body: { full_name: 'Nope' },
    });
    expect(other.statusCode).toBe(404);
    const staffAccount = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${idOf(STAFF)}`,
      token: adminToken,
      body: { is_active: false },
    });
    expect(staffAccount.statusCode).toBe(403);
    const self = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${idOf(ADMIN)}`,
      token: adminToken,
      body: { permission_group_type_code: 3 },
    });
    expect(self.statusCode).toBe(403);
    const worker = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${viewerId}`,
      token: await h.token(WORKER),
      body: { full_name: 'Nope' },
    });
    expect(worker.statusCode).toBe(403);
    const byStaff = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${jpId}`,
      token: await h.token(STAFF),
      body: { full_name: '山田 花子' },
    });
    expect(byStaff.json()).toMatchObject({ full_name: '山田 花子', client: { id: 2 } });

    const audit = (await h.request({ url: '/api/admin/clients/1/audit', token: adminToken })).json();
    expect(audit.entries.filter((e: { action: string }) => e.action === 'user.update')).toHaveLength(2);
    expect((await h.request({ url: '/api/admin/clients/2/audit', token: adminToken })).statusCode).toBe(404);
    expect(
      (await h.request({ url: '/api/admin/clients/1/audit', token: await h.token(VIEWER) })).statusCode,
    ).toBe(403);
  });

  it('a deactivated user can no longer log in', async () => {
    const adminToken = await h.token(ADMIN);
    const created = (
      await h.request({
        method: 'POST',
        url: '/api/admin/clients/1/users',
        token: adminToken,
        body: { full_name: 'Dee Active', email: 'dee@demo.example', permission_group_type_code: 3 },
      })
    ).json();
    const mail = (await h.outbox()).filter((m) => m.to === 'dee@demo.example').at(-1)!;
    await h.request({
      method: 'PUT',
      url: `/api/forgot-password/${inviteIdOf(mail.text)}`,
      body: { password: 'Dee-active-1', password_confirmation: 'Dee-active-1' },
    });
    await expect(h.login('dee@demo.example', 'Dee-active-1')).resolves.toHaveProperty('access');
    const res = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${created.id}`,
      token: adminToken,
      body: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    await expect(h.login('dee@demo.example', 'Dee-active-1')).rejects.toThrow(/login/);
  });
});
