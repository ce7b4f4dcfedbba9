// pg-boss runs on both backends; on PGlite through the executeSql adapter.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/helpers/harness.ts';
import { startWorker } from '../worker.ts';
import { createBoss } from './boss.ts';
import { HOUSEKEEPING_QUEUE, runHousekeeping } from './housekeeping.ts';

forEachBackend('jobs', (h) => {
  it('starts the worker, registers housekeeping and stops cleanly', async () => {
    const worker = await startWorker(h.database, h.app.log);
    const boss = createBoss(h.database);
    await boss.start();
    const queue = await boss.getQueue(HOUSEKEEPING_QUEUE);
    expect(queue?.name).toBe(HOUSEKEEPING_QUEUE);
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(HOUSEKEEPING_QUEUE);
    // A job sent now is picked up by the running worker.
    const id = await boss.send(HOUSEKEEPING_QUEUE, {});
    await expect
      .poll(async () => (await boss.getJobById(HOUSEKEEPING_QUEUE, id!))?.state, { timeout: 15_000 })
      .toBe('completed');
    await boss.stop({ graceful: false, close: false, wait: true });
    await worker.stop();
  });

  it('housekeeping purges expired refresh tokens and used resets', async () => {
    await h.database.db.execute(sql`
      INSERT INTO refresh_tokens (token_hash, family_id, user_id, client_id, expires_at)
      VALUES ('old', 'f', 1, 1, now() - interval '2 days'), ('fresh', 'g', 1, 1, now() + interval '1 hour')`);
    await h.database.db.execute(sql`
      INSERT INTO password_resets (id, user_id, client_id, expires_at) VALUES ('gone', 1, 1, now() - interval '1 minute')`);
    const purged = await runHousekeeping(h.database);
    expect(purged.refreshTokens).toBeGreaterThanOrEqual(1);
    expect(purged.passwordResets).toBe(1);
    const left = await h.database.db.execute(
      sql`SELECT token_hash FROM refresh_tokens WHERE token_hash IN ('old', 'fresh')`,
    );
    expect(left.rows).toEqual([{ token_hash: 'fresh' }]);
  });
});
