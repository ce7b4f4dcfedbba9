// Organisations (staff only), the current client's details (clientinfoentity, its administrators), the staff and
// two-step flags of users, and the paged audit log (issue 17; docs/api-accounts.md "Administration"), on both
// databases.
import { expect, it } from 'vitest';
import {
  adminAuditResponseSchema,
  adminUsersResponseSchema,
  clientInfoSchema,
  organisationClientsSchema,
  organisationListSchema,
  organisationSchema,
} from '@pipewise/domain';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, STAFF, VIEWER, WORKER } from './helpers/harness.ts';

/** A 1×1 transparent PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

forEachBackend('organisations and client details', (h) => {
  it('lists, creates and renames organisations for staff only', async () => {
    for (const email of [ADMIN, WORKER, JP_ADMIN]) {
      const token = await h.token(email);
      expect((await h.request({ url: '/api/admin/organizations', token })).statusCode).toBe(403);
      const post = await h.request({
        method: 'POST',
        url: '/api/admin/organizations',
        token,
        body: { name: 'X' },
      });
      expect(post.statusCode).toBe(403);
    }
    const token = await h.token(STAFF);
    const list = organisationListSchema.parse(
      (await h.request({ url: '/api/admin/organizations', token })).json(),
    );
    const demo = list.organizations.find((o) => o.name === 'Pipewise Demo')!;
    expect(demo.client_count).toBe(2);

    const bad = await h.request({
      method: 'POST',
      url: '/api/admin/organizations',
      token,
      body: { name: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    const created = await h.request({
      method: 'POST',
      url: '/api/admin/organizations',
      token,
      body: { name: 'Valley Utilities' },
    });
    expect(created.statusCode).toBe(201);
    const org = organisationSchema.parse(created.json());
    expect(org).toMatchObject({ name: 'Valley Utilities', client_count: 0 });
    const renamed = await h.request({
      method: 'PATCH',
      url: `/api/admin/organizations/${org.id}`,
      token,
      body: { name: 'Valley Water Group' },
    });
    expect(renamed.json()).toMatchObject({ id: org.id, name: 'Valley Water Group' });
    const unknown = await h.request({
      method: 'PATCH',
      url: '/api/admin/organizations/9999',
      token,
      body: { name: 'Y' },
    });
    expect(unknown.statusCode).toBe(404);

    // A client created in the organisation is listed among its clients, and its users among its users.
    const client = (
      await h.request({
        method: 'POST',
        url: '/api/admin/clients',
        token,
        body: { name: 'Valley East', organization_id: org.id },
      })
    ).json();
    await h.request({
      method: 'POST',
      url: `/api/admin/clients/${client.id}/users`,
      token,
      body: { full_name: 'Eve East', email: 'eve@valley.example', permission_group_type_code: 1 },
    });
    const clients = organisationClientsSchema.parse(
      (await h.request({ url: `/api/organization_clients/${org.id}`, token })).json(),
    );
    expect(clients.client_entities.map((c) => c.name)).toEqual(['Valley East']);
    const users = adminUsersResponseSchema.parse(
      (await h.request({ url: `/api/organization_users/${org.id}`, token })).json(),
    );
    expect(users.users.map((u) => u.email)).toEqual(['eve@valley.example']);
    const demoUsers = (await h.request({ url: `/api/admin/organizations/${demo.id}/users`, token })).json();
    expect(demoUsers.users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([ADMIN, JP_ADMIN]),
    );

    // A rename is in the audit log of each client of the organisation, with who did it and the names.
    await h.request({
      method: 'PATCH',
      url: `/api/admin/organizations/${org.id}`,
      token,
      body: { name: 'Valley Water' },
    });
    const audit = adminAuditResponseSchema.parse(
      (await h.request({ url: `/api/admin/clients/${client.id}/audit`, token })).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: 'client.organisation',
      actor_email: STAFF,
      target_type: 'client',
      target_id: client.id,
      changes: { organization_id: org.id, name: 'Valley Water', previous_name: 'Valley Water Group' },
    });

    for (const url of [`/api/organization_clients/${org.id}`, `/api/organization_users/${org.id}`]) {
      expect((await h.request({ url, token: await h.token(ADMIN) })).statusCode).toBe(403);
      expect((await h.request({ url: url.replace(String(org.id), '9999'), token })).statusCode).toBe(404);
    }
  });

  it('GET /api/clientinfoentity gives every user their client; PUT is for its administrators, audited', async () => {
    const viewer = await h.request({ url: '/api/clientinfoentity', token: await h.token(VIEWER) });
    expect(viewer.statusCode).toBe(200);
    expect(clientInfoSchema.parse(viewer.json())).toMatchObject({ id: 1, require_two_factor: false });
    const jp = (await h.request({ url: '/api/clientinfoentity', token: await h.token(JP_ADMIN) })).json();
    expect(jp.id).toBe(2);

    const change = {
      details: {
        image: PNG,
        street: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        grid: true,
      },
      require_two_factor: false,
    };
    for (const email of [WORKER, VIEWER, GUEST]) {
      const denied = await h.request({
        method: 'PUT',
        url: '/api/clientinfoentity',
        token: await h.token(email),
        body: change,
      });
      expect(denied.statusCode).toBe(403);
    }
    const adminToken = await h.token(ADMIN);
    const res = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: change,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 1,
      details: { image: PNG, street: '1 Main St', city: 'Springfield', zip_code: '62701', grid: true },
    });
    // Only the own client changed.
    expect(
      (await h.request({ url: '/api/clientinfoentity', token: await h.token(JP_ADMIN) })).json().details.grid,
    ).toBe(false);

    const svg = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: { details: { image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' } },
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().fields[0]).toMatchObject({ field: 'details.image', rule: 'image' });
    const huge = `data:image/png;base64,${'A'.repeat(300_000)}`;
    const big = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: { details: { image: huge } },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().fields[0].rule).toBe('size');

    const cleared = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: { details: { image: '' } },
    });
    expect(cleared.json().details.image).toBeNull();

    const audit = adminAuditResponseSchema.parse(
      (await h.request({ url: '/api/admin/clients/1/audit', token: adminToken })).json(),
    );
    const details = audit.entries.filter((e) => e.action === 'client.details');
    expect(details).toHaveLength(2);
    // The image is logged by its size, not its bytes.
    expect(details[1]!.changes).toMatchObject({
      details: { image: `(image, ${PNG.length} characters)`, city: 'Springfield' },
    });
    expect(details[1]!.actor_email).toBe(ADMIN);
  });

  it('only staff give or take staff rights; administrators set two-step sign-in of their users', async () => {
    const adminToken = await h.token(ADMIN);
    const users = (await h.request({ url: '/api/admin/clients/1/users', token: adminToken })).json().users;
    const workerId = users.find((u: { email: string }) => u.email === WORKER).id as number;

    const grant = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${workerId}`,
      token: adminToken,
      body: { is_staff: true },
    });
    expect(grant.statusCode).toBe(403);
    const invite = await h.request({
      method: 'POST',
      url: '/api/admin/clients/1/users',
      token: adminToken,
      body: { full_name: 'S', email: 's@demo.example', permission_group_type_code: 3, is_staff: true },
    });
    expect(invite.statusCode).toBe(403);

    const twoStep = await h.request({
      method: 'PATCH',
      url: `/api/manipulate_user/${workerId}`,
      token: adminToken,
      body: { two_factor_enabled: true },
    });
    expect(twoStep.statusCode).toBe(200);
    expect(twoStep.json()).toMatchObject({ two_factor_enabled: true, is_staff: false, is_active: true });

    const byStaff = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${workerId}`,
      token: await h.token(STAFF),
      body: { is_staff: true, two_factor_enabled: false },
    });
    expect(byStaff.json()).toMatchObject({ is_staff: true, two_factor_enabled: false });
    const listed = (await h.request({ url: '/api/admin/clients/1/users', token: adminToken })).json().users;
    expect(listed.find((u: { id: number }) => u.id === workerId)).toMatchObject({ is_staff: true });
    const staffId = listed.find((u: { email: string }) => u.email === STAFF)?.id as number | undefined;
    if (staffId !== undefined) {
      const self = await h.request({
        method: 'PATCH',
        url: `/api/admin/users/${staffId}`,
        token: await h.token(STAFF),
        body: { is_staff: false },
      });
      expect(self.statusCode).toBe(403);
    }
  });

  it('pages the audit log, newest first, with the total count', async () => {
    const token = await h.token(STAFF);
    const client = (
      await h.request({ method: 'POST', url: '/api/admin/clients', token, body: { name: 'Paged' } })
    ).json();
    for (let i = 1; i <= 4; i++)
      await h.request({
        method: 'PATCH',
        url: `/api/admin/clients/${client.id}`,
        token,
        body: { name: `Paged ${i}` },
      });
    const first = adminAuditResponseSchema.parse(
      (await h.request({ url: `/api/admin/clients/${client.id}/audit?page=1&page_size=2`, token })).json(),
    );
    expect(first.total_count).toBe(5);
    expect(first.entries.map((e) => e.changes['name'])).toEqual(['Paged 4', 'Paged 3']);
    const last = adminAuditResponseSchema.parse(
      (await h.request({ url: `/api/admin/clients/${client.id}/audit?page=3&page_size=2`, token })).json(),
    );
    expect(last.entries.map((e) => e.action)).toEqual(['client.create']);
    const bad = await h.request({ url: `/api/admin/clients/${client.id}/audit?page_size=500`, token });
    expect(bad.statusCode).toBe(400);
  });
});
