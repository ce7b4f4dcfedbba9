// Export files (issue 17; spec 001 §2, §3, §7; IO-EXP-02..04) on both backends: a request makes a queued item,
// the job builds the file under DATA_DIR/exports, the list pages items with totalCount and the availability per
// kind and format, the download is the file the project's own GeoPackage reader opens. Another client's file is
// a 404, the demo account may not export (403).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportItem, ExportList } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { exportsDir } from '../src/modules/exports/export-file.job.ts';
import { listLayers, readFeatures } from '../src/modules/imports/parse/layers.ts';
import { collect } from '../src/modules/imports/parse/test-fixtures.ts';
import { exportFilesApi } from './fixtures/export-files-api.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER } from './helpers/harness.ts';

forEachBackend('export files', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  let bare: AnalysisFixture;
  const api = exportFilesApi(h);
  const { get, runQueued } = api;
  const create = (f: AnalysisFixture, body: unknown, email = VIEWER) => api.create(f.datasetId, body, email);

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Bare', analysis: false });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE pipes SET address = '東京都千代田区1-1' WHERE id = ${us.pipes['P10']!}`),
    );
    await api.start();
  });
  afterAll(api.stop);

  it('makes a GeoPackage of the lof kind: queued, then ready, then downloaded and read back', async () => {
    const res = await create(us, { kind: 'lof', format: 'gpkg' });
    expect(res.statusCode, res.body).toBe(202);
    const item = res.json<ExportItem>();
    expect(item).toMatchObject({
      kind: 'lof',
      format: 'gpkg',
      status: 'queued',
      title: 'Fixture mains',
      datasetId: us.datasetId,
      scenarioId: null,
      user: { name: expect.any(String) },
    });
    expect(await runQueued()).toBe('ready');

    const after = (await get(`/api/exports/${item.id}`)).json<ExportItem>();
    expect(after).toMatchObject({ status: 'ready', rows: 4, sizeBytes: expect.any(Number) });

    const file = await get(`/api/exports/${item.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/geopackage+sqlite3');
    expect(file.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="pipewise-lof-${us.datasetId}-\\d{4}-\\d{2}-\\d{2}\\.gpkg"$`),
    );
    const gpkg = { name: 'export.gpkg', bytes: new Uint8Array(file.rawPayload) };
    expect(file.rawPayload.length).toBe(after.sizeBytes);
    const [layer] = await listLayers(gpkg);
    expect(layer).toMatchObject({ name: 'pipes_lof', crs: 'EPSG:4326', featureCount: 4 });
    const features = await collect(readFeatures(gpkg));
    expect(features.map((f) => f.properties['native_pipe_id'])).toEqual(['P1', 'P2', 'P10', 'Q1']);
    // The US viewer's units, the served results, the UTF-8 address, real lines.
    expect(features[0]!.properties).toMatchObject({ length_ft: 288.71, install_year: 1970, rul: 42 });
    expect(features[2]!.properties['address']).toBe('東京都千代田区1-1');
    expect(features[0]!.geometry?.type).toBe('MultiLineString');
  });

  it('makes a zipped Shapefile whose dBASE names are ≤ 10 characters', async () => {
    const item = (await create(us, { kind: 'lof', format: 'shp' })).json<ExportItem>();
    expect(await runQueued()).toBe('ready');
    const file = await get(`/api/exports/${item.id}/file`);
    expect(file.headers['content-type']).toBe('application/zip');
    const [layer] = await listLayers({ name: 'export.zip', bytes: new Uint8Array(file.rawPayload) });
    expect(layer!.featureCount).toBe(4);
    expect(layer!.columns).toContain('diam_in');
    for (const c of layer!.columns) expect(c.length).toBeLessThanOrEqual(10);
  });

  it('makes the served valve isolation segments (vis) as a GeoPackage; needs VIS and a served analysis', async () => {
    const item = (await create(us, { kind: 'vis', format: 'gpkg' })).json<ExportItem>();
    expect(await runQueued()).toBe('ready');
    const file = await get(`/api/exports/${item.id}/file`);
    const gpkg = { name: 'vis.gpkg', bytes: new Uint8Array(file.rawPayload) };
    const [layer] = await listLayers(gpkg);
    expect(layer).toMatchObject({ name: 'vis_segments', crs: 'EPSG:4326', geometryType: 'MultiLineString' });
    expect(layer!.featureCount).toBeGreaterThan(0);
    expect(layer!.columns).toEqual(expect.arrayContaining(['segment_id', 'valves', 'length_ft', 'lof_12']));
    const [first] = await collect(readFeatures(gpkg));
    expect(first!.geometry?.type).toBe('MultiLineString');

    const none = await create(bare, { kind: 'vis', format: 'gpkg' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NO_VIS_SEGMENTS');
    expect((await create(jp, { kind: 'vis', format: 'gpkg' }, JP_ADMIN)).statusCode).toBe(403);
    // The two refusals queued nothing; the vis file is removed again so the list below holds the lof files only.
    expect(await api.queued()).toEqual([]);
    const mine = (await get('/api/exports')).json<ExportList>();
    await withSystem(h.database.db, (tx) => tx.execute(sql`DELETE FROM export_files WHERE id = ${item.id}`));
    expect(mine.items[0]).toMatchObject({ id: item.id, kind: 'vis' });
  });

  it('lists the files newest first, a page at a time, with totalCount and availability (IO-EXP-02..04)', async () => {
    const all = (await get('/api/exports')).json<ExportList>();
    expect(all.totalCount).toBe(2);
    expect(all.items.map((i) => i.format)).toEqual(['shp', 'gpkg']);
    expect(all.availability.lof).toEqual({ csv: true, geojson: true, gpkg: true, shp: true });
    expect(all.availability.vis).toEqual({ csv: true, geojson: true, gpkg: true, shp: true });
    // Every kind is built; the network's own kinds need no subscription.
    expect(all.availability.normalizedBreak).toEqual({ csv: true, geojson: true, gpkg: true, shp: true });
    // The Japanese demo client has no VIS subscription.
    expect((await get('/api/exports', JP_ADMIN)).json<ExportList>().availability.vis.gpkg).toBe(false);
    const second = (await get('/api/exports?page=2&pageSize=1')).json<ExportList>();
    expect(second).toMatchObject({ totalCount: 2, items: [{ format: 'gpkg' }] });
    expect((await get(`/api/exports?datasetId=${us.datasetId}`)).json<ExportList>().totalCount).toBe(2);
    expect((await get(`/api/exports?datasetId=${bare.datasetId}`)).json<ExportList>().totalCount).toBe(0);
    // Another client's dataset: 404 as on every other route (issue 37), not an empty list that confirms the id.
    const other = await get(`/api/exports?datasetId=${jp.datasetId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Dataset not found.' });
    expect((await get('/api/exports?pageSize=500')).statusCode).toBe(400);
  });

  it("hides another client's files: 404 on item and download, absent from its list", async () => {
    const mine = (await get('/api/exports')).json<ExportList>().items[0]!;
    expect((await get(`/api/exports/${mine.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await get(`/api/exports/${mine.id}/file`, JP_ADMIN)).statusCode).toBe(404);
    expect((await get('/api/exports', JP_ADMIN)).json<ExportList>().totalCount).toBe(0);
    expect((await create(jp, { kind: 'lof', format: 'gpkg' })).statusCode).toBe(404);
  });

  it('answers 403 to the demo account, 400 to an unknown kind or a bad format, 401 without a token', async () => {
    const demo = await create(us, { kind: 'lof', format: 'gpkg' }, GUEST);
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');
    expect((await get('/api/exports', GUEST)).json<ExportList>().availability.lof.gpkg).toBe(false);
    expect((await create(us, { kind: 'pressures', format: 'gpkg' })).statusCode).toBe(400);
    expect((await create(us, { kind: 'lof', format: 'xlsx' })).statusCode).toBe(400);
    expect((await h.request({ url: '/api/exports' })).statusCode).toBe(401);
    expect(await api.queued()).toEqual([]);
  });

  it('mails the caller a link to the file, with the file attached (real SMTP or the outbox)', async () => {
    const ready = (await get('/api/exports')).json<ExportList>().items.find((i) => i.format === 'gpkg')!;
    const post = async (email: string) =>
      h.request({ method: 'POST', url: `/api/exports/${ready.id}/email`, token: await h.token(email) });
    const res = await post(VIEWER);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ email: VIEWER });
    const mail = (await h.outbox()).filter((m) => m.to === VIEWER).at(-1)!;
    expect(mail.subject).toContain('Fixture mains (lof, gpkg)');
    expect(mail.text).toContain(`http://pipewise.test/data/export?file=${ready.id}`);
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: expect.stringMatching(/^pipewise-lof-\d+-\d{4}-\d{2}-\d{2}\.gpkg$/),
        content_type: 'application/geopackage+sqlite3',
        size: ready.sizeBytes,
      }),
    ]);
    expect((await post(JP_ADMIN)).statusCode).toBe(404);
    expect((await post(GUEST)).statusCode).toBe(403);
  });

  it('answers 409 for a file not made yet', async () => {
    const item = (await create(us, { kind: 'lof', format: 'csv' })).json<ExportItem>();
    const early = await get(`/api/exports/${item.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EXPORT_NOT_READY');
    expect(await runQueued()).toBe('ready');
    const csv = await get(`/api/exports/${item.id}/file`);
    expect(csv.body.split('\r\n')[0]).toMatch(/,wkt$/);
  });

  it('deletes a file for its maker or an administrator, row and file; 403 to another user, 404 to another client', async () => {
    const item = (await create(us, { kind: 'lof', format: 'geojson' })).json<ExportItem>();
    expect(await runQueued()).toBe('ready');
    const stored = await withSystem(h.database.db, (tx) =>
      tx.execute(sql`SELECT file FROM export_files WHERE id = ${item.id}`),
    );
    const absolute = path.join(exportsDir(h.config.dataDir), String(stored.rows[0]!['file']));
    expect(existsSync(absolute)).toBe(true);
    const del = async (id: number, email: string) =>
      h.request({ method: 'DELETE', url: `/api/exports/${id}`, token: await h.token(email) });
    expect((await del(item.id, JP_ADMIN)).statusCode).toBe(404);
    expect((await del(item.id, GUEST)).statusCode).toBe(403);
    const other = await del(item.id, WORKER);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/administrator/);
    expect((await del(item.id, VIEWER)).statusCode).toBe(204);
    expect(existsSync(absolute)).toBe(false);
    expect((await get(`/api/exports/${item.id}`)).statusCode).toBe(404);
    expect((await del(item.id, VIEWER)).statusCode).toBe(404);
    // An administrator deletes a colleague's file, even one still queued; its job then leaves nothing behind.
    const queued = (await create(us, { kind: 'lof', format: 'csv' })).json<ExportItem>();
    expect((await del(queued.id, ADMIN)).statusCode).toBe(204);
    expect(await runQueued()).toBe('gone');
  });
});
