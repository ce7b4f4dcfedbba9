// GET/POST /api/datasets/{id}/virtual_pipes… (docs/api-virtual-pipes.md): the paged table of pipes with an
// imputed or overridden attribute (spec 001 §2, §7, §9: 25 per page, id ascending), one pipe's likelihood maps, and
// bulk override/restore with its role and subscription gates. The job sender is spied on: no pg-boss runs here.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { virtualPipeDetailSchema, virtualPipeListSchema } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const get = async (h: Harness, url: string, email = VIEWER) =>
  h.request({ method: 'GET', url: `/api${url}`, token: await h.token(email) });
const bulk = async (h: Harness, datasetId: number, body: unknown, email = WORKER) =>
  h.request({
    method: 'POST',
    url: `/api/datasets/${datasetId}/virtual_pipes/bulk`,
    token: await h.token(email),
    body,
  });
const list = async (h: Harness, datasetId: number, query = '', email = VIEWER) => {
  const res = await get(h, `/datasets/${datasetId}/virtual_pipes${query}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return virtualPipeListSchema.parse(res.json());
};
const overridesOf = (h: Harness, ids: number[]) =>
  withSystem(h.database.db, async (tx) => {
    const r = await tx.execute(
      sql`SELECT id, overrides FROM pipes WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id`,
    );
    return r.rows.map((row) => row['overrides']);
  });
const queuedOverrides = (h: Harness, datasetId: number) =>
  withSystem(h.database.db, async (tx) => {
    const r = await tx.execute(
      sql`SELECT count(*)::int AS n FROM analyses WHERE dataset_id = ${datasetId} AND reason = 'override'`,
    );
    return Number(r.rows[0]!['n']);
  });

forEachBackend('virtual pipes', (h) => {
  let us: AnalysisFixture;
  let many: AnalysisFixture;
  let jp: AnalysisFixture;
  let send: ReturnType<typeof vi.fn>;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    // 30 more pipes without an install year (V01…V30), inserted in reverse so id order ≠ native id order.
    many = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Many virtual pipes' });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`
        INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m, diameter_mm, material_type_code)
        SELECT client_id, dataset_id, 'V' || lpad(g::text, 2, '0'), geom, length_m, 100 + g, 1
        FROM pipes, generate_series(30, 1, -1) g WHERE id = ${many.pipes['P1']!}`),
    );
    send = vi.fn(async () => 'job-id');
    h.deps.jobs.send = send as unknown as typeof h.deps.jobs.send;
  });
  afterEach(() => send.mockClear());

  describe('GET virtual_pipes', () => {
    it('lists only pipes with a non-provided attribute, with status, provided, imputed and likelihood', async () => {
      const page = await list(h, us.datasetId);
      expect(page).toMatchObject({ page: 1, page_size: 25, total: 1, total_pages: 1, phase: 0 });
      expect(page.virtual_pipes).toEqual([
        {
          id: us.pipes['P2'],
          native_pipe_id: 'P2',
          address: null,
          sampled: false,
          verified: false,
          diameter: { status: 1, value: 100, provided: null, imputed: 100, likelihood: 0.7 },
          install_year: { status: 1, value: 1965, provided: null, imputed: 1965, likelihood: null },
          material_type_code: { status: 0, value: 8, provided: 8, imputed: null, likelihood: null },
        },
      ]);
    });

    it('pages 25 rows by default, sorted by id ascending, and sorts by any attribute', async () => {
      const first = await list(h, many.datasetId);
      expect(first).toMatchObject({ total: 31, total_pages: 2, page_size: 25 });
      const ids = first.virtual_pipes.map((p) => p.id);
      expect(ids).toHaveLength(25);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(first.virtual_pipes[0]!.native_pipe_id).toBe('P2');
      const second = await list(h, many.datasetId, '?page=2');
      expect(second.virtual_pipes).toHaveLength(6);
      expect(second.virtual_pipes[0]!.id).toBeGreaterThan(ids.at(-1)!);
      const byNative = await list(h, many.datasetId, '?order_by=-native_pipe_id&page_size=3');
      expect(byNative.virtual_pipes.map((p) => p.native_pipe_id)).toEqual(['V30', 'V29', 'V28']);
      expect(byNative.total_pages).toBe(11);
      const byDiameter = await list(h, many.datasetId, '?order_by=diameter&page_size=2');
      expect(byDiameter.virtual_pipes.map((p) => p.diameter.value)).toEqual([100, 101]);
    });

    it('searches by id, pipe id and address, wildcards taken literally (issue 38)', async () => {
      const byNative = await list(h, many.datasetId, '?search=v0');
      expect(byNative.virtual_pipes.map((p) => p.native_pipe_id).sort()).toEqual([
        'V01',
        'V02',
        'V03',
        'V04',
        'V05',
        'V06',
        'V07',
        'V08',
        'V09',
      ]);
      const p2 = many.pipes['P2']!;
      expect((await list(h, many.datasetId, `?search=${p2}`)).virtual_pipes.map((p) => p.id)).toContain(p2);
      expect((await list(h, many.datasetId, '?search=%25')).total).toBe(0);
      expect((await list(h, many.datasetId, '?search=_1')).total).toBe(0);
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE pipes SET address = '7 Elm Road' WHERE id = ${p2}`),
      );
      const byAddress = await list(h, many.datasetId, '?search=elm%20ROAD');
      expect(byAddress.virtual_pipes.map((p) => [p.id, p.address])).toEqual([[p2, '7 Elm Road']]);
      const sorted = await list(h, many.datasetId, '?order_by=-address&page_size=1');
      expect(sorted.virtual_pipes[0]!.id).toBe(p2);
    });

    it("sorts by the confidence of an attribute's AI value, unknown last (issue 38)", async () => {
      for (const order of ['diameter_likelihood', '-diameter_likelihood']) {
        const page = await list(h, many.datasetId, `?order_by=${order}&page_size=2`);
        expect(page.virtual_pipes[0]).toMatchObject({ native_pipe_id: 'P2', diameter: { likelihood: 0.7 } });
        expect(page.virtual_pipes[1]!.diameter.likelihood).toBeNull();
      }
      const years = await list(h, many.datasetId, '?order_by=-install_year_likelihood');
      expect(years.total).toBe(31);
    });

    it('filters by attribute and status', async () => {
      const diameterImputed = await list(h, many.datasetId, '?attribute=diameter&status=1');
      expect(diameterImputed.virtual_pipes.map((p) => p.native_pipe_id)).toEqual(['P2']);
      const providedDiameter = await list(h, many.datasetId, '?attribute=diameter&status=0');
      expect(providedDiameter.total).toBe(30);
      expect((await list(h, many.datasetId, '?status=2')).total).toBe(0);
      expect((await list(h, many.datasetId, '?attribute=material_type_code')).total).toBe(0);
    });

    it('rejects bad paging, sort and filter values with 400', async () => {
      for (const q of ['?page=0', '?page_size=101', '?order_by=lof_12', '?status=3', '?attribute=length']) {
        const res = await get(h, `/datasets/${us.datasetId}/virtual_pipes${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
      }
    });

    it("answers 401 without a token and 404 for another client's dataset", async () => {
      const anon = await h.request({ method: 'GET', url: `/api/datasets/${us.datasetId}/virtual_pipes` });
      expect(anon.statusCode).toBe(401);
      const other = await get(h, `/datasets/${jp.datasetId}/virtual_pipes`);
      expect(other.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('GET virtual_pipes/pipe_pages', () => {
    it('gives the table page of each pipe under the same sort, filter and page size', async () => {
      const url = (q: string) => `/datasets/${many.datasetId}/virtual_pipes/pipe_pages?${q}`;
      const v = (n: number) => many.pipes[`V${String(n).padStart(2, '0')}`] ?? 0;
      const ids = await withSystem(h.database.db, async (tx) => {
        const r = await tx.execute(
          sql`SELECT native_pipe_id, id FROM pipes WHERE dataset_id = ${many.datasetId} ORDER BY id`,
        );
        return r.rows.map((row) => [String(row['native_pipe_id']), Number(row['id'])] as const);
      });
      Object.assign(many.pipes, Object.fromEntries(ids));
      // By id: P2 is first, then V30 … V01 (inserted in reverse): V01 is the 31st row, page 2.
      const byId = await get(h, url(`pipe_ids=${many.pipes['P2']},${v(1)},${v(30)},${many.pipes['P1']}`));
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json().pages).toEqual([
        { pipe_id: many.pipes['P2'], page: 1 },
        { pipe_id: v(1), page: 2 },
        { pipe_id: v(30), page: 1 },
        { pipe_id: many.pipes['P1'], page: null },
      ]);
      const byNative = await get(h, url(`pipe_ids=${v(1)},${v(30)}&order_by=-native_pipe_id&page_size=10`));
      expect(byNative.json().pages.map((p: { page: number }) => p.page)).toEqual([3, 1]);
      const filtered = await get(h, url(`pipe_ids=${v(1)}&attribute=diameter&status=1`));
      expect(filtered.json().pages).toEqual([{ pipe_id: v(1), page: null }]);
      expect((await get(h, url('pipe_ids=a,b'))).statusCode).toBe(400);
      const other = await get(h, `/datasets/${jp.datasetId}/virtual_pipes/pipe_pages?pipe_ids=1`);
      expect(other.statusCode).toBe(404);
    });
  });

  describe('GET virtual_pipes/{pipeId}', () => {
    it('returns the likelihood map per category of each attribute', async () => {
      const res = await get(h, `/datasets/${us.datasetId}/virtual_pipes/${us.pipes['P2']}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = virtualPipeDetailSchema.parse(res.json());
      expect(detail.likelihoods).toEqual({
        diameter: { 100: 0.7, 150: 0.3 },
        install_year: null,
        material_type_code: null,
      });
      expect(detail.diameter).toMatchObject({ status: 1, imputed: 100, likelihood: 0.7 });
    });

    it("answers 404 for a fully provided pipe, an unknown one and another client's pipe", async () => {
      for (const url of [
        `/datasets/${us.datasetId}/virtual_pipes/${us.pipes['P1']}`,
        `/datasets/${us.datasetId}/virtual_pipes/999999`,
        `/datasets/${us.datasetId}/virtual_pipes/${jp.pipes['P2']}`,
        `/datasets/${jp.datasetId}/virtual_pipes/${jp.pipes['P2']}`,
      ]) {
        expect((await get(h, url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('POST virtual_pipes/bulk', () => {
    it('overrides one attribute of many pipes in one batch and queues one analysis', async () => {
      const ids = [us.pipes['P1']!, us.pipes['P2']!];
      const before = await queuedOverrides(h, us.datasetId);
      const res = await bulk(h, us.datasetId, {
        action: 'override',
        attribute: 'install_year',
        value: 1955,
        pipe_ids: ids,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ updated: 2, changed: 2, analysis_queued: true });
      expect(await queuedOverrides(h, us.datasetId)).toBe(before + 1);
      expect(send).toHaveBeenCalledTimes(1);
      // P1 becomes virtual (its install year is overridden), P2's install year reads as overridden.
      const page = await list(h, us.datasetId, '?status=2');
      expect(
        page.virtual_pipes.map((p) => [p.native_pipe_id, p.install_year.status, p.install_year.value]),
      ).toEqual([
        ['P1', 2, 1955],
        ['P2', 2, 1955],
      ]);
      expect(page.virtual_pipes[1]!.install_year).toMatchObject({ imputed: 1965, provided: null });
    });

    it('restores the imputed value by removing the override', async () => {
      const ids = [us.pipes['P1']!, us.pipes['P2']!];
      const res = await bulk(
        h,
        us.datasetId,
        { action: 'restore', attribute: 'install_year', pipe_ids: ids },
        ADMIN,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await overridesOf(h, ids)).toEqual([{}, {}]);
      const page = await list(h, us.datasetId);
      expect(page.virtual_pipes.map((p) => p.native_pipe_id)).toEqual(['P2']);
      expect(page.virtual_pipes[0]!.install_year).toMatchObject({ status: 1, value: 1965 });
      send.mockClear();
      // Restoring again changes nothing, and says so: no analysis is queued (issue 38).
      const again = await bulk(h, us.datasetId, {
        action: 'restore',
        attribute: 'install_year',
        pipe_ids: ids,
      });
      expect(again.json()).toEqual({ updated: 2, changed: 0, analysis_queued: false });
      expect(send).not.toHaveBeenCalled();
    });

    it('rejects invalid bodies with 400', async () => {
      for (const body of [
        {},
        { action: 'override', attribute: 'install_year', pipe_ids: [us.pipes['P2']] },
        { action: 'override', attribute: 'install_year', value: 1799, pipe_ids: [us.pipes['P2']] },
        { action: 'override', attribute: 'material_type_code', value: 11, pipe_ids: [us.pipes['P2']] },
        { action: 'override', attribute: 'length', value: 3, pipe_ids: [us.pipes['P2']] },
        { action: 'restore', attribute: 'diameter', pipe_ids: [] },
        { action: 'restore', attribute: 'diameter', pipe_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        { action: 'delete', attribute: 'diameter', pipe_ids: [us.pipes['P2']] },
      ]) {
        const res = await bulk(h, us.datasetId, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('lets workers and administrators edit; viewers and the demo guest get 403', async () => {
      const body = { action: 'override', attribute: 'diameter', value: 250, pipe_ids: [us.pipes['P2']] };
      expect((await bulk(h, us.datasetId, body, VIEWER)).json()).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect((await bulk(h, us.datasetId, body, GUEST)).json()).toMatchObject({
        status: 403,
        code: 'DEMO_READ_ONLY',
      });
      expect(await overridesOf(h, [us.pipes['P2']!])).toEqual([{}]);
      expect(send).not.toHaveBeenCalled();
    });

    it('needs the VP subscription', async () => {
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF}' WHERE id = 2`),
      );
      try {
        const body = { action: 'override', attribute: 'diameter', value: 250, pipe_ids: [jp.pipes['P2']] };
        const res = await bulk(h, jp.datasetId, body, JP_ADMIN);
        expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
        expect(await overridesOf(h, [jp.pipes['P2']!])).toEqual([{}]);
      } finally {
        await withSystem(h.database.db, (tx) =>
          tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF,RUL,VP,POPULATION}' WHERE id = 2`),
        );
      }
    });

    it("answers 404 for another client's dataset or pipe, changing nothing", async () => {
      const body = { action: 'override', attribute: 'diameter', value: 250, pipe_ids: [jp.pipes['P2']] };
      expect((await bulk(h, jp.datasetId, body)).statusCode).toBe(404);
      // One foreign id among ours rolls the whole batch back.
      const mixed = await bulk(h, us.datasetId, { ...body, pipe_ids: [us.pipes['P2'], jp.pipes['P2']] });
      expect(mixed.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await overridesOf(h, [us.pipes['P2']!, jp.pipes['P2']!])).toEqual([{}, {}]);
      expect(send).not.toHaveBeenCalled();
    });
  });
});
