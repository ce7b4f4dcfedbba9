// Issue 42, scheduled imports: a definition per network runs the wizard on the server — on its cron schedule (the
// scheduler's clock driven here), by hand, or on a script's upload — and commits, holds for review (mailing the
// administrators) or fails (mailing them too). URL sources are served by a local HTTP server started here: a
// GeoJSON file and an OGC API – Features items endpoint of our own, never an outside address.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreated, ImportDefinition, ImportRun } from '@pipewise/domain';
import { ImportQueue } from '../src/modules/imports/import-queue.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { executeRun, type RunContext } from '../src/modules/import-definitions/run.ts';
import {
  claimDueRuns,
  pruneRuns,
  settleAtStart,
  settleRuns,
  tick,
} from '../src/modules/import-definitions/scheduler.ts';
import { gisServer, mains } from './fixtures/gis-server.ts';
import { commitAndRun, multipartBody, uploadOk } from './fixtures/imports-api.ts';
import { ADMIN, JP_ADMIN, VIEWER, forEachBackend, type Harness } from './helpers/harness.ts';

const OPTIONS = {
  layer: 'pipes',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: { nativeId: 'id', diameter: 'diameter_mm', installYear: 'year' },
  answers: { diameter_unit: 'mm' },
} as const;

forEachBackend('scheduled imports', (h: Harness) => {
  const state = { pipes: mains(40) as object, arcgisQueries: [] as string[] };
  let server: Server;
  let base = '';
  let groupId = 0;
  let ctx: RunContext;

  beforeAll(async () => {
    server = gisServer(state);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = {
      database: h.database,
      dataDir: h.config.dataDir,
      mailer: h.deps.mailer,
      publicUrl: 'http://pipewise.test',
      queue: new ImportQueue(h.deps.jobs),
    };
    // The network's first version comes from the wizard, whose mapping the definitions remember.
    const token = await h.token(ADMIN);
    const first = await uploadOk(
      h,
      token,
      'pipes.geojson',
      new TextEncoder().encode(JSON.stringify(mains(40))),
    );
    const { item } = await commitAndRun(h, token, first.id, {
      ...OPTIONS,
      target: { new_group_name: 'Scheduled mains' },
    });
    expect(item.status).toBe('succeeded');
    groupId = item.snapshot_group_id!;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  /** What a worker does: the tick's runs, then their import jobs, then the next tick's settling. */
  async function drive(now: Date) {
    const queued = await tick(ctx, h.deps.jobs, now);
    for (const job of queued) await executeRun(ctx, job.runId, job.clientId, now);
    await runQueuedImports();
    await settleRuns(ctx, now);
    return queued;
  }

  async function runQueuedImports() {
    const queued = await h.database.db.execute(
      sql`SELECT id, client_id, upload_id FROM imports WHERE status = 'queued' ORDER BY id`,
    );
    for (const job of queued.rows)
      await runImport(h.database, {
        importId: Number(job['id']),
        clientId: Number(job['client_id']),
        path: uploadPath(h.config.dataDir, String(job['upload_id'])),
      });
  }

  /** Runs the runs the API queued (POST …/run, an upload), as the worker would. */
  async function runQueuedRuns() {
    const runs = await h.database.db.execute(
      sql`SELECT id, client_id FROM import_runs WHERE status = 'queued'`,
    );
    for (const r of runs.rows) await executeRun(ctx, Number(r['id']), Number(r['client_id']));
    await runQueuedImports();
    await settleRuns(ctx, new Date());
  }

  const current = async () =>
    (
      await h.database.db.execute(sql`
        SELECT s.version, d.layer_counts->>'pipes' AS pipes FROM snapshots s JOIN datasets d ON d.snapshot_id = s.id
        WHERE s.group_id = ${groupId} AND s.type = 'CURRENT'`)
    ).rows[0] as { version: number; pipes: string };

  const create = async (body: object, token?: string) =>
    h.request({
      method: 'POST',
      url: '/api/import-definitions',
      token: token ?? (await h.token(ADMIN)),
      body: { snapshot_group_id: groupId, ...body },
    });

  const runsOf = async (id: number) =>
    (await h.request({ url: `/api/import-definitions/${id}/runs`, token: await h.token(ADMIN) })).json<{
      runs: ImportRun[];
    }>().runs;

  const mailsAbout = async (subject: RegExp) => (await h.outbox()).filter((m) => subject.test(m.subject));

  let nightly: ImportDefinition;

  it('runs a URL source on its schedule, in the time zone given, and commits a new version', async () => {
    const res = await create({
      name: 'Nightly mains',
      source: { type: 'url', url: `${base}/pipes.geojson` },
      schedule: '30 2 * * *',
      time_zone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(201);
    nightly = res.json<ImportDefinition>();
    // The options are the wizard's remembered ones for this network.
    expect(nightly.options).toMatchObject({ layer: 'pipes', mapping: OPTIONS.mapping });
    expect(nightly.limits).toEqual({
      max_removed_percent: 5,
      max_added_percent: null,
      allow_skipped_rows: false,
    });
    const next = new Date(nightly.next_run_at!);
    // 02:30 in Berlin (winter: UTC+1) is 01:30 UTC.
    expect(next.getUTCHours()).toBe(1);
    expect(next.getUTCMinutes()).toBe(30);

    state.pipes = mains(41); // one main laid since
    expect(await drive(new Date(next.getTime() - 60_000))).toEqual([]);
    expect(await drive(next)).toHaveLength(1);
    expect(await current()).toEqual({ version: 2, pipes: '41' });
    const [run] = await runsOf(nightly.id);
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'committed',
      reason: null,
      file_name: 'pipes.geojson',
    });
    expect(run!.change).toMatchObject({ current: 40, incoming: 41, removed: 0, added: 1, by: 'native-id' });
    const after = (
      await h.request({ url: `/api/import-definitions/${nightly.id}`, token: await h.token(ADMIN) })
    ).json<ImportDefinition>();
    expect(new Date(after.next_run_at!).getTime()).toBe(next.getTime() + 24 * 3600_000);
    expect(after.last_run?.status).toBe('committed');
    // The tick is idempotent: the same instant claims nothing again.
    expect(await drive(next)).toEqual([]);
  });

  it('holds a run that removes more than the limit, mails the administrators, and commits it when told', async () => {
    state.pipes = mains(30); // 11 of 41 gone: 26.8 %
    const res = await h.request({
      method: 'POST',
      url: `/api/import-definitions/${nightly.id}/run`,
      token: await h.token(ADMIN),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ImportRun>()).toMatchObject({ trigger: 'manual', status: 'queued' });
    await runQueuedRuns();
    const [held] = await runsOf(nightly.id);
    expect(held).toMatchObject({ status: 'held', import_id: null });
    expect(held!.reason).toMatch(/11 of 41 rows \(26\.8 %\) would be removed, more than the limit of 5 %/);
    expect(await current()).toEqual({ version: 2, pipes: '41' });
    const mails = await mailsAbout(/Nightly mains.*waiting for review/);
    expect(mails.map((m) => m.to)).toContain(ADMIN);
    expect(mails[0]!.text).toContain('11 of 41 rows');
    expect(mails[0]!.text).toContain('http://pipewise.test/data/scheduled-imports');

    const commit = await h.request({
      method: 'POST',
      url: `/api/import-definitions/${nightly.id}/runs/${held!.id}/commit`,
      token: await h.token(ADMIN),
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json<ImportRun>().status).toBe('importing');
    await runQueuedImports();
    expect(await current()).toEqual({ version: 3, pipes: '30' });
    expect((await runsOf(nightly.id))[0]).toMatchObject({ id: held!.id, status: 'committed' });
    // Decided once: a second commit is refused.
    const again = await h.request({
      method: 'POST',
      url: `/api/import-definitions/${nightly.id}/runs/${held!.id}/commit`,
      token: await h.token(ADMIN),
    });
    expect(again.statusCode).toBe(409);
  });

  it('reads an OGC API – Features items URL through its next links', async () => {
    const res = await create({
      name: 'OGC mains',
      source: { type: 'url', url: `${base}/ogc/collections/mains/items`, format: 'ogc-features' },
      limits: { max_removed_percent: 10, max_added_percent: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const def = res.json<ImportDefinition>();
    expect(def.next_run_at).toBeNull(); // no schedule: by hand only
    state.pipes = mains(32); // two more mains, in two pages of the service
    await h.request({
      method: 'POST',
      url: `/api/import-definitions/${def.id}/run`,
      token: await h.token(ADMIN),
    });
    await runQueuedRuns();
    const [run] = await runsOf(def.id);
    expect(run).toMatchObject({ status: 'committed', file_name: 'OGC-mains.geojson' });
    expect(run!.change).toMatchObject({ current: 30, incoming: 32, removed: 0, added: 2 });
    expect(await current()).toEqual({ version: 4, pipes: '32' });
  });

  it('records a failing source (404, a broken file) and mails the administrators', async () => {
    const token = await h.token(ADMIN);
    for (const [path, expected] of [
      ['/gone.geojson', /gone\.geojson answered 404/],
      ['/broken.geojson', /broken\.geojson/],
    ] as const) {
      const res = await create({ name: `Failing ${path}`, source: { type: 'url', url: `${base}${path}` } });
      expect(res.statusCode, res.body).toBe(201);
      const def = res.json<ImportDefinition>();
      await h.request({ method: 'POST', url: `/api/import-definitions/${def.id}/run`, token });
      await runQueuedRuns();
      const [run] = await runsOf(def.id);
      expect(run!.status).toBe('failed');
      expect(run!.reason).toMatch(expected);
      const mails = await mailsAbout(new RegExp(`Failing ${path.replace('.', '\\.')}.*failed`));
      expect(mails.map((m) => m.to)).toContain(ADMIN);
      expect(mails[0]!.text).toContain(run!.reason!);
    }
    expect(await current()).toEqual({ version: 4, pipes: '32' });
    // The query of a URL (a GIS access key) is not in the audit log.
    const audit = await h.database.db.execute(
      sql`SELECT action, target_type FROM admin_audit WHERE action LIKE 'import_definition.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r['action'])).toContain('import_definition.create');
    expect(audit.rows.every((r) => r['target_type'] === 'import_definition')).toBe(true);
  });

  it('refuses a schedule or time zone that does not read, naming the field', async () => {
    const bad = await create({ name: 'Bad', source: { type: 'upload' }, schedule: '61 2 * * *' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('schedule');
    const zone = await create({
      name: 'Bad',
      source: { type: 'upload' },
      schedule: '0 2 * * *',
      time_zone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('time_zone');
    const ftp = await create({ name: 'Bad', source: { type: 'url', url: 'ftp://gis.local/pipes.zip' } });
    expect(ftp.statusCode).toBe(400);
  });

  describe('tenancy and scopes', () => {
    it('hides a definition from another client and from those who may not import', async () => {
      const other = await h.token(JP_ADMIN);
      const list = await h.request({ url: '/api/import-definitions', token: other });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ definitions: unknown[] }>().definitions).toEqual([]);
      for (const [method, url] of [
        ['GET', `/api/import-definitions/${nightly.id}`],
        ['GET', `/api/import-definitions/${nightly.id}/runs`],
        ['PATCH', `/api/import-definitions/${nightly.id}`],
        ['POST', `/api/import-definitions/${nightly.id}/run`],
        ['DELETE', `/api/import-definitions/${nightly.id}`],
      ] as const) {
        const res = await h.request({
          method,
          url,
          token: other,
          ...(method === 'PATCH' && { body: { enabled: false } }),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Nor can it point a definition at this client's network.
      const into = await create({ name: 'Theirs', source: { type: 'upload' } }, other);
      expect(into.statusCode).toBe(404);
      const viewer = await h.request({ url: '/api/import-definitions', token: await h.token(VIEWER) });
      expect(viewer.statusCode).toBe(403);
    });

    it('needs the import scope to write with an API token, and takes a script upload without CSRF', async () => {
      const mint = async (scopes: string[]) => {
        const res = await h.request({
          method: 'POST',
          url: '/api/tokens',
          token: await h.token(ADMIN),
          body: { name: `scheduled ${scopes.join('+')}`, scopes },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<ApiTokenCreated>().token;
      };
      const read = await mint(['read']);
      const refused = await create({ name: 'Scripted', source: { type: 'upload' } }, read);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('TOKEN_SCOPE');
      const listed = await h.request({ url: '/api/import-definitions', token: read, csrf: false });
      expect(listed.statusCode).toBe(200);

      const importer = await mint(['import']);
      const made = await h.request({
        method: 'POST',
        url: '/api/import-definitions',
        token: importer,
        csrf: false,
        body: { name: 'Scripted upload', snapshot_group_id: groupId, source: { type: 'upload' } },
      });
      expect(made.statusCode, made.body).toBe(201);
      const def = made.json<ImportDefinition>();
      const bytes = new TextEncoder().encode(JSON.stringify(mains(33)));
      const send = (token: string) =>
        h.request({
          method: 'PUT',
          url: `/api/import-definitions/${def.id}/file`,
          token,
          csrf: false,
          body: multipartBody('tonight.geojson', bytes),
          headers: { 'content-type': 'multipart/form-data; boundary=----pipewise-test-boundary' },
        });
      expect((await send(read)).statusCode).toBe(403);
      const sent = await send(importer);
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json<{ run: ImportRun }>().run).toMatchObject({ trigger: 'upload', status: 'queued' });
      await runQueuedRuns();
      // The file's layer is named after it ('tonight'); the definition's one layer is meant.
      expect((await runsOf(def.id))[0]).toMatchObject({ status: 'committed', file_name: 'tonight.geojson' });
      expect(await current()).toEqual({ version: 5, pipes: '33' });
    });
  });

  it('reads an ArcGIS REST FeatureServer layer page by page, as GeoJSON in WGS 84', async () => {
    const res = await create({
      name: 'ArcGIS mains',
      source: {
        type: 'url',
        url: `${base}/arcgis/rest/services/Mains/FeatureServer/0`,
        format: 'arcgis-featureserver',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const def = res.json<ImportDefinition>();
    state.pipes = mains(45);
    const before = await current();
    await h.request({
      method: 'POST',
      url: `/api/import-definitions/${def.id}/run`,
      token: await h.token(ADMIN),
    });
    await runQueuedRuns();
    const [run] = await runsOf(def.id);
    expect(run, run?.reason ?? '').toMatchObject({ status: 'committed' });
    expect(run!.change).toMatchObject({ incoming: 45, removed: 0 });
    expect(await current()).toEqual({ version: before.version + 1, pipes: '45' });
    expect(state.arcgisQueries).toHaveLength(3);
    const first = new URLSearchParams(state.arcgisQueries[0]);
    expect(Object.fromEntries(first)).toMatchObject({
      f: 'geojson',
      where: '1=1',
      outFields: '*',
      outSR: '4326',
    });
    expect(new URLSearchParams(state.arcgisQueries[2]).get('resultOffset')).toBe('40');
  });

  it('claims a due definition once when two servers tick at the same instant, and fails runs a dead worker left', async () => {
    const res = await create({
      name: 'Every five minutes',
      source: { type: 'url', url: `${base}/pipes.geojson` },
      schedule: '*/5 * * * *',
      time_zone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(201);
    const def = res.json<ImportDefinition>();
    const due = new Date(def.next_run_at!);
    // Two processes' ticks: on PostgreSQL the advisory lock and SKIP LOCKED let one claim; PGlite has one process.
    const [a, b] = await Promise.all([claimDueRuns(h.database, due), claimDueRuns(h.database, due)]);
    expect([...a, ...b]).toHaveLength(1);
    // The worker that took the run died before it started: an hour on, the tick fails it and mails.
    const later = new Date(Date.now() + 2 * 3600_000);
    const settled = await settleRuns(ctx, later);
    expect(settled.map((r) => r.id)).toEqual([[...a, ...b][0]!.runId]);
    const [run] = await runsOf(def.id);
    expect(run).toMatchObject({ status: 'failed' });
    expect(run!.reason).toMatch(/server stopped during the run/);
    expect((await mailsAbout(/Every five minutes.*failed/)).length).toBeGreaterThan(0);
    // A disabled definition is not claimed however late it is.
    await h.request({
      method: 'PATCH',
      url: `/api/import-definitions/${def.id}`,
      token: await h.token(ADMIN),
      body: { enabled: false },
    });
    expect(await claimDueRuns(h.database, later)).toEqual([]);
  });

  it("fails at once, on the embedded server's start, a run its stopped process left running", async () => {
    const res = await create({ name: 'Cut off', source: { type: 'url', url: `${base}/pipes.geojson` } });
    const def = res.json<ImportDefinition>();
    const add = async (status: string) =>
      Number(
        (
          await h.database.db.execute(sql`
            INSERT INTO import_runs (client_id, definition_id, trigger, status, started_at)
            SELECT client_id, id, 'schedule', ${status}, now() FROM import_definitions WHERE id = ${def.id}
            RETURNING id`)
        ).rows[0]!['id'],
      );
    const running = await add('running');
    const queued = await add('queued');
    const settled = await settleAtStart(ctx);
    const byId = new Map((await runsOf(def.id)).map((r) => [r.id, r]));
    // A queued run's job still waits in the queue, on both databases.
    expect(byId.get(queued)?.status).toBe('queued');
    if (h.database.kind === 'pglite') {
      // One process: the run died with it.
      expect(settled.map((r) => r.id)).toEqual([running]);
      expect(byId.get(running)).toMatchObject({ status: 'failed' });
      expect(byId.get(running)!.reason).toMatch(/server stopped during the run/);
    } else {
      // PostgreSQL: another server may be running it; it has the hour.
      expect(settled.map((r) => r.id)).not.toContain(running);
      expect(byId.get(running)?.status).toBe('running');
    }
    await h.database.db.execute(sql`DELETE FROM import_runs WHERE definition_id = ${def.id}`);
  });

  it('discards a held run when a newer run of the definition starts', async () => {
    const res = await create({ name: 'Superseded', source: { type: 'url', url: `${base}/pipes.geojson` } });
    const def = res.json<ImportDefinition>();
    const token = await h.token(ADMIN);
    state.pipes = mains(5); // most of the network gone: held
    for (let i = 0; i < 2; i++) {
      await h.request({ method: 'POST', url: `/api/import-definitions/${def.id}/run`, token });
      await runQueuedRuns();
    }
    const [newer, older] = await runsOf(def.id);
    expect(newer).toMatchObject({ status: 'held' });
    expect(older).toMatchObject({ status: 'discarded', reason: `superseded by run ${newer!.id}` });
  });

  it('runs again by hand as soon as the import job ended, before the tick records it (the page already says so)', async () => {
    const def = (
      await create({ name: 'Again at once', source: { type: 'url', url: `${base}/pipes.geojson` } })
    ).json<ImportDefinition>();
    const token = await h.token(ADMIN);
    const run = async () =>
      h.request({ method: 'POST', url: `/api/import-definitions/${def.id}/run`, token });
    state.pipes = mains(45);
    expect((await run()).statusCode).toBe(202);
    // Queued: a second run now is refused.
    expect((await run()).statusCode).toBe(409);
    // The worker runs it and its import job, and no tick has settled it yet: it reads committed…
    const queued = await h.database.db.execute(
      sql`SELECT id, client_id FROM import_runs WHERE definition_id = ${def.id} AND status = 'queued'`,
    );
    for (const r of queued.rows) await executeRun(ctx, Number(r['id']), Number(r['client_id']));
    await runQueuedImports();
    expect((await runsOf(def.id))[0]).toMatchObject({ status: 'committed' });
    // …and "Run now" takes it at its word (it answered 409 'under way' until the tick, up to 30 s).
    expect((await run()).statusCode).toBe(202);
    await runQueuedRuns();
  });

  it('deletes settled runs after half a year, never a held one', async () => {
    const [def] = (await h.request({ url: '/api/import-definitions', token: await h.token(ADMIN) })).json<{
      definitions: ImportDefinition[];
    }>().definitions;
    const runs = await runsOf(def!.id);
    await h.database.db.execute(
      sql`UPDATE import_runs SET created_at = now() - interval '200 days' WHERE definition_id = ${def!.id}`,
    );
    const held = runs.filter((r) => r.status === 'held').length;
    expect(await pruneRuns(h.database, new Date())).toBe(runs.length - held);
    expect(await runsOf(def!.id)).toHaveLength(held);
  });
});
