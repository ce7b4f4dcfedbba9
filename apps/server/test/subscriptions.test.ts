import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { forEachBackend, JP_ADMIN } from './helpers/harness.ts';

// SUB-15: clients on the exception list are not gated; the user's subscriptions say so.
forEachBackend('subscription exemption', (h) => {
  it("gives an exempt client's users every subscription, while the client keeps its own list", async () => {
    const token = await h.token(JP_ADMIN);
    const before = (await h.request({ url: '/api/user/info', token })).json();
    expect(before.subscriptions).toEqual(['COF', 'LOF', 'RUL', 'VP', 'POPULATION']);

    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET subscription_exempt = true WHERE id = 2`),
    );

    const after = (await h.request({ url: '/api/user/info', token })).json();
    expect(after.subscriptions).toEqual([
      'COF',
      'BRE',
      'LOF',
      'RUL',
      'VP',
      'POPULATION',
      'JOB_PLANNER',
      'VIS',
    ]);
    const client = (await h.request({ url: '/api/clients/current', token })).json();
    expect(client).toMatchObject({ subscription_exempt: true, subscriptions: before.subscriptions });
  });
});
