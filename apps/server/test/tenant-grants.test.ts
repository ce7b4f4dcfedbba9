// Issue 18: tables no tenant owns are out of the tenant role's reach — PostGIS's shared spatial_ref_sys (a bogus
// CRS written there would corrupt every tenant's transforms) and the rate-limit counts of the public calls.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withSystem, withTenant } from '../src/db/database.ts';
import { forEachBackend } from './helpers/harness.ts';

const permissionDenied = (err: Error) => /permission denied/.test(String((err.cause as Error)?.message));

forEachBackend('tenant role grants', (h) => {
  it('the tenant role reads spatial_ref_sys but cannot write it', async () => {
    const read = await withTenant(h.database.db, 1, (tx) =>
      tx.execute(sql`SELECT srid FROM spatial_ref_sys WHERE srid = 4326`),
    );
    expect(read.rows).toEqual([{ srid: 4326 }]);
    for (const write of [
      sql`UPDATE spatial_ref_sys SET proj4text = '+proj=longlat' WHERE srid = 4326`,
      sql`DELETE FROM spatial_ref_sys WHERE srid = 4326`,
      sql`INSERT INTO spatial_ref_sys (srid, auth_name, auth_srid, srtext, proj4text)
          VALUES (990001, 'x', 990001, 'x', '+proj=longlat')`,
    ]) {
      await expect(withTenant(h.database.db, 1, (tx) => tx.execute(write))).rejects.toSatisfy(
        permissionDenied,
      );
    }
  });

  it('the tenant role cannot read or change the rate-limit counts; the system context can', async () => {
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('grants-test', 1, now())`),
    );
    await expect(
      withTenant(h.database.db, 1, (tx) => tx.execute(sql`SELECT key FROM rate_limits`)),
    ).rejects.toSatisfy(permissionDenied);
    await expect(
      withTenant(h.database.db, 1, (tx) => tx.execute(sql`DELETE FROM rate_limits`)),
    ).rejects.toSatisfy(permissionDenied);
  });
});
