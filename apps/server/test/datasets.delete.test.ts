// DELETE /api/datasets/{id} (issue 15: a network imported wrongly could not be deleted). Administrators only; the
// other versions keep their data, the newest one left becomes CURRENT, and the last version takes its group along.
import { expect, it } from 'vitest';
import type { SnapshotGroup, datasetListSchema } from '@pipewise/domain';
import type { z } from 'zod';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { ADMIN, WORKER, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, commitAndStage, mainsCsv, mainsOptions, uploadOk } from './fixtures/imports-api.ts';

forEachBackend('datasets: delete', (h) => {
  const versionsOf = async (token: string, groupId: number) =>
    (await h.request({ url: '/api/datasets', token }))
      .json<z.infer<typeof datasetListSchema>>()
      .datasets.filter((d) => d.snapshot_group_entity_id === groupId)
      .map((d) => ({ id: d.id, version: d.version, type: d.snapshot_type, pipes: d.pipe_count }))
      .sort((a, b) => a.version - b.version);

  it('keeps the other versions: deleting the CURRENT one serves the newest left, the last one removes the network', async () => {
    const token = await h.token(ADMIN);
    const before = await layerRowCounts(h.database.db);
    const v1 = await commitAndRun(
      h,
      token,
      (await uploadOk(h, token, 'v1.csv', mainsCsv(30))).id,
      mainsOptions({ new_group_name: 'Deleted mains' }),
    );
    const groupId = v1.item.snapshot_group_id!;
    // Another network imported between two versions of this one.
    const other = await commitAndRun(
      h,
      token,
      (await uploadOk(h, token, 'other.csv', mainsCsv(5))).id,
      mainsOptions({ new_group_name: 'Zulu mains' }),
    );
    const v2 = await commitAndRun(
      h,
      token,
      (await uploadOk(h, token, 'v2.csv', mainsCsv(40))).id,
      mainsOptions({ snapshot_group_id: groupId }),
    );
    const v3 = await commitAndRun(
      h,
      token,
      (await uploadOk(h, token, 'v3.csv', mainsCsv(50))).id,
      mainsOptions({ snapshot_group_id: groupId }),
    );
    expect(await versionsOf(token, groupId)).toEqual([
      { id: v1.item.dataset_id, version: 1, type: 'ARCHIVE', pipes: 30 },
      { id: v2.item.dataset_id, version: 2, type: 'ARCHIVE', pipes: 40 },
      { id: v3.item.dataset_id, version: 3, type: 'CURRENT', pipes: 50 },
    ]);
    // The list goes network by network, newest version first: no interleaving with Zulu's (issue 15).
    const listed = (await h.request({ url: '/api/datasets', token }))
      .json<z.infer<typeof datasetListSchema>>()
      .datasets.map((d) => `${d.snapshot_group_name} v${d.version}`);
    expect(listed.slice(0, 4)).toEqual([
      'Deleted mains v3',
      'Deleted mains v2',
      'Deleted mains v1',
      'Zulu mains v1',
    ]);
    // The administrator looks at the group: deleting its CURRENT version moves them to the newest one left.
    const look = await h.request({
      url: `/api/snapshots/set-current?snapshot_group=${groupId}&dataset=${v3.item.dataset_id}`,
      token,
    });
    expect(look.statusCode).toBe(204);

    const archived = await h.request({ method: 'DELETE', url: `/api/datasets/${v1.item.dataset_id}`, token });
    expect(archived.statusCode).toBe(204);
    const current = await h.request({ method: 'DELETE', url: `/api/datasets/${v3.item.dataset_id}`, token });
    expect(current.statusCode).toBe(204);
    expect(await versionsOf(token, groupId)).toEqual([
      { id: v2.item.dataset_id, version: 2, type: 'CURRENT', pipes: 40 },
    ]);
    const groups = (await h.request({ url: '/api/snapshot-groups', token })).json<SnapshotGroup[]>();
    expect(groups.find((g) => g.snapshot_group_entity_id === groupId)).toBeDefined();
    const mine = (await h.request({ url: '/api/snapshots/current', token })).json<{
      dataset: { id: number };
    }>();
    expect(mine.dataset.id).toBe(v2.item.dataset_id);

    expect(
      (await h.request({ method: 'DELETE', url: `/api/datasets/${v2.item.dataset_id}`, token })).statusCode,
    ).toBe(204);
    expect(await versionsOf(token, groupId)).toEqual([]);
    const after = (await h.request({ url: '/api/snapshot-groups', token })).json<SnapshotGroup[]>();
    expect(after.find((g) => g.snapshot_group_entity_id === groupId)).toBeUndefined();
    // A network of one version goes whole.
    const last = await h.request({ method: 'DELETE', url: `/api/datasets/${other.item.dataset_id}`, token });
    expect(last.statusCode).toBe(204);
    expect(await layerRowCounts(h.database.db)).toEqual(before);
  });

  it("is for administrators; an unknown or other client's dataset is 404; a version being imported is 409", async () => {
    const admin = await h.token(ADMIN);
    const { item } = await commitAndRun(
      h,
      admin,
      (await uploadOk(h, admin, 'kept.csv', mainsCsv(10))).id,
      mainsOptions({ new_group_name: 'Kept' }),
    );
    const worker = await h.token(WORKER);
    const denied = await h.request({
      method: 'DELETE',
      url: `/api/datasets/${item.dataset_id}`,
      token: worker,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (await h.request({ method: 'DELETE', url: '/api/datasets/999999', token: admin })).statusCode,
    ).toBe(404);

    const up = await uploadOk(h, admin, 'next.csv', mainsCsv(5));
    const { staged } = await commitAndStage(h, admin, up.id, item.snapshot_group_id!);
    const busy = await h.request({
      method: 'DELETE',
      url: `/api/datasets/${staged.datasetId}`,
      token: admin,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'CONFLICT' });
  });
});
