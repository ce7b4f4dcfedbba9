// Repository tier against real PGlite and PostgreSQL.
import { expect, it } from 'vitest';
import { forEachBackend } from '../../../test/helpers/harness.ts';
import { withSystem, withTenant } from '../../db/database.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listUsersOfClient,
  updateUser,
} from './users.repository.ts';

forEachBackend('users repository', (h) => {
  it('stores e-mails lower-case and finds them case-insensitively', async () => {
    const user = await withSystem(h.database.db, (tx) =>
      insertUser(tx, { clientId: 1, email: 'MiXeD@Example.com', passwordHash: 'x', fullName: 'Mixed' }),
    );
    expect(user.email).toBe('mixed@example.com');
    expect(user).toMatchObject({
      country: 'US',
      permissionGroupTypeCode: 3,
      permissionGroupTypeCode2: [],
      units: null,
    });
    const found = await withSystem(h.database.db, (tx) => findUserByEmail(tx, 'MIXED@example.COM'));
    expect(found?.user.id).toBe(user.id);
    expect(found?.client.id).toBe(1);
  });

  it('round-trips arrays and json columns', async () => {
    const units = { segment: 'm', diameter: 'mm', segment_large: 'km' } as const;
    await withTenant(h.database.db, 1, (tx) =>
      updateUser(tx, 4, { units, permissionGroupTypeCode2: [5, 2] }),
    );
    const found = await withTenant(h.database.db, 1, (tx) => findUserById(tx, 4));
    expect(found?.user.units).toEqual(units);
    expect(found?.user.permissionGroupTypeCode2).toEqual([5, 2]);
  });

  it('lists users of a client; under another tenant the same call finds nothing', async () => {
    const own = await withTenant(h.database.db, 2, (tx) => listUsersOfClient(tx, 2));
    expect(own.map((r) => r.user.email)).toEqual(['admin@jp.demo.pipewise.local']);
    const foreign = await withTenant(h.database.db, 1, (tx) => listUsersOfClient(tx, 2));
    expect(foreign).toEqual([]);
    const update = await withTenant(h.database.db, 1, (tx) => updateUser(tx, 5, { fullName: 'x' }));
    expect(update).toBeUndefined();
  });

  it('rejects a duplicate e-mail', async () => {
    await expect(
      withSystem(h.database.db, (tx) =>
        insertUser(tx, {
          clientId: 1,
          email: 'ADMIN@demo.pipewise.local',
          passwordHash: 'x',
          fullName: 'Dup',
        }),
      ),
    ).rejects.toThrow();
  });
});
