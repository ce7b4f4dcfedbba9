// The virtual-pipe phase workflow (docs/api-virtual-pipes.md; spec 001 §4 INIT → FINALIZED → MERGED, §7
// sampling_test, verified_pipes, merge): drawing the sample finalizes, field values are recorded and scored,
// the merge makes them provided. The job sender is spied on: no pg-boss runs here.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { samplingTestSchema, verifiedPipesSchema } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { wilsonInterval } from '../src/modules/virtual-pipes/sampling.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const call = async (h: Harness, method: 'GET' | 'POST', url: string, body?: unknown, email = WORKER) =>
  h.request({ method, url: `/api/datasets/${url}`, token: await h.token(email), body });
const pipeRow = (h: Harness, id: number) =>
  withSystem(h.database.db, async (tx) => {
    const r = await tx.execute(
      sql`SELECT install_year, diameter_mm, material_type_code, overrides FROM pipes WHERE id = ${id}`,
    );
    return r.rows[0]!;
  });

forEachBackend('virtual pipe phases', (h) => {
  let flow: AnalysisFixture;
  let jp: AnalysisFixture;
  let f: Record<string, number>;
  let send: ReturnType<typeof vi.fn>;
  /** F01…F10 miss their install year; the served analysis imputed 1961…1970 (5-year bins: 1960, 1965, 1970). */
  const addFieldPipes = (fixture: AnalysisFixture) =>
    withSystem(h.database.db, async (tx) => {
      const r = await tx.execute(sql`
        INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m, diameter_mm, material_type_code)
        SELECT client_id, dataset_id, 'F' || lpad(g::text, 2, '0'), geom, length_m, 150, 1
        FROM pipes, generate_series(1, 10) g WHERE id = ${fixture.pipes['P1']!}
        RETURNING id, native_pipe_id`);
      await tx.execute(sql`
        INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, install_year_status,
          imputed_install_year)
        SELECT ${fixture.analysisId}, id, client_id, dataset_id, 1, 1960 + substr(native_pipe_id, 2)::int
        FROM pipes WHERE dataset_id = ${fixture.datasetId} AND native_pipe_id LIKE 'F%'`);
      return Object.fromEntries(r.rows.map((row) => [String(row['native_pipe_id']), Number(row['id'])]));
    });
  beforeAll(async () => {
    flow = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Field verification' });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    f = await addFieldPipes(flow);
    send = vi.fn(async () => 'job-id');
    h.deps.jobs.send = send as unknown as typeof h.deps.jobs.send;
  });

  it('starts in INIT with no sample, and refuses verification and merge before the sample', async () => {
    const res = await call(h, 'GET', `${flow.datasetId}/virtual_pipes/sampling_test`, undefined, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    const report = samplingTestSchema.parse(res.json());
    expect(report).toMatchObject({ phase: 0, sample: null });
    expect(report.accuracy.install_year).toEqual({
      verified: 0,
      correct: 0,
      accuracy: null,
      ci_low: null,
      ci_high: null,
    });
    const verify = await call(h, 'POST', `${flow.datasetId}/virtual_pipes/verified_pipes`, {
      verifications: [{ pipe_id: f['F01'], attribute: 'install_year', value: 1963 }],
    });
    expect(verify.json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((await call(h, 'POST', `${flow.datasetId}/virtual_pipes/merge`)).statusCode).toBe(409);
  });

  it('gates the writes: viewers and the demo guest 403, VP needed, another client 404', async () => {
    const url = `${flow.datasetId}/virtual_pipes/sampling_test`;
    expect((await call(h, 'POST', url, { size: 3 }, VIEWER)).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(h, 'POST', url, { size: 3 }, GUEST)).json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
    expect(
      (await call(h, 'POST', `${flow.datasetId}/virtual_pipes/merge`, undefined, VIEWER)).statusCode,
    ).toBe(403);
    expect(
      (await call(h, 'POST', `${jp.datasetId}/virtual_pipes/sampling_test`, { size: 3 })).statusCode,
    ).toBe(404);
    expect((await call(h, 'GET', `${jp.datasetId}/virtual_pipes/verified_pipes`)).statusCode).toBe(404);
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF}' WHERE id = 2`),
    );
    try {
      const res = await call(h, 'POST', `${jp.datasetId}/virtual_pipes/sampling_test`, { size: 3 }, JP_ADMIN);
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    } finally {
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF,RUL,VP,POPULATION}' WHERE id = 2`),
      );
    }
    const still = await call(h, 'GET', `${flow.datasetId}/virtual_pipes/sampling_test`);
    expect(still.json()).toMatchObject({ phase: 0, sample: null });
    for (const body of [{}, { size: 0 }, { size: 501 }, { size: 3, seed: -1 }, { size: 3, extra: 1 }]) {
      expect((await call(h, 'POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('draws a seeded stratified sample of imputed pipes and finalizes', async () => {
    const url = `${flow.datasetId}/virtual_pipes/sampling_test`;
    const res = await call(h, 'POST', url, { size: 4, seed: 11 });
    expect(res.statusCode, res.body).toBe(200);
    const report = samplingTestSchema.parse(res.json());
    expect(report.phase).toBe(1);
    // P2 (diameter and install year imputed) is a stratum of its own: it is always drawn.
    expect(report.sample).toMatchObject({ seed: 11, size: 4, verified: 0 });
    expect(report.sample!.strata).toEqual({ 'diameter+install_year': 1, install_year: 3 });
    expect(report.sample!.pipe_ids).toContain(flow.pipes['P2']);
    const again = samplingTestSchema.parse((await call(h, 'POST', url, { size: 4, seed: 11 })).json());
    expect(again.sample!.pipe_ids).toEqual(report.sample!.pipe_ids);
    // The whole population, for the accuracy test below.
    const all = samplingTestSchema.parse((await call(h, 'POST', url, { size: 500, seed: 1 })).json());
    expect(all.sample!.size).toBe(11);
    const dataset = await call(h, 'GET', `${flow.datasetId}/virtual_pipes?page_size=1`, undefined, VIEWER);
    expect(dataset.json().phase).toBe(1);
  });

  it('records field values all or nothing and reports accuracy with a Wilson interval', async () => {
    const url = `${flow.datasetId}/virtual_pipes/verified_pipes`;
    const unknown = await call(h, 'POST', url, {
      verifications: [
        { pipe_id: f['F01'], attribute: 'install_year', value: 1963 },
        { pipe_id: jp.pipes['P2'], attribute: 'install_year', value: 1963 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    const provided = await call(h, 'POST', url, {
      verifications: [{ pipe_id: flow.pipes['P1'], attribute: 'install_year', value: 1963 }],
    });
    expect(provided.json()).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(verifiedPipesSchema.parse((await call(h, 'GET', url)).json()).verified_pipes).toEqual([]);
    const res = await call(h, 'POST', url, {
      verifications: [
        { pipe_id: f['F01'], attribute: 'install_year', value: 1963 }, // imputed 1961: same bin
        { pipe_id: f['F02'], attribute: 'install_year', value: 1980 }, // imputed 1962: wrong
        { pipe_id: flow.pipes['P2'], attribute: 'install_year', value: 1966 }, // imputed 1965: same bin
        { pipe_id: flow.pipes['P2'], attribute: 'diameter', value: 150 }, // imputed 100: wrong
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = verifiedPipesSchema.parse(res.json()).verified_pipes;
    expect(list).toHaveLength(4);
    expect(list.find((v) => v.pipe_id === f['F02'])).toMatchObject({ value: 1980, imputed: 1962, status: 1 });
    const report = samplingTestSchema.parse(
      (await call(h, 'GET', `${flow.datasetId}/virtual_pipes/sampling_test`, undefined, VIEWER)).json(),
    );
    expect(report.sample!.verified).toBe(3);
    const ci = wilsonInterval(2, 3);
    expect(report.accuracy.install_year).toMatchObject({
      verified: 3,
      correct: 2,
      ci_low: ci.low,
      ci_high: ci.high,
    });
    expect(report.accuracy.install_year.accuracy).toBeCloseTo(2 / 3, 9);
    expect(report.accuracy.diameter).toMatchObject({ verified: 1, correct: 0, accuracy: 0 });
  });

  it('merges verified and overridden values into the provided ones, once', async () => {
    const patch = await h.request({
      method: 'PATCH',
      url: `/api/datasets/${flow.datasetId}/assets/${f['F05']}`,
      token: await h.token(WORKER),
      body: { install_year: 1999 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    send.mockClear();
    const merge = `${flow.datasetId}/virtual_pipes/merge`;
    // 3 of the 11 sampled pipes have a field value: the merge is refused, naming the 8 others (issue 38).
    const refused = await call(h, 'POST', merge);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(refused.json().message).toContain('8 of the 11 sampled pipes are not verified');
    // Only an administrator may override, and only with a reason.
    const worker = await call(h, 'POST', merge, { override: { reason: 'Crew is out until spring' } });
    expect(worker.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await call(h, 'POST', merge, { override: { reason: ' ' } }, ADMIN)).statusCode).toBe(400);
    expect((await call(h, 'POST', merge, { override: {} }, ADMIN)).statusCode).toBe(400);
    const preview = samplingTestSchema.parse(
      (await call(h, 'GET', `${flow.datasetId}/virtual_pipes/sampling_test`)).json(),
    );
    expect(preview).toMatchObject({ phase: 1, merge_override: null });
    expect(preview.sample).toMatchObject({ size: 11, verified: 3, unverified: 8 });
    // F01, F02, P2 verified (P2 twice) and F05 overridden.
    expect(preview.merge_preview).toEqual({ pipes: 4, diameter: 1, install_year: 4, material_type_code: 0 });
    expect(send).not.toHaveBeenCalled();
    const res = await call(h, 'POST', merge, { override: { reason: 'Crew is out until spring' } }, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ phase: 2, merged: 4, analysis_queued: true, unverified: 8 });
    expect(send).toHaveBeenCalledTimes(1);
    const audited = samplingTestSchema.parse(
      (await call(h, 'GET', `${flow.datasetId}/virtual_pipes/sampling_test`, undefined, VIEWER)).json(),
    );
    expect(audited.merge_override).toMatchObject({
      user_email: ADMIN,
      unverified: 8,
      sample_size: 11,
      reason: 'Crew is out until spring',
    });
    expect(Date.now() - Date.parse(audited.merge_override!.at)).toBeLessThan(60_000);
    expect(audited.merge_preview).toMatchObject({ pipes: 0 });
    expect(await pipeRow(h, f['F01']!)).toMatchObject({ install_year: 1963, overrides: {} });
    expect(await pipeRow(h, f['F05']!)).toMatchObject({ install_year: 1999, overrides: {} });
    expect(await pipeRow(h, flow.pipes['P2']!)).toMatchObject({ install_year: 1966, diameter_mm: 150 });
    expect(await pipeRow(h, f['F03']!)).toMatchObject({ install_year: null });
    const table = await call(h, 'GET', `${flow.datasetId}/virtual_pipes`, undefined, VIEWER);
    expect(table.json()).toMatchObject({ phase: 2, total: 7 });
    for (const [path, body] of [
      ['merge', undefined],
      ['sampling_test', { size: 3 }],
      ['verified_pipes', { verifications: [{ pipe_id: f['F03'], attribute: 'install_year', value: 1960 }] }],
    ] as const) {
      const again = await call(h, 'POST', `${flow.datasetId}/virtual_pipes/${path}`, body);
      expect(again.json(), path).toMatchObject({ status: 409, code: 'CONFLICT' });
    }
  });

  it('refuses a merge while the sample is unverified, and merges once every sampled pipe is (issue 38)', async () => {
    const ds = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Verified in the field' });
    await addFieldPipes(ds);
    const url = (path: string) => `${ds.datasetId}/virtual_pipes/${path}`;
    const drawn = samplingTestSchema.parse(
      (await call(h, 'POST', url('sampling_test'), { size: 10 })).json(),
    );
    expect(drawn.sample).toMatchObject({ size: 10, verified: 0, unverified: 10 });
    const ids = drawn.sample!.pipe_ids;
    const refused = await call(h, 'POST', url('merge'));
    expect(refused.json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(refused.json().message).toContain('10 of the 10 sampled pipes are not verified');
    // The sample only, as the table lists it, marked sampled and not verified.
    const sampleRows = await call(h, 'GET', `${url('').slice(0, -1)}?sample=true&page_size=100`);
    expect(sampleRows.json().virtual_pipes.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(sampleRows.json().virtual_pipes[0]).toMatchObject({ sampled: true, verified: false });
    // Half confirmed as they are, half corrected.
    const confirmed = ids.slice(0, 5).map((id) => ({ pipe_id: id, attribute: 'install_year' }));
    const corrected = ids.slice(5).map((id) => ({ pipe_id: id, attribute: 'install_year', value: 1990 }));
    const rec = await call(h, 'POST', url('verified_pipes'), { verifications: [...confirmed, ...corrected] });
    expect(rec.statusCode, rec.body).toBe(200);
    const list = verifiedPipesSchema.parse(rec.json()).verified_pipes;
    expect(list.filter((v) => v.confirmed)).toHaveLength(5);
    expect(list.find((v) => v.pipe_id === ids[0])).toMatchObject({ confirmed: true, status: 1 });
    expect(list.find((v) => v.pipe_id === ids[0])!.value).toBe(
      list.find((v) => v.pipe_id === ids[0])!.imputed,
    );
    expect(list.find((v) => v.pipe_id === ids[9])).toMatchObject({ value: 1990, confirmed: false });
    const ready = samplingTestSchema.parse((await call(h, 'GET', url('sampling_test'))).json());
    expect(ready.sample).toMatchObject({ verified: 10, unverified: 0 });
    expect(ready.merge_preview).toEqual({ pipes: 10, diameter: 0, install_year: 10, material_type_code: 0 });
    const res = await call(h, 'POST', url('merge'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ phase: 2, merged: 10, analysis_queued: true, unverified: 0 });
    expect(
      samplingTestSchema.parse((await call(h, 'GET', url('sampling_test'))).json()).merge_override,
    ).toBeNull();
    expect(await pipeRow(h, ids[9]!)).toMatchObject({ install_year: 1990, overrides: {} });
  });
});
