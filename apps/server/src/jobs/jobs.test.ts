// pg-boss runs on both backends; on PGlite through the executeSql adapter.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forEachBackend } from '../../test/helpers/harness.ts';
import { startWorker } from '../worker.ts';
import { createBoss, ensureQueue } from './boss.ts';
import { uploadPath } from '../modules/imports/upload-files.ts';
import { exportsDir } from '../modules/exports/export-file.job.ts';
import { EXPORT_RETENTION_DAYS, HOUSEKEEPING_QUEUE, runHousekeeping } from './housekeeping.ts';

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

  it('housekeeping deletes week-old uploads and their files, keeping recent ones and those of running imports', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pw-housekeeping-'));
    await mkdir(path.join(dataDir, 'uploads'));
    for (const id of ['old', 'recent', 'running']) await writeFile(uploadPath(dataDir, id), 'x');
    await h.database.db.execute(sql`
      INSERT INTO uploads (id, client_id, user_id, file_name, size, format, layers, created_at) VALUES
        ('old', 1, 1, 'a.geojson', 1, 'geojson', '[]', now() - interval '8 days'),
        ('recent', 1, 1, 'b.geojson', 1, 'geojson', '[]', now() - interval '1 day'),
        ('running', 1, 1, 'c.geojson', 1, 'geojson', '[]', now() - interval '8 days')`);
    await h.database.db.execute(sql`
      INSERT INTO imports (client_id, user_id, type, upload_id, file_name, format, status, options)
      VALUES (1, 1, 'assets', 'running', 'c.geojson', 'geojson', 'running', '{}')`);
    const purged = await runHousekeeping(h.database, dataDir);
    expect(purged.uploads).toBe(1);
    expect(existsSync(uploadPath(dataDir, 'old'))).toBe(false);
    expect(existsSync(uploadPath(dataDir, 'recent'))).toBe(true);
    expect(existsSync(uploadPath(dataDir, 'running'))).toBe(true);
    const left = await h.database.db.execute(sql`SELECT id FROM uploads ORDER BY id`);
    expect(left.rows.map((r) => r['id'])).toEqual(['recent', 'running']);
  });

  it('housekeeping deletes export files past their retention, rows and files, and keeps newer ones', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pw-housekeeping-exports-'));
    await mkdir(path.join(exportsDir(dataDir), '1'), { recursive: true });
    for (const f of ['1/old.gpkg', '1/new.gpkg']) await writeFile(path.join(exportsDir(dataDir), f), 'x');
    await h.database.db.execute(sql`
      INSERT INTO export_files (client_id, user_id, kind, format, title, status, file, created_at) VALUES
        (1, 1, 'lof', 'gpkg', 'old', 'ready', '1/old.gpkg',
          now() - make_interval(days => ${EXPORT_RETENTION_DAYS + 1})),
        (1, 1, 'lof', 'gpkg', 'new', 'ready', '1/new.gpkg', now() - interval '1 day')`);
    const purged = await runHousekeeping(h.database, dataDir);
    expect(purged.exportFiles).toBe(1);
    expect(existsSync(path.join(exportsDir(dataDir), '1/old.gpkg'))).toBe(false);
    expect(existsSync(path.join(exportsDir(dataDir), '1/new.gpkg'))).toBe(true);
    const left = await h.database.db.execute(
      sql`SELECT title FROM export_files WHERE title IN ('old', 'new')`,
    );
    expect(left.rows).toEqual([{ title: 'new' }]);
  });

  it("creates queues from two pg-boss instances at once, as the API's first job and the worker's start do", async () => {
    // Plain createQueue deadlocked on PostgreSQL here (40P01 to 128 of 160 creations, two instances × six queues).
    const [a, b] = [createBoss(h.database), createBoss(h.database)];
    for (const boss of [a, b]) {
      boss.on('error', () => undefined);
      await boss.start();
    }
    const names = Array.from({ length: 6 }, (_, i) => `two-starts-${i}`);
    await Promise.all([...names.map((n) => ensureQueue(a, n)), ...names.map((n) => ensureQueue(b, n))]);
    for (const n of names) expect((await a.getQueue(n))?.name).toBe(n);
    for (const boss of [a, b]) await boss.stop({ graceful: false, close: false, wait: true });
  });
});

describe('ensureQueue', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('tries a deadlocked creation again, and gives up on any other error at once', async () => {
    let calls = 0;
    await ensureQueue(
      {
        createQueue: async () => {
          if (++calls < 3) throw deadlock;
        },
      },
      'q',
    );
    expect(calls).toBe(3);
    let other = 0;
    const refused = ensureQueue(
      {
        createQueue: async () => {
          other++;
          throw Object.assign(new Error('permission denied'), { code: '42501' });
        },
      },
      'q',
    );
    await expect(refused).rejects.toThrow('permission denied');
    expect(other).toBe(1);
  });

  it('stops after eight deadlocks in a row, and a failure does not block the next creation', async () => {
    let calls = 0;
    const always = {
      createQueue: async () => {
        calls++;
        throw deadlock;
      },
    };
    await expect(ensureQueue(always, 'q')).rejects.toThrow('deadlock');
    expect(calls).toBe(8);
    await expect(ensureQueue({ createQueue: async () => undefined }, 'r')).resolves.toBeUndefined();
  });
});
