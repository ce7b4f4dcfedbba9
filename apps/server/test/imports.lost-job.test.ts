// An import left `queued` without a job (issue 18: the API died between committing the row and sending the job, or
// the queue lost it) is swept: its job is sent again, or it is failed when its upload is gone; a job sent twice
// imports once.
import { rm } from 'node:fs/promises';
import type { ImportItem } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { JobSend } from '../src/modules/analysis/analysis-queue.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import type { ImportJobData } from '../src/modules/imports/import-queue.ts';
import { resendLostImports } from '../src/modules/imports/lost-imports.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';
import { clientOfImport, mainsCsv, mainsOptions, step, uploadOk } from './fixtures/imports-api.ts';

function recorder() {
  const sent: { queue: string; data: ImportJobData; priority: number | undefined }[] = [];
  const send: JobSend = {
    send: async (queue, data, options) => {
      sent.push({ queue, data: data as ImportJobData, priority: options.priority });
      return null;
    },
  };
  return { sent, send };
}

/** What a lost job looks like: the row is queued and pg-boss has nothing for it. */
const loseJob = (h: Harness, importId: number) =>
  h.database.db.execute(
    sql`DELETE FROM pgboss.job WHERE name = 'import' AND data->>'importId' = ${String(importId)}`,
  );

async function commitNew(h: Harness, token: string, name: string, pipes: number) {
  const up = await uploadOk(h, token, name, mainsCsv(pipes));
  const res = await step(h, token, up.id, 'commit', mainsOptions({ new_group_name: name }));
  expect(res.statusCode).toBe(202);
  const importId = res.json<ImportItem>().id;
  return { importId, clientId: await clientOfImport(h, importId), uploadId: up.id };
}

forEachBackend('imports: a queued import whose job was lost', (h) => {
  it('is sent again, and a job sent twice imports once', async () => {
    const token = await h.token(ADMIN);
    const { importId, clientId, uploadId } = await commitNew(h, token, 'lost.csv', 14);
    const { sent, send } = recorder();
    // Its job waits in the queue: nothing to do.
    expect(await resendLostImports(h.database, send, h.config.dataDir, 0)).toEqual({ resent: 0, failed: 0 });

    await loseJob(h, importId);
    // Younger than the grace the request has to send its job: left alone.
    expect(await resendLostImports(h.database, send, h.config.dataDir, 3600)).toEqual({
      resent: 0,
      failed: 0,
    });
    expect(await resendLostImports(h.database, send, h.config.dataDir, 0)).toEqual({ resent: 1, failed: 0 });
    const path = uploadPath(h.config.dataDir, uploadId);
    expect(sent).toEqual([{ queue: 'import', data: { importId, clientId, path }, priority: -0 }]);

    // The original job turns up after all: both run, one imports.
    const job = { importId, clientId, path };
    const outcomes = await Promise.all([runImport(h.database, job), runImport(h.database, job)]);
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    const done = (await h.request({ url: `/api/imports/${importId}`, token })).json<ImportItem>();
    expect(done).toMatchObject({ status: 'succeeded', imported: 14 });
    const pipes = await h.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pipes WHERE dataset_id = ${done.dataset_id}`,
    );
    expect(Number(pipes.rows[0]!['n'])).toBe(14);
  });

  it('is failed, with what to do, when its upload is gone', async () => {
    const token = await h.token(ADMIN);
    const { importId, uploadId } = await commitNew(h, token, 'gone-lost.csv', 3);
    await loseJob(h, importId);
    await rm(uploadPath(h.config.dataDir, uploadId));
    const { sent, send } = recorder();
    expect(await resendLostImports(h.database, send, h.config.dataDir, 0)).toEqual({ resent: 0, failed: 1 });
    expect(sent).toEqual([]);
    const item = (await h.request({ url: `/api/imports/${importId}`, token })).json<ImportItem>();
    expect(item.status).toBe('failed');
    expect(item.message).toBe(
      'gone-lost.csv: the uploaded file is gone, so this import could not start and nothing was changed; please upload it again',
    );
  });
});
