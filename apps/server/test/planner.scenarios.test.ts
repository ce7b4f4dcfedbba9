// Planner scenarios of docs/api-planner.md (spec 001 §2–§7; PLAN-SCN-01..03, -07, -11..13) on both backends:
// defaults, changes, the scenario's saved filter set, cascade on delete, tenancy, subscription and roles.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  defaultPlannerDates,
  plannerScenarioListSchema,
  plannerScenarioSchema,
  savedFilterSchema,
  type PlannerScenario,
} from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';
import { plannerCall, setSubscriptions } from './helpers/planner.ts';

const FILTERS = {
  active_pipe_layer_group: 'pipes',
  scalar_type: [{ key: 'materialTypeCode', values: [0, 8] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: null }],
  boundary_type: [],
};

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows);

forEachBackend('planner scenario routes', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  const call = plannerCall(h);
  const create = async (body: Record<string, unknown> = {}, email = WORKER) => {
    const res = await call('POST', '/api/planner-scenarios', email, { snapshot_id: us.groupId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return plannerScenarioSchema.parse(res.json()) as PlannerScenario;
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2, analysis: false });
    await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
  });

  it("creates with the spec's defaults: 'Job N (date)', today and a week later (PLAN-SCN-11, -13)", async () => {
    const today = defaultPlannerDates(new Date(), 'UTC');
    const first = await create();
    expect(first).toMatchObject({
      snapshot_id: us.groupId,
      name: `Job 1 (${today.start_date})`,
      start_date: today.start_date,
      end_date: today.end_date,
      image_url: null,
      saved_filters: null,
    });
    const second = await create({
      name: 'Mains north',
      start_date: '2027-03-01',
      image_url: 'https://x/y.png',
    });
    expect(second).toMatchObject({ name: 'Mains north', start_date: '2027-03-01', end_date: '2027-03-08' });
    expect((await create()).name).toBe(`Job 3 (${today.start_date})`);
  });

  it("lists the group's scenarios newest first, shared by the client's users (PLAN-SCN-02)", async () => {
    const mine = await create({ name: 'By admin' }, ADMIN);
    const res = await call('GET', `/api/planner-scenarios?snapshot_id=${us.groupId}`, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    const list = plannerScenarioListSchema.parse(res.json()).job_planner_scenarios;
    expect(list[0]!.id).toBe(mine.id);
    const times = list.map((s) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('changes the fields sent, refuses an empty name and an end before the start (PLAN-SCN-07)', async () => {
    const s = await create({ start_date: '2027-01-10', end_date: '2027-01-20' });
    const renamed = await call('PATCH', `/api/planner-scenarios/${s.id}`, WORKER, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      start_date: '2027-01-10',
      end_date: '2027-01-20',
    });
    const empty = await call('PATCH', `/api/planner-scenarios/${s.id}`, WORKER, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.map((f: { field: string }) => f.field)).toEqual(['name']);
    const backwards = await call('PATCH', `/api/planner-scenarios/${s.id}`, WORKER, {
      end_date: '2027-01-09',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields[0].field).toBe('end_date');
    const post = await call('POST', '/api/planner-scenarios', WORKER, {
      snapshot_id: us.groupId,
      start_date: '2027-02-01',
      end_date: '2027-01-01',
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().fields[0].field).toBe('end_date');
    const notADay = await call('POST', '/api/planner-scenarios', WORKER, {
      snapshot_id: us.groupId,
      start_date: '2027-02-31',
    });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().fields[0].field).toBe('start_date');
  });

  it('saves filters into the scenario and reads them back; a second save updates the same set', async () => {
    const s = await create({ name: 'With filters' });
    expect((await call('GET', `/api/planner-scenarios/${s.id}/filters`, VIEWER)).statusCode).toBe(404);
    const put = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, WORKER, {
      filters: FILTERS,
      lof_type: 'lof',
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = savedFilterSchema.parse(put.json());
    expect(saved).toMatchObject({
      name: 'With filters',
      job_planner_scenario: s.id,
      snapshot_id: us.groupId,
    });
    expect(saved.filters).toEqual(FILTERS);
    // Another user of the client reads the same set, and saving again keeps its id.
    const got = await call('GET', `/api/planner-scenarios/${s.id}/filters`, VIEWER);
    expect(got.json()).toEqual(saved);
    const again = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, ADMIN, {
      filters: { ...FILTERS, active_pipe_layer_group: 'vis' },
      lof_type: 'rank',
      name: 'Renamed set',
    });
    expect(again.json()).toMatchObject({ id: saved.id, name: 'Renamed set', lof_type: 'rank' });
    const scenario = await call('GET', `/api/planner-scenarios?snapshot_id=${us.groupId}`, VIEWER);
    const listed = plannerScenarioListSchema
      .parse(scenario.json())
      .job_planner_scenarios.find((x) => x.id === s.id);
    expect(listed!.saved_filters).toBe(saved.id);
  });

  it('refuses filters past the saved-filter size limits with 400 (issue 18)', async () => {
    const s = await create();
    let deep: unknown = 1;
    for (let i = 0; i < 12; i++) deep = { a: deep };
    const put = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, WORKER, {
      filters: deep,
      lof_type: 'lof',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(
      'The saved filter is too large: it nests 13 levels deep, at most 12 are allowed.',
    );
  });

  it('deletes a scenario with its saved filter set', async () => {
    const s = await create();
    const put = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, WORKER, {
      filters: FILTERS,
      lof_type: 'lof',
    });
    const filterId = put.json().id as number;
    expect((await call('DELETE', `/api/planner-scenarios/${s.id}`, WORKER)).statusCode).toBe(204);
    expect(await rows(h, sql`SELECT id FROM saved_filters WHERE id = ${filterId}`)).toEqual([]);
    expect((await call('DELETE', `/api/planner-scenarios/${s.id}`, WORKER)).statusCode).toBe(404);
    expect((await call('GET', `/api/planner-scenarios/${s.id}/filters`, WORKER)).statusCode).toBe(404);
  });

  it('lets viewers read, not write; the demo account is read-only', async () => {
    const s = await create();
    for (const email of [VIEWER, GUEST]) {
      const post = await call('POST', '/api/planner-scenarios', email, { snapshot_id: us.groupId });
      expect(post.statusCode).toBe(403);
      expect((await call('PATCH', `/api/planner-scenarios/${s.id}`, email, { name: 'x' })).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/api/planner-scenarios/${s.id}`, email)).statusCode).toBe(403);
      const put = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, email, {
        filters: FILTERS,
        lof_type: 'lof',
      });
      expect(put.statusCode).toBe(403);
    }
    expect(
      (await call('POST', '/api/planner-scenarios', GUEST, { snapshot_id: us.groupId })).json().code,
    ).toBe('DEMO_READ_ONLY');
    expect((await call('GET', `/api/planner-scenarios?snapshot_id=${us.groupId}`, GUEST)).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another client's group and scenarios", async () => {
    const s = await create();
    expect((await call('GET', `/api/planner-scenarios?snapshot_id=${us.groupId}`, JP_ADMIN)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/planner-scenarios', JP_ADMIN, { snapshot_id: us.groupId })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/planner-scenarios/${s.id}`, JP_ADMIN, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/planner-scenarios/${s.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await call('GET', `/api/planner-scenarios/${s.id}/filters`, JP_ADMIN)).statusCode).toBe(404);
    const put = await call('PUT', `/api/planner-scenarios/${s.id}/filters`, JP_ADMIN, {
      filters: FILTERS,
      lof_type: 'lof',
    });
    expect(put.statusCode).toBe(404);
    expect((await call('GET', `/api/planner-scenarios?snapshot_id=${jp.groupId}`, JP_ADMIN)).statusCode).toBe(
      200,
    );
  });

  it('needs the JOB_PLANNER subscription (403 with a message)', async () => {
    await setSubscriptions(h, 2, ['LOF']);
    try {
      const res = await call('GET', `/api/planner-scenarios?snapshot_id=${jp.groupId}`, JP_ADMIN);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/JOB_PLANNER/);
    } finally {
      await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
    }
  });

  it('ties a saved filter to a scenario of its group only', async () => {
    const s = await create();
    const ok = await call('POST', '/api/saved-filters', VIEWER, {
      snapshot_id: us.groupId,
      name: 'Mine',
      filters: FILTERS,
      lof_type: 'rank',
      job_planner_scenario: s.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const foreign = await call('POST', '/api/saved-filters', JP_ADMIN, {
      snapshot_id: jp.groupId,
      name: 'Theirs',
      filters: FILTERS,
      lof_type: 'rank',
      job_planner_scenario: s.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 401 without a token and publishes the routes', async () => {
    expect((await h.request({ url: `/api/planner-scenarios?snapshot_id=${us.groupId}` })).statusCode).toBe(
      401,
    );
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/planner-scenarios',
        '/api/planner-scenarios/{id}',
        '/api/planner-scenarios/{id}/filters',
      ]),
    );
  });
});
