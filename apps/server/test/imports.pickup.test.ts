// Issue 41: an import committed through this process's API is taken by its worker at once, not at the worker's next
// poll of the queue (pg-boss polls every 2 s). The worker here polls every 10 minutes, so only the wake can start it.
import type PgBoss from 'pg-boss';
import type { ImportItem } from '@pipewise/domain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createBoss } from '../src/jobs/boss.ts';
import { registerImportJob } from '../src/modules/imports/import.job.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { step, uploadOk } from './fixtures/imports-api.ts';

const CSV = `ID,DIA,YEAR,WKT
P1,150,1970,"LINESTRING(-85.5 38, -85.501 38)"
P2,200,1985,"LINESTRING(-85.501 38, -85.502 38.001)"
`;

forEachBackend('import job pickup', (h) => {
  let boss: PgBoss;
  let stop: () => void;
  beforeAll(async () => {
    boss = createBoss(h.database, { supervise: false, schedule: false, pollingIntervalSeconds: 600 });
    await boss.start();
    stop = await registerImportJob(boss, h.database, h.app.log);
  });
  afterAll(async () => {
    stop?.();
    await boss?.stop({ graceful: false, close: false, wait: true });
  });

  it('takes an import committed over HTTP at once, though its next poll of the queue is minutes away', async () => {
    const wake = vi.spyOn(boss, 'notifyWorker');
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'mains.csv', new TextEncoder().encode(CSV));
    const commit = await step(h, token, up.id, 'commit', {
      layer: 'mains',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'ID', diameter: 'DIA', installYear: 'YEAR' },
      target: { new_group_name: 'Picked up' },
    });
    expect(commit.statusCode).toBe(202);
    const { id } = commit.json<ImportItem>();
    expect(wake).toHaveBeenCalled();
    await expect
      .poll(async () => (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>().status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('succeeded');
    const item = (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>();
    expect(item).toMatchObject({ rows: 2, imported: 2 });
  }, 90_000);
});
