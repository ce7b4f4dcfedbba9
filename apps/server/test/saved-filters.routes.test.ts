// Saved filters of docs/api-filters.md (spec 000 §3, §7; FILT-SAV-01..06) on both backends: each user's own
// filters per snapshot group, the older flat format converted on read, tenancy and the demo account's read-only.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { savedFilterListSchema, savedFilterSchema, type SavedFilter } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const FILTERS = {
  active_pipe_layer_group: 'pipes',
  scalar_type: [{ key: 'materialTypeCode', values: [0, 8] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: null }],
  boundary_type: [
    {
      layer_group: 'pipes',
      polygons: [
        [
          [139.9, 37.4],
          [139.95, 37.4],
          [139.95, 37.5],
          [139.9, 37.4],
        ],
      ],
    },
  ],
};

const call = async (
  h: Harness,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  body?: unknown,
) => h.request({ method, url, token: await h.token(email), body });

forEachBackend('saved filter routes', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  const create = async (email: string, body: Record<string, unknown>) => {
    const res = await call(h, 'POST', '/api/saved-filters', email, {
      snapshot_id: us.groupId,
      lof_type: 'rank',
      filters: FILTERS,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return savedFilterSchema.parse(res.json()) as SavedFilter;
  };
  const list = async (email: string, query: string) => {
    const res = await call(h, 'GET', `/api/saved-filters?${query}`, email);
    expect(res.statusCode, res.body).toBe(200);
    return savedFilterListSchema.parse(res.json()).saved_filters;
  };

  /** Planner scenarios of the US group: a filter may name only a scenario of its own group. */
  let scenario: { a: number; b: number; c: number };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2, analysis: false });
    const ids = await withSystem(h.database.db, async (tx) =>
      (
        await tx.execute(sql`
          INSERT INTO job_planner_scenarios (client_id, snapshot_id, name, start_date, end_date)
          SELECT 1, ${us.groupId}, n, '2026-01-01', '2026-01-08' FROM unnest(ARRAY['a', 'b', 'c']) AS n
          RETURNING id`)
      ).rows.map((r) => Number(r['id'])),
    );
    scenario = { a: ids[0]!, b: ids[1]!, c: ids[2]! };
  });

  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', `/api/saved-filters?snapshot_id=${us.groupId}`],
      ['GET', '/api/saved-filters/1'],
      ['POST', '/api/saved-filters'],
      ['PATCH', '/api/saved-filters/1'],
      ['DELETE', '/api/saved-filters/1'],
    ] as const) {
      expect((await h.request({ method, url, body: method === 'POST' ? {} : undefined })).statusCode).toBe(
        401,
      );
    }
  });

  it('creates a saved filter and reads it back (FILT-SAV-01, 02, 05, 06)', async () => {
    const made = await create(VIEWER, { name: 'Old cast iron', job_planner_scenario: scenario.a });
    expect(made).toMatchObject({
      name: 'Old cast iron',
      snapshot_id: us.groupId,
      job_planner_scenario: scenario.a,
      filters: FILTERS,
      lof_type: 'rank',
    });
    const one = await call(h, 'GET', `/api/saved-filters/${made.id}`, VIEWER);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(made);
    // With job_planner the filter must be that scenario's.
    expect(
      (await call(h, 'GET', `/api/saved-filters/${made.id}?job_planner=${scenario.a}`, VIEWER)).statusCode,
    ).toBe(200);
    expect(
      (await call(h, 'GET', `/api/saved-filters/${made.id}?job_planner=${scenario.b}`, VIEWER)).statusCode,
    ).toBe(404);
  });

  it("lists only the caller's filters of that snapshot group, newest first, optionally of one scenario", async () => {
    const a = await create(WORKER, { name: 'A' });
    const b = await create(WORKER, { name: 'B', job_planner_scenario: scenario.c });
    await create(ADMIN, { name: 'Not mine' });
    expect((await list(WORKER, `snapshot_id=${us.groupId}`)).map((f) => f.id)).toEqual([b.id, a.id]);
    expect(
      (await list(WORKER, `snapshot_id=${us.groupId}&job_planner=${scenario.c}`)).map((f) => f.name),
    ).toEqual(['B']);
    // Another user's filter is not theirs to read, change or delete.
    expect((await call(h, 'GET', `/api/saved-filters/${a.id}`, ADMIN)).statusCode).toBe(404);
    expect((await call(h, 'PATCH', `/api/saved-filters/${a.id}`, ADMIN, { name: 'x' })).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `/api/saved-filters/${a.id}`, ADMIN)).statusCode).toBe(404);
  });

  it('converts the older flat format on read (FILT-SAV-03)', async () => {
    const legacy = {
      installYear: { keyName: 'installYear', uiType: 'slider', lowInput: 1920, highInput: 1980 },
      materialTypeCode: {
        uiType: 'checkbox',
        tiers: [
          { value: 0, selected: true },
          { value: 1, selected: false },
        ],
      },
    };
    const made = await create(VIEWER, { name: 'Legacy', filters: legacy });
    const expected = {
      active_pipe_layer_group: 'pipes',
      scalar_type: [{ key: 'materialTypeCode', values: [0] }],
      slider_type: [{ key: 'installYear', low_input: 1920, high_input: 1980 }],
      boundary_type: [],
    };
    expect(made.filters).toEqual(expected);
    // Stored as sent: the conversion happens on every read.
    const [row] = await withSystem(
      h.database.db,
      async (tx) => (await tx.execute(sql`SELECT filters FROM saved_filters WHERE id = ${made.id}`)).rows,
    );
    expect(row!['filters']).toEqual(legacy);
    expect((await call(h, 'GET', `/api/saved-filters/${made.id}`, VIEWER)).json().filters).toEqual(expected);
  });

  it('renames, replaces filters and deletes (FILT-SAV-04)', async () => {
    const made = await create(VIEWER, { name: 'Before' });
    const res = await call(h, 'PATCH', `/api/saved-filters/${made.id}`, VIEWER, {
      name: 'After',
      lof_type: 'highest',
      job_planner_scenario: null,
      filters: { ...FILTERS, active_pipe_layer_group: 'vis' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = savedFilterSchema.parse(res.json());
    expect(after).toMatchObject({ name: 'After', lof_type: 'highest', job_planner_scenario: null });
    expect(after.filters.active_pipe_layer_group).toBe('vis');
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.updated_at));
    const del = await call(h, 'DELETE', `/api/saved-filters/${made.id}`, VIEWER);
    expect(del.statusCode).toBe(204);
    expect((await call(h, 'GET', `/api/saved-filters/${made.id}`, VIEWER)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `/api/saved-filters/${made.id}`, VIEWER)).statusCode).toBe(404);
  });

  it('answers 400 naming the fields', async () => {
    const fields = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      return (res.json().fields as { field: string }[]).map((f) => f.field);
    };
    expect(await fields(await call(h, 'GET', '/api/saved-filters', VIEWER))).toContain('snapshot_id');
    expect(await fields(await call(h, 'GET', '/api/saved-filters?snapshot_id=abc', VIEWER))).toContain(
      'snapshot_id',
    );
    const bad = await call(h, 'POST', '/api/saved-filters', VIEWER, {
      snapshot_id: us.groupId,
      name: '',
      filters: FILTERS,
    });
    expect(await fields(bad)).toEqual(expect.arrayContaining(['name', 'lof_type']));
    const long = await call(h, 'POST', '/api/saved-filters', VIEWER, {
      snapshot_id: us.groupId,
      name: 'x'.repeat(121),
      filters: FILTERS,
      lof_type: 'rank',
    });
    expect(await fields(long)).toContain('name');
    const patch = await call(h, 'PATCH', '/api/saved-filters/1', VIEWER, { name: '  ' });
    expect(await fields(patch)).toContain('name');
    expect(await fields(await call(h, 'GET', '/api/saved-filters/abc', VIEWER))).toContain('id');
  });

  it("answers 404 for another client's snapshot group and filters", async () => {
    const mine = await create(VIEWER, { name: 'US only' });
    expect((await call(h, 'GET', `/api/saved-filters?snapshot_id=${jp.groupId}`, VIEWER)).statusCode).toBe(
      404,
    );
    const post = await call(h, 'POST', '/api/saved-filters', VIEWER, {
      snapshot_id: jp.groupId,
      name: 'x',
      filters: FILTERS,
      lof_type: 'rank',
    });
    expect(post.statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/saved-filters/${mine.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `/api/saved-filters/${mine.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/saved-filters?snapshot_id=${us.groupId}`, JP_ADMIN)).statusCode).toBe(
      404,
    );
  });

  it('lets the demo account read but not save (403 DEMO_READ_ONLY)', async () => {
    expect(await list(GUEST, `snapshot_id=${us.groupId}`)).toEqual([]);
    const post = await call(h, 'POST', '/api/saved-filters', GUEST, {
      snapshot_id: us.groupId,
      name: 'x',
      filters: FILTERS,
      lof_type: 'rank',
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('DEMO_READ_ONLY');
    expect((await call(h, 'PATCH', '/api/saved-filters/1', GUEST, { name: 'x' })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', '/api/saved-filters/1', GUEST)).statusCode).toBe(403);
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/saved-filters', '/api/saved-filters/{id}']),
    );
  });
});
