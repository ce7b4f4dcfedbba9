// An import stages its version in short transactions (modules/imports/staged-version.ts): other requests are
// served between them, nobody sees the version before it is promoted, and a failure or a dead worker leaves
// nothing behind: not in a new group, not in an existing one, not in the empty first version of a new dataset.
import { expect, it } from 'vitest';
import type { Dataset, ImportItem } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { tenantSteps, withTenant } from '../src/db/database.ts';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { progressOf } from '../src/modules/imports/progress.ts';
import { copyPrevious, failStaleImports } from '../src/modules/imports/staged-version.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import {
  clientOfImport,
  commitAndRun,
  commitAndStage,
  districts,
  mainsCsv,
  mainsOptions,
  step,
  uploadOk,
} from './fixtures/imports-api.ts';

/** Districts whose row 2050 the writer rejects, past the first batch (fixtures/imports-api.ts). */
const badDistricts = (target: { snapshot_group_id: number }) =>
  ({
    layer: 'districts',
    type: 'assets',
    asset_layer: 'districts',
    mapping: { nativeId: 'DISTRICT' },
    target,
  }) as const;

const groupNames = async (h: Parameters<Parameters<typeof forEachBackend>[1]>[0], token: string) =>
  (await h.request({ url: '/api/snapshot-groups', token }))
    .json<{ snapshot_group_name: string }[]>()
    .map((g) => g.snapshot_group_name);

forEachBackend('imports: staged versions', (h) => {
  it('serves other requests between its transactions and shows the version only once promoted', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'town.csv', mainsCsv(12_000));
    const commit = await step(h, token, up.id, 'commit', mainsOptions({ new_group_name: 'Staged town' }));
    expect(commit.statusCode).toBe(202);
    const { id } = commit.json<ImportItem>();
    const clientId = await clientOfImport(h, id);
    let finished = false;
    const run = runImport(h.database, {
      importId: id,
      clientId,
      path: uploadPath(h.config.dataDir, up.id),
    }).then((r) => ((finished = true), r));
    // Once the first batches are written, a request is answered before the import ends, and does not see it. The
    // file is parsed in a thread while this one stays free, so the wait is for the rows, not for a timer.
    await expect
      .poll(() => progressOf(id, clientId)?.progress ?? 0, { interval: 5, timeout: 60_000 })
      .toBeGreaterThan(0.1);
    const during = await groupNames(h, token);
    const listed = await h.request({ url: '/api/datasets', token });
    expect(finished).toBe(false);
    expect(during).not.toContain('Staged town');
    expect(listed.json<{ datasets: Dataset[] }>().datasets.map((d) => d.name)).not.toContain('Staged town');
    expect(await run).not.toBeNull();
    expect(await groupNames(h, token)).toContain('Staged town');
    const item = (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>();
    expect(item).toMatchObject({ status: 'succeeded', imported: 12_000 });
    const staged = await h.database.db.execute(
      sql`SELECT s.import_id, i.staged FROM imports i JOIN datasets d ON d.id = i.dataset_id
          JOIN snapshots s ON s.id = d.snapshot_id WHERE i.id = ${id}`,
    );
    expect(staged.rows[0]).toEqual({ import_id: null, staged: null });
  });

  it('leaves the current version and its rows as they were when a re-import fails past its first batch', async () => {
    const token = await h.token(ADMIN);
    const first = await uploadOk(h, token, 'v1.csv', mainsCsv(300));
    const { item } = await commitAndRun(h, token, first.id, mainsOptions({ new_group_name: 'Kept mains' }));
    expect(item.status).toBe('succeeded');
    const groupId = item.snapshot_group_id!;
    const before = await layerRowCounts(h.database.db);
    // The staged version has copied the 300 mains and written 2,000 districts when row 2050 fails.
    const second = await uploadOk(h, token, 'districts.geojson', districts());
    const failed = await commitAndRun(h, token, second.id, badDistricts({ snapshot_group_id: groupId }));
    expect(failed.item).toMatchObject({ status: 'failed', dataset_id: null });
    expect(failed.item.message).toContain('row 2050');
    expect(await layerRowCounts(h.database.db)).toEqual(before);
    const current = await h.database.db.execute(
      sql`SELECT d.id FROM snapshots s JOIN datasets d ON d.snapshot_id = s.id
          WHERE s.group_id = ${groupId} AND s.type = 'CURRENT'`,
    );
    expect(current.rows.map((r) => Number(r['id']))).toEqual([item.dataset_id]);
  });

  it('gives the empty first version of a new dataset back when its import fails, and the next fills it', async () => {
    const token = await h.token(ADMIN);
    const created = await h.request({
      method: 'POST',
      url: '/api/datasets',
      token,
      body: { name: 'Waiting' },
    });
    expect(created.statusCode).toBe(201);
    const groupId = Number(
      (
        await h.database.db.execute(
          sql`SELECT s.group_id FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id
              WHERE d.id = ${created.json<Dataset>().id}`,
        )
      ).rows[0]!['group_id'],
    );
    const before = await layerRowCounts(h.database.db);
    const bad = await uploadOk(h, token, 'districts.geojson', districts());
    const failed = await commitAndRun(h, token, bad.id, badDistricts({ snapshot_group_id: groupId }));
    expect(failed.item.status).toBe('failed');
    expect(await layerRowCounts(h.database.db)).toEqual(before);
    const good = await uploadOk(h, token, 'good.csv', mainsCsv(50));
    const { item } = await commitAndRun(h, token, good.id, mainsOptions({ snapshot_group_id: groupId }));
    expect(item).toMatchObject({ status: 'succeeded', dataset_id: created.json<Dataset>().id });
  });

  it('fails an import whose worker died mid-write and discards what it staged', async () => {
    const token = await h.token(ADMIN);
    const first = await uploadOk(h, token, 'base.csv', mainsCsv(120));
    const { item } = await commitAndRun(h, token, first.id, mainsOptions({ new_group_name: 'Interrupted' }));
    const before = await layerRowCounts(h.database.db);
    const up = await uploadOk(h, token, 'again.csv', mainsCsv(10));
    const { importId: id, clientId, staged } = await commitAndStage(h, token, up.id, item.snapshot_group_id!);
    // What a worker killed while copying the previous version leaves: a running import, a staged version with rows.
    await withTenant(h.database.db, clientId, async (tx) => {
      await tx.execute(sql`UPDATE imports SET status = 'running', heartbeat_at = now() WHERE id = ${id}`);
    });
    await copyPrevious(tenantSteps(h.database, clientId), staged, [{ table: 'breaks' }]);
    expect((await layerRowCounts(h.database.db)).pipes).toBe(before.pipes! + 120);
    // A live heartbeat is not stale; one that stopped is.
    expect(await failStaleImports(h.database, 60_000)).toBe(0);
    await h.database.db.execute(
      sql`UPDATE imports SET heartbeat_at = now() - interval '5 minutes' WHERE id = ${id}`,
    );
    expect(await failStaleImports(h.database, 60_000)).toBe(1);
    expect(await layerRowCounts(h.database.db)).toEqual(before);
    const after = (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>();
    expect(after).toMatchObject({ status: 'failed', dataset_id: null });
    expect(after.message).toBe(
      'again.csv: the server stopped during this import and nothing was changed; please import the file again',
    );
  });
});
