// PATCH /api/datasets/{id}/assets/{pipeId} (docs/api-assets.md): the user's corrections, who may make them, and
// the re-analysis they queue. The job sender is spied on, so no pg-boss runs here.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { assetSchema } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const patch = async (h: Harness, f: AnalysisFixture, native: string, body: unknown, email = WORKER) =>
  h.request({
    method: 'PATCH',
    url: `/api/datasets/${f.datasetId}/assets/${f.pipes[native] ?? 999_999}`,
    token: await h.token(email),
    body,
  });
const analysesOf = (h: Harness, datasetId: number) =>
  withSystem(h.database.db, async (tx) => {
    const rows = await tx.execute(
      sql`SELECT stage, reason, created_by FROM analyses WHERE dataset_id = ${datasetId} ORDER BY id`,
    );
    const d = await tx.execute(sql`SELECT refresh_status, analysis_id FROM datasets WHERE id = ${datasetId}`);
    return { runs: rows.rows, dataset: d.rows[0]! };
  });

forEachBackend('asset edits', (h) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let jp: AnalysisFixture;
  let send: ReturnType<typeof vi.fn>;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Not analysed', analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    send = vi.fn(async () => 'job-id');
    h.deps.jobs.send = send as unknown as typeof h.deps.jobs.send;
  });
  afterEach(() => send.mockClear());

  it('overrides an attribute: status 2 at once, a queued analysis, refresh_status TILES, job sent', async () => {
    const res = await patch(h, us, 'P2', { install_year: 1950 });
    expect(res.statusCode, res.body).toBe(200);
    const asset = assetSchema.parse(res.json());
    expect(asset).toMatchObject({ install_year: 1950, install_year_status: 2, imputed_install_year: 1965 });
    // The served results stay until the new analysis is swapped in.
    expect(asset.analysis?.id).toBe(us.analysisId);
    expect(asset.lof_12).toBeCloseTo(0.3, 6);
    // The fixture's served run stores no model: a whole analysis, and the answer says why.
    expect(res.json()['edit']).toEqual({ analysis: 'queued', reason: 'no_model' });
    const { runs, dataset } = await analysesOf(h, us.datasetId);
    expect(runs.at(-1)).toMatchObject({ stage: 'queued', reason: 'override' });
    expect(runs).toHaveLength(2);
    expect(dataset).toMatchObject({ refresh_status: 'TILES', analysis_id: us.analysisId });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBe('analysis');
    expect(send.mock.calls[0]![1]).toMatchObject({ clientId: 1, datasetId: us.datasetId });
  });

  it('restores the imputed value when the override is removed with null', async () => {
    const res = await patch(h, us, 'P2', { install_year: null });
    expect(res.json()).toMatchObject({ install_year: 1965, install_year_status: 1 });
    const p1 = await patch(h, us, 'P1', { diameter: 250.5 });
    expect(p1.json()).toMatchObject({ diameter: 250.5, diameter_status: 2 });
    const back = await patch(h, us, 'P1', { diameter: null });
    expect(back.json()).toMatchObject({ diameter: 150, diameter_status: 0 });
    const mat = await patch(h, us, 'P1', { material_type_code: 10 });
    expect(mat.json()).toMatchObject({ material_type_code: 10, material_status: 2 });
    // The queued analysis reads these edits: none cancels it or queues another (issue 38), and each says so.
    expect(mat.json()['edit']).toEqual({ analysis: 'pending_run', reason: null });
    const { runs } = await analysesOf(h, us.datasetId);
    expect(runs.filter((r) => r['stage'] === 'queued')).toHaveLength(1);
    expect(runs.filter((r) => r['stage'] === 'cancelled')).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('marks a pipe abandoned, and a dataset without results goes to WAITING', async () => {
    const res = await patch(h, bare, 'Q1', { abandoned: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ abandoned: true, analysis: null });
    const { dataset } = await withSystem(h.database.db, async (tx) => ({
      dataset: (await tx.execute(sql`SELECT status FROM datasets WHERE id = ${bare.datasetId}`)).rows[0]!,
    }));
    expect(Number(dataset['status'])).toBe(5);
  });

  it('rejects anything but exactly one valid field with 400 VALIDATION', async () => {
    const year = new Date().getUTCFullYear();
    for (const body of [
      {},
      { install_year: 1990, diameter: 100 },
      { install_year: 1799 },
      { install_year: year + 1 },
      { install_year: 1990.5 },
      { material_type_code: 11 },
      { diameter: -1 },
      { diameter: 30_000 },
      { abandoned: 'yes' },
      { length: 3 },
    ]) {
      const res = await patch(h, us, 'P1', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await patch(h, us, 'P1', { install_year: 1800 })).statusCode).toBe(200);
    expect((await patch(h, us, 'P1', { diameter: 999 * 25.4 })).statusCode).toBe(200);
  });

  it('lets workers and administrators edit; viewers and the demo guest may not', async () => {
    expect((await patch(h, us, 'P1', { abandoned: false }, ADMIN)).statusCode).toBe(200);
    const viewer = await patch(h, us, 'P1', { abandoned: true }, VIEWER);
    expect(viewer.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const guest = await patch(h, us, 'P1', { abandoned: true }, GUEST);
    expect(guest.json()).toMatchObject({ status: 403, code: 'DEMO_READ_ONLY' });
    // The administrator's edit is read by the analysis queued above: nothing new is sent.
    expect(send).not.toHaveBeenCalled();
  });

  it('needs VP for attribute overrides but not for abandoned', async () => {
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF}' WHERE id = 2`),
    );
    try {
      const res = await patch(h, jp, 'P1', { install_year: 1960 }, JP_ADMIN);
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await patch(h, jp, 'P1', { abandoned: true }, JP_ADMIN)).statusCode).toBe(200);
    } finally {
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF,RUL,VP,POPULATION}' WHERE id = 2`),
      );
    }
  });

  it("answers 404 for unknown pipes and another client's dataset, changing nothing", async () => {
    expect((await patch(h, us, 'NOPE', { abandoned: true })).statusCode).toBe(404);
    const other = await patch(h, jp, 'P1', { abandoned: true }, WORKER);
    expect(other.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const crossed = await h.request({
      method: 'PATCH',
      url: `/api/datasets/${us.datasetId}/assets/${jp.pipes['P2']}`,
      token: await h.token(WORKER),
      body: { abandoned: true },
    });
    expect(crossed.statusCode).toBe(404);
    expect(send).not.toHaveBeenCalled();
    const { runs } = await analysesOf(h, jp.datasetId);
    expect(runs.filter((r) => r['reason'] === 'override')).toHaveLength(1); // the VP test's abandoned edit
  });
});
