// Multi-tenancy proof (ARCHITECTURE.md): a user of client 1 can never reach client 2's rows, whatever the URL,
// and inside the tenant context even a raw SELECT sees only the own client.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withSystem, withTenant } from '../src/db/database.ts';
import { ADMIN, forEachBackend, JP_ADMIN } from './helpers/harness.ts';

const JP_ADMIN_ID = 5;

forEachBackend('tenant isolation', (h) => {
  it('every id-taking endpoint answers 404/403 for another client resource', async () => {
    const token = await h.token(ADMIN);
    const user = await h.request({ url: `/api/users/${JP_ADMIN_ID}`, token });
    expect(user.statusCode).toBe(404);
    const setClient = await h.request({
      method: 'PATCH',
      url: `/api/admin/users/${JP_ADMIN_ID}/set-client`,
      token,
      body: { client_entity: 1 },
    });
    expect(setClient.statusCode).toBe(403);
    const users = await h.request({ url: '/api/client-users', token });
    expect(users.json().users.map((u: { id: number }) => u.id)).not.toContain(JP_ADMIN_ID);
    // And the other way round.
    const jp = await h.request({ url: '/api/users/1', token: await h.token(JP_ADMIN) });
    expect(jp.statusCode).toBe(404);
  });

  it('a raw SELECT in the tenant context returns only the own client rows', async () => {
    const seen = await withTenant(h.database.db, 1, async (tx) => ({
      users: (await tx.execute(sql`SELECT id, client_id FROM users`)).rows,
      jpUser: (await tx.execute(sql`SELECT id FROM users WHERE id = ${JP_ADMIN_ID}`)).rows,
      clients: (await tx.execute(sql`SELECT id FROM clients`)).rows,
      role: (await tx.execute(sql`SELECT current_user AS role`)).rows[0],
    }));
    expect(seen.role).toEqual({ role: 'pipewise_app' });
    expect(seen.users.length).toBeGreaterThan(0);
    expect(seen.users.every((r) => r['client_id'] === 1)).toBe(true);
    expect(seen.jpUser).toEqual([]);
    expect(seen.clients).toEqual([{ id: 1 }]);
  });

  it('the tenant context cannot write rows of another client', async () => {
    const updated = await withTenant(h.database.db, 1, (tx) =>
      tx.execute(sql`UPDATE users SET full_name = 'hacked' WHERE id = ${JP_ADMIN_ID} RETURNING id`),
    );
    expect(updated.rows).toEqual([]);
    await expect(
      withTenant(h.database.db, 1, (tx) => tx.execute(sql`UPDATE users SET client_id = 2 WHERE id = 1`)),
    ).rejects.toSatisfy((err: Error) => /row-level security/.test(String((err.cause as Error)?.message)));
  });

  it('the tenant role may read but not change organisations', async () => {
    const read = await withTenant(h.database.db, 1, (tx) => tx.execute(sql`SELECT name FROM organisations`));
    expect(read.rows).toEqual([{ name: 'Pipewise Demo' }]);
    await expect(
      withTenant(h.database.db, 1, (tx) => tx.execute(sql`UPDATE organisations SET name = 'x'`)),
    ).rejects.toSatisfy((err: Error) => /permission denied/.test(String((err.cause as Error)?.message)));
  });

  it('without a client set, the tenant role sees nothing; the system context sees everything', async () => {
    const none = await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE pipewise_app`);
      return (await tx.execute(sql`SELECT id FROM users`)).rows;
    });
    expect(none).toEqual([]);
    const all = await withSystem(
      h.database.db,
      async (tx) => (await tx.execute(sql`SELECT DISTINCT client_id FROM users ORDER BY 1`)).rows,
    );
    expect(all).toEqual([{ client_id: 1 }, { client_id: 2 }]);
  });

  it('the tenant role and settings do not leak out of the transaction', async () => {
    await withTenant(h.database.db, 2, async () => undefined);
    const after = await h.database.db.execute(
      sql`SELECT current_user AS role, NULLIF(current_setting('app.client_id', true), '') AS client`,
    );
    expect(after.rows[0]).toMatchObject({ client: null });
    expect(after.rows[0]!['role']).not.toBe('pipewise_app');
  });
});
