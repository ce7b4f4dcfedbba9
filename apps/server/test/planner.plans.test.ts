// Plans, proposals and the pipe finder of docs/api-planner.md (spec 001 §3–§9; PLAN-AUTO-*, PLAN-PLAN-*,
// PLAN-API-03..05, PLAN-FIND-01, TBD-12, TBD-15) on both backends. The fixture's four pipes form one line,
// P1 (88 m) – P2 (90 m) – P10 (91 m) – Q1 (92 m), 361 m in all; the plan job runs in-process as the worker would.
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  PLAN_RESULT,
  pipeFinderResultSchema,
  planComparisonSchema,
  planListSchema,
  planSchema,
  projectDetailSchema,
  proposalListSchema,
  proposalSchema,
  type Plan,
  type Proposal,
} from '@pipewise/domain';
import { createBoss } from '../src/jobs/boss.ts';
import {
  PLAN_QUEUE,
  recordPlanFailure,
  resumeQueuedPlans,
  runPlan,
  type PlanJobData,
} from '../src/modules/planner/plan.job.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';
import { clearProjects, plannerCall, setSubscriptions } from './helpers/planner.ts';

const ALL = ['COF', 'BRE', 'LOF', 'RUL', 'VP', 'POPULATION', 'JOB_PLANNER', 'VIS'];
const FT = 0.3048;
/** Each pipe's US repair cost by hand: rate of its tier (USD/ft) × length in ft. */
const COST = {
  P1: (200 * 88) / FT,
  P2: (168 * 90) / FT,
  P10: (200 * 91) / FT,
  Q1: (280 * 92) / FT,
};
const X = 139.93;
const Y = 37.495;

forEachBackend('plan routes', (h: Harness) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let boss: PgBoss;
  const call = plannerCall(h);
  const nameOf = (id: number) => Object.entries(us.pipes).find(([, v]) => v === id)![0];

  /** POST /plans/generate, then the queued job run as the worker would; answers the finished plan. */
  const generate = async (body: Record<string, unknown>, email = WORKER) => {
    const res = await call('POST', '/api/plans/generate', email, {
      dataset_id: us.datasetId,
      risk_criteria: 'lof',
      whole_snapshot: true,
      min_length_m: 150,
      max_length_m: 200,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = planSchema.parse(res.json());
    expect(queued.state).toBe('queued');
    const [job] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    expect(job!.data).toEqual({ planId: queued.id, clientId: 1 });
    expect(await runPlan(h.database, job!.data)).toBe(true);
    await boss.complete(PLAN_QUEUE, job!.id);
    const done = await call('GET', `/api/plans/${queued.id}`, VIEWER);
    return planSchema.parse(done.json()) as Plan;
  };
  /** POST /plans/generate, then its job taken off the queue unrun (completed), for the tests of job failures. */
  const queuePlanAndTakeItsJob = async (budget: number) => {
    const res = await call('POST', '/api/plans/generate', WORKER, {
      dataset_id: us.datasetId,
      budget,
      min_length_m: 150,
      max_length_m: 200,
      risk_criteria: 'lof',
      whole_snapshot: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const [job] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    await boss.complete(PLAN_QUEUE, job!.id);
    return { id: (res.json() as Plan).id, job: job! };
  };
  /** A project of one fixture pipe made by hand, as a planner would between two plans. */
  const bookByHand = (name: string, pipe: string) =>
    call('POST', '/api/projects', WORKER, {
      dataset_id: us.datasetId,
      name,
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      pipe_ids: [us.pipes[pipe]],
    });
  const proposalsOf = async (planId: number, query = `plan=${planId}`) => {
    const res = await call('GET', `/api/proposals?${query}`, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    return proposalListSchema.parse(res.json()).proposals as Proposal[];
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Not analysed', analysis: false });
    await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
    boss = createBoss(h.database, { supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(PLAN_QUEUE);
  });
  afterAll(async () => boss?.stop({ graceful: false, close: false, wait: true }));
  afterEach(() => clearProjects(h));

  it('plans disjoint projects within the length bounds and the budget (SUCCESS)', async () => {
    const plan = await generate({ budget: 260_000, name: 'Spring works' });
    expect(plan).toMatchObject({
      name: 'Spring works',
      state: 'done',
      result: PLAN_RESULT.SUCCESS,
      error: null,
      input: {
        budget: 260_000,
        min_length_m: 150,
        max_length_m: 200,
        risk_criteria: 'lof',
        whole_snapshot: true,
      },
      repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    });
    const proposals = await proposalsOf(plan.id);
    expect(plan.proposal_count).toBe(proposals.length);
    // Both halves (risk 0.4 + 0.25) beat the best single run P2–P10 (0.5) and fit 260k together.
    expect(proposals.map((p) => p.pipe_ids.map(nameOf).sort())).toEqual(
      expect.arrayContaining([
        ['P1', 'P2'],
        ['P10', 'Q1'],
      ]),
    );
    const seen = new Set<number>();
    for (const p of proposals) {
      for (const id of p.pipe_ids) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      expect(p.length_m).toBeGreaterThanOrEqual(150);
      expect(p.length_m).toBeLessThanOrEqual(200);
      const names = p.pipe_ids.map(nameOf) as (keyof typeof COST)[];
      expect(p.cost).toBeCloseTo(
        names.reduce((s, n) => s + COST[n], 0),
        4,
      );
      expect(p.geometry).toMatchObject({ type: 'MultiLineString' });
      expect(p.project_id).toBeNull();
    }
    expect(proposals.map((p) => p.rank)).toEqual([1, 2]);
    expect(plan.total_cost).toBeCloseTo(
      proposals.reduce((s, p) => s + p.cost, 0),
      4,
    );
    expect(plan.total_cost!).toBeLessThanOrEqual(260_000);
    expect(plan.risk_removed).toBeCloseTo(0.1 + 0.3 + 0.2 + 0.05, 5);
    expect(plan.greedy_risk_removed).not.toBeNull();
    expect(plan.explanation).toMatchObject({ pipes_considered: 4, pipes_uncosted: 0 });
    // The spec's filter{plan} form answers the same.
    expect(await proposalsOf(plan.id, `filter%5Bplan%5D=${plan.id}`)).toEqual(proposals);
    const one = await call('GET', `/api/proposals/${proposals[0]!.id}`, VIEWER);
    expect(proposalSchema.parse(one.json())).toEqual(proposals[0]);
  });

  it('answers LOW_BUDGET with the cheapest project when the budget reaches none', async () => {
    const plan = await generate({ budget: 1000 });
    expect(plan).toMatchObject({ state: 'done', result: PLAN_RESULT.LOW_BUDGET, proposal_count: 0 });
    expect(plan.explanation!.cheapest_project_cost).toBeCloseTo(COST.P1 + COST.P2, 4);
    expect(await proposalsOf(plan.id)).toEqual([]);
  });

  it('answers OUT_RANGED_PROJECT_SIZE when the minimum length exceeds the network', async () => {
    const plan = await generate({ budget: 1_000_000, min_length_m: 1000, max_length_m: 2000 });
    expect(plan).toMatchObject({
      state: 'done',
      result: PLAN_RESULT.OUT_RANGED_PROJECT_SIZE,
      proposal_count: 0,
    });
    expect(plan.explanation!.longest_run_m).toBeCloseTo(361, 6);
  });

  it('plans inside an area only when not whole_snapshot', async () => {
    const area = `POLYGON((${X - 0.0005} ${Y - 0.001}, ${X + 0.0025} ${Y - 0.001}, ${X + 0.0025} ${Y + 0.001}, ${X - 0.0005} ${Y + 0.001}, ${X - 0.0005} ${Y - 0.001}))`;
    const plan = await generate({ budget: 1_000_000, whole_snapshot: false, area, min_length_m: 50 });
    expect(plan.input.area).toMatch(/^MULTIPOLYGON/);
    expect(plan.explanation!.pipes_considered).toBe(3);
    const proposals = await proposalsOf(plan.id);
    expect(proposals.flatMap((p) => p.pipe_ids.map(nameOf)).sort()).not.toContain('Q1');
  });

  it('makes a proposal a project once (201, then 409)', async () => {
    const plan = await generate({ budget: 260_000, name: 'Accept me' });
    const [first] = await proposalsOf(plan.id);
    const res = await call('POST', `/api/proposals/${first!.id}/project`, WORKER, {});
    expect(res.statusCode, res.body).toBe(201);
    const project = projectDetailSchema.parse(res.json());
    expect(project).toMatchObject({
      name: `Accept me – proposal ${first!.rank}`,
      dataset_id: us.datasetId,
      proposal_id: first!.id,
      pipe_count: first!.pipe_ids.length,
      standard_repair_cost: plan.standard_repair_cost,
    });
    expect(project.items.map((i) => i.pipe_id).sort()).toEqual([...first!.pipe_ids].sort());
    expect(project.total_cost).toBeCloseTo(first!.cost, 4);
    // Issue 36: its budget is what it costs (it was null before).
    expect(project.budget).toBeCloseTo(first!.cost, 6);
    expect(project.project_lof).toBeCloseTo(first!.project_lof!, 6);
    expect(Date.parse(project.end_date) - Date.parse(project.start_date)).toBe(7 * 86_400_000);
    expect((await call('GET', `/api/proposals/${first!.id}`, VIEWER)).json().project_id).toBe(project.id);
    const again = await call('POST', `/api/proposals/${first!.id}/project`, ADMIN, { name: 'Twice' });
    expect(again.statusCode).toBe(409);
    // Deleting the plan takes its proposals; the project stays, no longer tied to one.
    expect((await call('DELETE', `/api/plans/${plan.id}`, WORKER)).statusCode).toBe(204);
    expect((await call('GET', `/api/plans/${plan.id}`, WORKER)).statusCode).toBe(404);
    expect((await call('GET', `/api/proposals/${first!.id}`, WORKER)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${project.id}`, WORKER)).json().proposal_id).toBeNull();
  });

  it('leaves pipes of active projects out of the next plan and says how many (issue 36)', async () => {
    const first = await generate({ budget: 260_000, name: 'First' });
    const [best] = await proposalsOf(first.id);
    const accepted = await call('POST', `/api/proposals/${best!.id}/project`, WORKER, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    const booked = new Set(best!.pipe_ids);
    expect((await proposalsOf(first.id)).find((p) => p.id === best!.id)!.booked).toEqual([]);

    const again = await generate({ budget: 260_000, name: 'Again' });
    expect(again.input.include_booked).toBe(false);
    expect(again.explanation).toMatchObject({ pipes_booked: 2, pipes_considered: 2 });
    const next = await proposalsOf(again.id);
    expect(next.length).toBeGreaterThan(0);
    for (const p of next) {
      expect(p.pipe_ids.filter((id) => booked.has(id))).toEqual([]);
      expect(p.booked).toEqual([]);
    }

    // Asked to, it plans over them too, marks them, and such a proposal cannot be accepted.
    const over = await generate({ budget: 260_000, name: 'Over', include_booked: true });
    expect(over.input.include_booked).toBe(true);
    expect(over.explanation).toMatchObject({ pipes_booked: 2, pipes_considered: 4 });
    const clash = (await proposalsOf(over.id)).find((p) => p.pipe_ids.some((id) => booked.has(id)))!;
    expect(clash.booked.map((b) => b.pipe_id).sort()).toEqual([...booked].sort());
    expect(new Set(clash.booked.map((b) => b.project_id))).toEqual(new Set([accepted.json().id]));
    const refused = await call('POST', `/api/proposals/${clash.id}/project`, WORKER, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PIPE_BOOKED');
  });

  it('refuses a proposal whose pipes were booked after the plan was made', async () => {
    const plan = await generate({ budget: 260_000 });
    const proposals = await proposalsOf(plan.id);
    const withP1 = proposals.find((p) => p.pipe_ids.includes(us.pipes['P1']!))!;
    const made = await bookByHand('By hand', 'P1');
    expect(made.statusCode).toBe(201);
    const listed = (await proposalsOf(plan.id)).find((p) => p.id === withP1.id)!;
    expect(listed.booked).toEqual([
      { pipe_id: us.pipes['P1'], native_pipe_id: 'P1', project_id: made.json().id, project_name: 'By hand' },
    ]);
    const res = await call('POST', `/api/proposals/${withP1.id}/project`, WORKER, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PIPE_BOOKED', booked: listed.booked });
    expect(res.json().message).toMatch(/after this plan was made.*Generate the plan again/);
    expect((await call('GET', `/api/proposals/${withP1.id}`, VIEWER)).json().project_id).toBeNull();
  });

  it('compares two plans, or a plan and the active projects, with the pipes they share (issue 36)', async () => {
    const wide = await generate({ budget: 260_000, name: 'Wide' });
    const narrow = await generate({ budget: 120_000, name: 'Narrow', risk_criteria: 'bre' });
    const pipesOf = async (planId: number) => (await proposalsOf(planId)).flatMap((p) => p.pipe_ids);
    const [wideIds, narrowIds] = [await pipesOf(wide.id), await pipesOf(narrow.id)];
    const lof: Record<string, number> = { P1: 0.1, P2: 0.3, P10: 0.2, Q1: 0.05 };
    const bre: Record<string, number> = { P1: 100, P2: 900, P10: 400, Q1: 200 };
    const sum = (ids: number[], by: Record<string, number>) => ids.reduce((s, id) => s + by[nameOf(id)]!, 0);
    const res = await call('GET', `/api/plans/compare?a=${wide.id}&b=${narrow.id}`, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    const cmp = planComparisonSchema.parse(res.json());
    const [a, b] = cmp.sides;
    expect(a).toMatchObject({ name: 'Wide', plan_id: wide.id, pipe_count: wideIds.length });
    expect(a!.cost).toBeCloseTo(wide.total_cost!, 4);
    // Both figures on either side, whatever the plan was planned on.
    expect(a!.expected_breaks_removed).toBeCloseTo(sum(wideIds, lof), 9);
    expect(a!.bre_removed).toBeCloseTo(sum(wideIds, bre), 6);
    expect(b!.expected_breaks_removed).toBeCloseTo(sum(narrowIds, lof), 9);
    expect(b!.bre_removed).toBeCloseTo(narrow.risk_removed!, 6);
    const shared = wideIds.filter((id) => narrowIds.includes(id));
    expect(cmp.pipes_in_common).toBe(shared.length);

    // Beside the active projects: the accepted proposal's pipes are in common.
    const [best] = await proposalsOf(wide.id);
    expect((await call('POST', `/api/proposals/${best!.id}/project`, WORKER, {})).statusCode).toBe(201);
    const mine = planComparisonSchema.parse(
      (await call('GET', `/api/plans/compare?a=${wide.id}&b=portfolio`, VIEWER)).json(),
    );
    expect(mine.sides[1]).toMatchObject({
      plan_id: null,
      project_count: 1,
      pipe_count: best!.pipe_ids.length,
    });
    expect(mine.pipes_in_common).toBe(best!.pipe_ids.length);
    expect((await call('GET', `/api/plans/compare?a=${wide.id}&b=999999`, VIEWER)).statusCode).toBe(404);
  });

  it('lists plans 5 per page newest first', async () => {
    const res = await call(
      'GET',
      `/api/plans?dataset_id=${us.datasetId}&sort[]=-id&per_page=5&page=1`,
      VIEWER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = planListSchema.parse(res.json());
    const ids = list.plans.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.meta.per_page).toBe(5);
    expect(list.meta.total_results).toBeGreaterThanOrEqual(4);
    expect(list.meta.total_pages).toBe(Math.ceil(list.meta.total_results / 5));
  });

  it('refuses what cannot be planned', async () => {
    const base = {
      dataset_id: us.datasetId,
      budget: 1000,
      min_length_m: 150,
      max_length_m: 200,
      risk_criteria: 'lof',
      whole_snapshot: true,
    };
    const post = (body: Record<string, unknown>, email = WORKER) =>
      call('POST', '/api/plans/generate', email, { ...base, ...body });
    const never = await post({ dataset_id: bare.datasetId });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toMatch(/analysis must run/);
    const bounds = await post({ min_length_m: 300, max_length_m: 200 });
    expect(bounds.json().fields.map((f: { field: string }) => f.field)).toEqual(['max_length_m']);
    expect((await post({ whole_snapshot: false })).json().fields[0].field).toBe('area');
    expect(
      (await post({ whole_snapshot: false, area: 'POLYGON((0 0, 1 1, 0 0))' })).json().fields[0].field,
    ).toBe('area');
    expect((await post({ budget: 0 })).json().fields[0].field).toBe('budget');
    await setSubscriptions(
      h,
      1,
      ALL.filter((s) => s !== 'BRE'),
    );
    try {
      const bre = await post({ risk_criteria: 'bre' });
      expect(bre.statusCode).toBe(403);
      expect(bre.json().message).toMatch(/BRE/);
    } finally {
      await setSubscriptions(h, 1, ALL);
    }
    expect((await post({}, VIEWER)).statusCode).toBe(403);
    expect((await post({}, GUEST)).json().code).toBe('DEMO_READ_ONLY');
  });

  it('plans on BRE when the client has it', async () => {
    const plan = await generate({ budget: 120_000, risk_criteria: 'bre' });
    expect(plan.result).toBe(PLAN_RESULT.SUCCESS);
    const [best] = await proposalsOf(plan.id);
    // BRE by pipe: P1 100, P2 900, P10 400, Q1 200; within 120k only one two-pipe run fits: P2–P10 is worth most.
    expect(best!.pipe_ids.map(nameOf).sort()).toEqual(['P10', 'P2']);
    expect(best!.risk).toBeCloseTo(1300, 3);
  });

  it('finds the highest-risk pipes up to a share of the length (pipe finder)', async () => {
    const res = await call('POST', `/api/datasets/${us.datasetId}/high-risk-pipes`, VIEWER, {
      whole_snapshot: true,
      coverage_type: 'length_percent',
      coverage_amount: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = pipeFinderResultSchema.parse(res.json());
    // By LOF: P2 0.3 (90 m), P10 0.2 (91 m) reach 181 m ≥ 50 % of 361 m.
    expect(found.pipes.map((p) => p.native_pipe_id)).toEqual(['P2', 'P10']);
    expect(found).toMatchObject({ total_length_m: 181, area_pipe_count: 4, area_length_m: 361 });
    expect(found.pipes[0]!.cost).toBeCloseTo(COST.P2, 4);
    const byCount = await call('POST', `/api/datasets/${us.datasetId}/high-risk-pipes`, VIEWER, {
      whole_snapshot: false,
      multipolygon: `MULTIPOLYGON(((${X + 0.0025} ${Y - 0.001}, ${X + 0.0045} ${Y - 0.001}, ${X + 0.0045} ${Y + 0.001}, ${X + 0.0025} ${Y + 0.001}, ${X + 0.0025} ${Y - 0.001})))`,
      coverage_type: 'count_percent',
      coverage_amount: 50,
      risk_criteria: 'bre',
    });
    expect(byCount.statusCode, byCount.body).toBe(200);
    expect(byCount.json().pipes.map((p: { native_pipe_id: string }) => p.native_pipe_id)).toEqual(['P10']);
    const never = await call('POST', `/api/datasets/${bare.datasetId}/high-risk-pipes`, VIEWER, {
      whole_snapshot: true,
      coverage_type: 'length',
      coverage_amount: 100,
    });
    expect(never.statusCode).toBe(409);
  });

  it('leaves pipes of active projects out of the pipe finder unless asked, and marks them then', async () => {
    const holder = await bookByHand('Holds P2', 'P2');
    expect(holder.statusCode).toBe(201);
    const find = async (include?: boolean) => {
      const res = await call('POST', `/api/datasets/${us.datasetId}/high-risk-pipes`, VIEWER, {
        whole_snapshot: true,
        coverage_type: 'count_percent',
        coverage_amount: 50,
        ...(include === undefined ? {} : { include_booked: include }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return pipeFinderResultSchema.parse(res.json());
    };
    // By LOF: P2 0.3, P10 0.2, P1 0.1, Q1 0.05. Without P2, half of the three free pipes is P10 and P1.
    const free = await find();
    expect(free.pipes.map((p) => p.native_pipe_id)).toEqual(['P10', 'P1']);
    expect(free.booked_left_out).toBe(1);
    const all = await find(true);
    expect(all.booked_left_out).toBe(0);
    expect(all.pipes.map((p) => [p.native_pipe_id, p.booked_by?.project_name ?? null])).toEqual([
      ['P2', 'Holds P2'],
      ['P10', null],
    ]);
  });

  it("answers 404 for another client's plans, proposals and datasets", async () => {
    const plan = await generate({ budget: 260_000 });
    const [p] = await proposalsOf(plan.id);
    for (const [method, url] of [
      ['GET', `/api/plans/${plan.id}`],
      ['DELETE', `/api/plans/${plan.id}`],
      ['GET', `/api/plans?dataset_id=${us.datasetId}`],
      ['GET', `/api/proposals?plan=${plan.id}`],
      ['GET', `/api/proposals/${p!.id}`],
      ['POST', `/api/proposals/${p!.id}/project`],
    ] as const) {
      const res = await call(method, url, JP_ADMIN, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const gen = await call('POST', '/api/plans/generate', JP_ADMIN, {
      dataset_id: us.datasetId,
      budget: 1000,
      min_length_m: 150,
      max_length_m: 200,
      risk_criteria: 'lof',
      whole_snapshot: true,
    });
    expect(gen.statusCode).toBe(404);
    const find = await call('POST', `/api/datasets/${us.datasetId}/high-risk-pipes`, JP_ADMIN, {
      whole_snapshot: true,
      coverage_type: 'length',
      coverage_amount: 100,
    });
    expect(find.statusCode).toBe(404);
    // The plan is untouched by their attempt to delete it.
    expect((await call('GET', `/api/plans/${plan.id}`, VIEWER)).statusCode).toBe(200);
  });

  it('marks a plan whose job fails for good as failed', async () => {
    const { id, job } = await queuePlanAndTakeItsJob(1000);
    await recordPlanFailure(h.database, job.data, new Error('solver crashed'), true);
    expect((await call('GET', `/api/plans/${id}`, VIEWER)).json()).toMatchObject({
      state: 'failed',
      error: 'solver crashed',
    });
    // A failed plan is not run again.
    expect(await runPlan(h.database, job.data)).toBe(false);
  });

  it('sends a job again for a plan left queued when its job was never sent', async () => {
    // The job is lost, as if the process died between storing the plan and sending it.
    const { id } = await queuePlanAndTakeItsJob(1_000_000);
    // Too young for the minute's sweep, then picked up by the worker's start-up sweep.
    expect(await resumeQueuedPlans(h.database, boss)).toBe(0);
    expect(await resumeQueuedPlans(h.database, boss, 0)).toBe(1);
    // Taken at once: a job is due when start_after < now(), which the embedded database's clock may not yet have
    // passed (this test failed once that way in a full run).
    const [job] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    expect(job!.data).toEqual({ planId: id, clientId: 1 });
    expect(await runPlan(h.database, job!.data)).toBe(true);
    await boss.complete(PLAN_QUEUE, job!.id);
    expect((await call('GET', `/api/plans/${id}`, VIEWER)).json()).toMatchObject({ state: 'done' });
    // A finished plan is never sent again.
    expect(await resumeQueuedPlans(h.database, boss, 0)).toBe(0);
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/plans/generate',
        '/api/plans',
        '/api/plans/{id}',
        '/api/proposals',
        '/api/proposals/{id}',
        '/api/proposals/{id}/project',
        '/api/datasets/{id}/high-risk-pipes',
      ]),
    );
  });
});
