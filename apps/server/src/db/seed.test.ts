import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachBackend, DEMO_PASSWORD } from '../../test/helpers/harness.ts';
import { seedDemo } from './seed.ts';

forEachBackend('demo seed', (h) => {
  it('creates the US client as 1 and the JP client as 2, with seven users of whom only the guest is in demo mode', async () => {
    const clients = await h.database.db.execute(
      sql`SELECT id, country, registration_code FROM clients ORDER BY id`,
    );
    expect(clients.rows).toEqual([
      { id: 1, country: 'US', registration_code: 'DEMO-US' },
      { id: 2, country: 'JP', registration_code: 'DEMO-JP' },
    ]);
    const users = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM users`);
    expect(users.rows[0]).toEqual({ n: 7 });
    const demo = await h.database.db.execute(sql`SELECT email FROM users WHERE is_demo`);
    expect(demo.rows).toEqual([{ email: 'guest@demo.pipewise.local' }]);
  });

  it('is idempotent, and new clients get ids after the seeded ones', async () => {
    expect(await seedDemo(h.database.db, DEMO_PASSWORD)).toBe(false);
    const next = await h.database.db.execute(
      sql`INSERT INTO clients (name, organization_id) VALUES ('Third', 1) RETURNING id`,
    );
    expect(next.rows[0]).toEqual({ id: 3 });
  });

  it('has PostGIS available for later geometry columns', async () => {
    const res = await h.database.db.execute(sql`SELECT ST_AsText(ST_GeomFromText('POINT(1 2)', 4326)) AS p`);
    expect(res.rows[0]).toEqual({ p: 'POINT(1 2)' });
  });
});
