// A failed import can be run again (issue 18): an import killed mid-write is failed by the worker, and the wizard's
// "Try again" queues a new import of the same upload with the same options; only a failed import, only while its
// upload is kept.
import { rm } from 'node:fs/promises';
import type { ImportItem } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTenant } from '../src/db/database.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { failStaleImports } from '../src/modules/imports/staged-version.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { ADMIN, forEachBackend, VIEWER } from './helpers/harness.ts';
import { commitAndRun, commitAndStage, mainsCsv, mainsOptions, uploadOk } from './fixtures/imports-api.ts';

forEachBackend('imports: trying a failed import again', (h) => {
  it('runs an import killed mid-write again, from the same upload and options', async () => {
    const token = await h.token(ADMIN);
    const base = await uploadOk(h, token, 'base.csv', mainsCsv(30));
    const { item: first } = await commitAndRun(
      h,
      token,
      base.id,
      mainsOptions({ new_group_name: 'Retried' }),
    );
    const up = await uploadOk(h, token, 'again.csv', mainsCsv(12));
    const { importId: id, clientId } = await commitAndStage(h, token, up.id, first.snapshot_group_id!);
    await withTenant(h.database.db, clientId, (tx) =>
      tx.execute(sql`UPDATE imports SET status = 'running', heartbeat_at = now() - interval '5 minutes'
                     WHERE id = ${id}`),
    );
    expect(await failStaleImports(h.database, 60_000)).toBe(1);
    expect((await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>().status).toBe('failed');

    const viewer = await h.request({
      method: 'POST',
      url: `/api/imports/${id}/retry`,
      token: await h.token(VIEWER),
    });
    expect(viewer.statusCode).toBe(403);
    const retry = await h.request({ method: 'POST', url: `/api/imports/${id}/retry`, token });
    expect(retry.statusCode).toBe(202);
    const again = retry.json<ImportItem>();
    expect(again).toMatchObject({ status: 'queued', file_name: 'again.csv' });
    expect(again.id).not.toBe(id);
    await runImport(h.database, { importId: again.id, clientId, path: uploadPath(h.config.dataDir, up.id) });
    const done = (await h.request({ url: `/api/imports/${again.id}`, token })).json<ImportItem>();
    expect(done).toMatchObject({
      status: 'succeeded',
      imported: 12,
      snapshot_group_id: first.snapshot_group_id,
    });

    // Only a failed import is run again.
    const twice = await h.request({ method: 'POST', url: `/api/imports/${again.id}/retry`, token });
    expect(twice.statusCode).toBe(409);
  });

  it('answers 410 once the upload is gone', async () => {
    const token = await h.token(ADMIN);
    const base = await uploadOk(h, token, 'gone.csv', mainsCsv(5));
    const { item: first } = await commitAndRun(h, token, base.id, mainsOptions({ new_group_name: 'Gone' }));
    const up = await uploadOk(h, token, 'gone-again.csv', mainsCsv(5));
    const { importId: id, clientId } = await commitAndStage(h, token, up.id, first.snapshot_group_id!);
    await withTenant(h.database.db, clientId, (tx) =>
      tx.execute(sql`UPDATE imports SET status = 'running', heartbeat_at = NULL WHERE id = ${id}`),
    );
    await failStaleImports(h.database, 60_000);
    await rm(uploadPath(h.config.dataDir, up.id));
    const retry = await h.request({ method: 'POST', url: `/api/imports/${id}/retry`, token });
    expect(retry.statusCode).toBe(410);
    expect(retry.json<{ message: string }>().message).toBe(
      'The uploaded file is gone; please upload it again.',
    );
  });
});
