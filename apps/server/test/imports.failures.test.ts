// What a failing import leaves behind: nothing. A row the writer rejects after a batch was already written rolls
// the whole import back (group, version, rows) and the item says which row and field.
import { expect, it } from 'vitest';
import type { ImportItem } from '@pipewise/domain';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, districts, uploadOk, validate } from './fixtures/imports-api.ts';

forEachBackend('imports: failures', (h) => {
  it('rolls back everything when row 2050 cannot be written, and names the row and field', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'districts.geojson', districts());
    const options = {
      layer: 'districts',
      type: 'assets',
      asset_layer: 'districts',
      mapping: { nativeId: 'DISTRICT' },
      target: { new_group_name: 'Districts' },
    } as const;
    expect(await validate(h, token, up.id, options)).toMatchObject({
      rows: 2100,
      imported: 2100,
      can_import: true,
    });
    const before = await layerRowCounts(h.database.db);
    const { item } = await commitAndRun(h, token, up.id, options);
    expect(item).toMatchObject({ status: 'failed', dataset_id: null, snapshot_group_id: null });
    expect(item.message).toBe(
      'districts.geojson (row 2050, field geometry): expected a polygon, found Point',
    );
    expect(item.finished_at).not.toBeNull();
    expect(await layerRowCounts(h.database.db)).toEqual(before);
    const list = (await h.request({ url: '/api/imports', token })).json<{ imports: ImportItem[] }>();
    expect(list.imports[0]).toMatchObject({ id: item.id, status: 'failed' });
  });

  it('answers 409 IMPORT_BLOCKED when nothing can be imported, and 404 for an unknown upload', async () => {
    const token = await h.token(ADMIN);
    const csv = 'ID;WKT\nP1;POINT(-85.5 38)\nP2;POINT(-85.6 38)\n';
    const up = await uploadOk(h, token, 'points.csv', new TextEncoder().encode(csv));
    const options = {
      layer: 'points',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'ID' },
      target: { new_group_name: 'Nothing' },
    } as const;
    const report = await validate(h, token, up.id, options);
    expect(report).toMatchObject({
      rows: 2,
      imported: 0,
      can_import: false,
      blocking: ['no row can be imported'],
    });
    expect(report.problems['wrong-geometry-type']!.count).toBe(2);
    const commit = await h.request({
      method: 'POST',
      url: `/api/imports/uploads/${up.id}/commit`,
      token,
      body: options,
    });
    expect(commit.statusCode).toBe(409);
    expect(commit.json()).toMatchObject({ code: 'IMPORT_BLOCKED' });
    const unknown = await h.request({
      method: 'POST',
      url: '/api/imports/uploads/3f1e9b2c-0000-4000-8000-000000000000/validate',
      token,
      body: options,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await h.request({ url: '/api/imports/99999', token })).statusCode).toBe(404);
  });
});
