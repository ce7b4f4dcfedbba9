// Renewal programmes of docs/api-programmes.md (issue 39) on both backends: validation, the job run in-process as
// the worker would, the figures year by year, year 1 against the single-year auto planner, the renewals the map
// reads and the first year turned into projects. The fixture's four mains form one line, P1 (88 m) – P2 (90 m) –
// P10 (91 m) – Q1 (92 m); its served analysis gets the two parts of a stored model a programme reads: the scoring
// year and RUL's ageing law.
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  planSchema,
  programmeListSchema,
  programmeSchema,
  proposalListSchema,
  type Programme,
} from '@pipewise/domain';
import { defaultCofScenario } from '@pipewise/engine';
import { withSystem } from '../src/db/database.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { PLAN_QUEUE, runPlan, type PlanJobData } from '../src/modules/planner/plan.job.ts';
import {
  PROGRAMME_QUEUE,
  runProgrammeJob,
  type ProgrammeJobData,
} from '../src/modules/programmes/programme.job.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';
import { clearProjects, plannerCall } from './helpers/planner.ts';

const FT = 0.3048;
/** Each main's US repair cost by hand: its tier's rate (USD/ft) × its length in ft. */
const COST = { P1: (200 * 88) / FT, P2: (168 * 90) / FT, P10: (200 * 91) / FT, Q1: (280 * 92) / FT };
const AGEING = { exponentByMaterial: { '0': 1.5 }, pooledExponent: 1, minAgeYears: 10 };

forEachBackend('programme routes', (h: Harness) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let boss: PgBoss;
  const call = plannerCall(h);
  const nameOf = (id: number) => Object.entries(us.pipes).find(([, v]) => v === id)![0];
  const body = (over: Record<string, unknown> = {}) => ({
    dataset_id: us.datasetId,
    start_year: 2025,
    horizon_years: 5,
    scenarios: [
      { name: 'Nothing', yearly_budget: 0 },
      { name: 'Some', yearly_budget: 120_000 },
      { name: 'Plenty', yearly_budget: 400_000 },
    ],
    ...over,
  });

  /** POST /programmes, then its job run as the worker would; answers the finished programme. */
  const runOne = async (over: Record<string, unknown> = {}): Promise<Programme> => {
    const res = await call('POST', '/api/programmes', WORKER, body(over));
    expect(res.statusCode, res.body).toBe(202);
    const queued = programmeSchema.parse(res.json());
    expect(queued).toMatchObject({ state: 'queued', progress: 0, hold_flat_budget: null });
    const [job] = await boss.fetch<ProgrammeJobData>(PROGRAMME_QUEUE, { ignoreStartAfter: true });
    expect(job!.data).toEqual({ programmeId: queued.id, clientId: 1 });
    expect(await runProgrammeJob(h.database, job!.data)).toBe(true);
    await boss.complete(PROGRAMME_QUEUE, job!.id);
    const done = await call('GET', `/api/programmes/${queued.id}`, VIEWER);
    expect(done.statusCode, done.body).toBe(200);
    return programmeSchema.parse(done.json());
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'No model' });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE analyses SET lof_scoring = ${JSON.stringify({ asOfYear: 2025, rul: { ageing: AGEING } })}::jsonb
        WHERE id = ${us.analysisId}`),
    );
    // Breaks on record in 2017 (3), 2019 (10), 2021 (2) and 2024 (6): the interval's over-dispersion reads them.
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`INSERT INTO breaks (client_id, dataset_id, pipe_id, break_date)
        SELECT 1, ${us.datasetId}, ${us.pipes['P1']!}, d::date FROM unnest(${`{${[
          ...Array(3).fill('2017-03-01'),
          ...Array(10).fill('2019-01-15'),
          ...Array(2).fill('2021-12-31'),
          ...Array(6).fill('2024-06-30'),
          '2025-02-01',
        ].join(',')}}`}::text[]) AS d`),
    );
    boss = createBoss(h.database, { supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(PROGRAMME_QUEUE);
    await boss.createQueue(PLAN_QUEUE);
  });
  afterAll(async () => boss?.stop({ graceful: false, close: false, wait: true }));
  afterEach(() => clearProjects(h));

  it('runs each scenario year by year: nothing renews nothing, more money renews more and leaves fewer breaks', async () => {
    const p = await runOne();
    expect(p).toMatchObject({ state: 'done', progress: 1, error: null, strategy: 'risk', currency: 'USD' });
    expect(p.cof_scenario.name).toMatch(/Default/);
    expect(p.scenarios.map((s) => s.name)).toEqual(['Nothing', 'Some', 'Plenty']);
    for (const s of p.scenarios) expect(s.years.map((y) => y.year)).toEqual([2025, 2026, 2027, 2028, 2029]);
    const [nothing, some, plenty] = p.scenarios;
    // The fixture's expected breaks today: 0.1 + 0.3 + 0.2 + 0.05.
    expect(p.todays_breaks).toBeCloseTo(0.65, 9);
    expect(nothing!.years.every((y) => y.spend === 0 && y.pipes_renewed === 0)).toBe(true);
    nothing!.years.slice(1).forEach((y, t) => {
      expect(y.expected_breaks).toBeGreaterThanOrEqual(nothing!.years[t]!.expected_breaks);
      expect(y.mean_age!).toBeCloseTo(nothing!.years[t]!.mean_age! + 1, 9);
    });
    // P2 (age unknown) is held flat; P1 (cast iron, 1975) ages by b = 1.5, the others by the pooled b = 1.
    expect(nothing!.years[0]!.expected_breaks).toBeCloseTo(0.65, 9);
    expect(some!.years[0]!.spend).toBeGreaterThan(0);
    expect(some!.years[0]!.spend).toBeLessThanOrEqual(120_000);
    const final = (s: typeof nothing) => s!.years.at(-1)!.expected_breaks;
    expect(final(plenty)).toBeLessThan(final(some));
    expect(final(some)).toBeLessThan(final(nothing));
    for (const s of p.scenarios)
      for (const y of s.years) {
        // The 95 % interval of the count: below a mean of 0.025 both ends are 0 breaks.
        expect(y.expected_breaks_low).toBeLessThanOrEqual(y.expected_breaks);
        expect(y.expected_breaks_high).toBeGreaterThanOrEqual(Math.floor(y.expected_breaks));
        expect(y.expected_breaks_high).toBeGreaterThanOrEqual(y.expected_breaks_low);
      }
    expect(p.assumptions).toMatchObject({ scored_as_of_year: 2025, lof_source: 'utility', pipes: 4 });
    expect(p.assumptions!.new_pipe_rates.every((r) => r.source === 'published')).toBe(true);
    // The years before the scoring year (2025) from the first on record; 2025's break is not one of them.
    expect(p.assumptions!.breaks_per_year_on_record).toEqual([3, 0, 10, 0, 2, 0, 0, 6]);
    expect(p.assumptions!.dispersion).toBeGreaterThan(1);
    expect(p.assumptions!.pipes_booked).toBe(0);
    // The flat budget that holds breaks at today's level exists and is at most renewing everything at once.
    expect(p.hold_flat_budget).toBeGreaterThan(0);
    expect(p.hold_flat_budget).toBeLessThanOrEqual(
      Object.values(COST).reduce((a, b) => a + b, 0) - 2 * 48_000,
    );
  });

  it('plans year 1 as the single-year auto planner plans the same budget', async () => {
    const p = await runOne({
      scenarios: [
        { name: 'A', yearly_budget: 120_000 },
        { name: 'B', yearly_budget: 0 },
      ],
    });
    const res = await call('POST', '/api/plans/generate', WORKER, {
      dataset_id: us.datasetId,
      risk_criteria: 'bre',
      whole_snapshot: true,
      budget: 120_000,
      min_length_m: 500 * FT,
      max_length_m: 1000 * FT,
    });
    expect(res.statusCode, res.body).toBe(202);
    const [job] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
    await runPlan(h.database, job!.data);
    await boss.complete(PLAN_QUEUE, job!.id);
    const plan = planSchema.parse(
      (await call('GET', `/api/plans/${planSchema.parse(res.json()).id}`, VIEWER)).json(),
    );
    const proposals = proposalListSchema.parse(
      (await call('GET', `/api/proposals?plan=${plan.id}`, VIEWER)).json(),
    ).proposals;
    const renewals = await call('GET', `/api/programmes/${p.id}/scenarios/0/renewals?year=2025`, VIEWER);
    expect(renewals.statusCode, renewals.body).toBe(200);
    const year1 = (renewals.json() as { pipes: { pipe_id: number }[] }).pipes
      .map((r) => nameOf(r.pipe_id))
      .sort();
    expect(year1).toEqual(
      proposals
        .flatMap((x) => x.pipe_ids)
        .map(nameOf)
        .sort(),
    );
    expect(year1).toEqual(['P10', 'P2']);
    expect(p.scenarios[0]!.years[0]!.spend).toBeCloseTo(plan.total_cost!, 4);
    expect(p.scenarios[0]!.years[0]!.spend).toBeCloseTo(COST.P2 + COST.P10, 4);
  });

  it("prices with the served cost model's repair rates, as the auto planner and a new project now do (issue 38)", async () => {
    // A custom COF scenario of the fixture's network, with every repair rate doubled, that priced the served results.
    const base = defaultCofScenario('US');
    const doubled = Object.fromEntries(
      Object.entries(base.parameters.standardRepairCost).map(([k, v]) => [k, Number(v) * 2]),
    );
    const scenario = {
      ...base,
      name: 'Dear repairs',
      parameters: { ...base.parameters, standardRepairCost: doubled },
    };
    await withSystem(h.database.db, async (tx) => {
      const [row] = (
        await tx.execute(sql`INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario)
          SELECT d.client_id, s.group_id, 'Dear repairs', true, 'US', ${JSON.stringify(scenario)}::jsonb
          FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id WHERE d.id = ${us.datasetId} RETURNING id`)
      ).rows;
      await tx.execute(
        sql`UPDATE analyses SET cof_scenario_id = ${Number(row!['id'])} WHERE id = ${us.analysisId}`,
      );
    });
    try {
      const defaults = await call('GET', `/api/projects/defaults?dataset_id=${us.datasetId}`, VIEWER);
      expect(defaults.json().standard_repair_cost).toEqual(doubled);
      const p = await runOne({
        scenarios: [
          { name: 'A', yearly_budget: 240_000 },
          { name: 'B', yearly_budget: 0 },
        ],
      });
      expect(p.cof_scenario.name).toBe('Dear repairs');
      const res = await call('POST', '/api/plans/generate', WORKER, {
        dataset_id: us.datasetId,
        risk_criteria: 'bre',
        whole_snapshot: true,
        budget: 240_000,
        min_length_m: 500 * FT,
        max_length_m: 1000 * FT,
      });
      const [job] = await boss.fetch<PlanJobData>(PLAN_QUEUE, { ignoreStartAfter: true });
      await runPlan(h.database, job!.data);
      await boss.complete(PLAN_QUEUE, job!.id);
      const plan = planSchema.parse(
        (await call('GET', `/api/plans/${planSchema.parse(res.json()).id}`, VIEWER)).json(),
      );
      // The same pair as at the default rates, at twice its cost, in the programme and the plan alike.
      expect(p.scenarios[0]!.years[0]!.spend).toBeCloseTo(2 * (COST.P2 + COST.P10), 4);
      expect(plan.total_cost).toBeCloseTo(2 * (COST.P2 + COST.P10), 4);
    } finally {
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE analyses SET cof_scenario_id = NULL WHERE id = ${us.analysisId}`),
      );
    }
  });

  it('turns the first year into projects once; the second time the mains are booked', async () => {
    const p = await runOne({
      scenarios: [
        { name: 'A', yearly_budget: 120_000 },
        { name: 'B', yearly_budget: 0 },
      ],
    });
    const url = `/api/programmes/${p.id}/scenarios/0/first-year-projects`;
    const made = await call('POST', url, WORKER);
    expect(made.statusCode, made.body).toBe(201);
    const { projects } = made.json() as { projects: { name: string; items: { pipe_id: number }[] }[] };
    expect(projects).toHaveLength(1);
    expect(projects[0]!.items.map((i) => nameOf(i.pipe_id)).sort()).toEqual(['P10', 'P2']);
    expect(projects[0]!.name).toContain('A');
    const again = await call('POST', url, WORKER);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PIPE_BOOKED');
    // A scenario whose first year renews nothing has nothing to plan.
    expect(
      (await call('POST', `/api/programmes/${p.id}/scenarios/1/first-year-projects`, WORKER)).statusCode,
    ).toBe(409);
    expect((await call('POST', url, VIEWER)).statusCode).toBe(403);
  });

  it('lists, reads and deletes; another client sees none of it', async () => {
    const p = await runOne({ name: 'Council 2025', strategy: 'oldest' });
    const list = await call('GET', `/api/programmes?dataset_id=${us.datasetId}`, VIEWER);
    expect(list.statusCode).toBe(200);
    const listed = programmeListSchema.parse(list.json()).programmes;
    expect(listed[0]).toMatchObject({ id: p.id, name: 'Council 2025', strategy: 'oldest', state: 'done' });
    // Another client: refused (its plan has no job planner) or not found, never the programme.
    expect([403, 404]).toContain((await call('GET', `/api/programmes/${p.id}`, JP_ADMIN)).statusCode);
    expect(
      (await call('GET', `/api/programmes/${p.id}/scenarios/0/renewals?year=2040`, VIEWER)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/programmes/${p.id}/scenarios/7/renewals?year=2025`, VIEWER)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/programmes/${p.id}`, VIEWER)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/programmes/${p.id}`, WORKER)).statusCode).toBe(204);
    expect((await call('GET', `/api/programmes/${p.id}`, VIEWER)).statusCode).toBe(404);
  });

  describe('refuses', () => {
    const post = (over: Record<string, unknown>, email = WORKER) =>
      call('POST', '/api/programmes', email, body(over));
    it.each([
      ['one scenario', { scenarios: [{ name: 'Only', yearly_budget: 1 }] }],
      [
        'six scenarios',
        { scenarios: Array.from({ length: 6 }, (_, k) => ({ name: `S${k}`, yearly_budget: k })) },
      ],
      ['a 60-year horizon', { horizon_years: 60 }],
      ['a 4-year horizon', { horizon_years: 4 }],
      [
        'budgets that do not cover the horizon',
        {
          scenarios: [
            { name: 'A', yearly_budget: [1, 2] },
            { name: 'B', yearly_budget: 0 },
          ],
        },
      ],
      [
        'a negative budget',
        {
          scenarios: [
            { name: 'A', yearly_budget: -5 },
            { name: 'B', yearly_budget: 0 },
          ],
        },
      ],
      [
        'two scenarios of one name',
        {
          scenarios: [
            { name: 'A', yearly_budget: 1 },
            { name: 'a', yearly_budget: 2 },
          ],
        },
      ],
      ['a first year before the scoring year', { start_year: 2020 }],
      ['an unknown strategy', { strategy: 'cheapest' }],
    ])('%s (400)', async (_, over) => {
      const res = await post(over);
      expect(res.statusCode, res.body).toBe(400);
    });

    it('a dataset without a stored model (409), read-only users (403) and demo accounts', async () => {
      const res = await post({ dataset_id: bare.datasetId });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/no likelihood of failure/);
      expect((await post({}, VIEWER)).statusCode).toBe(403);
      expect((await post({}, GUEST)).json().code).toBe('DEMO_READ_ONLY');
    });
  });

  it('a rising budget and typed budgets become one budget per year', async () => {
    const p = await runOne({
      scenarios: [
        { name: 'Rising', yearly_budget: 100_000, rise_percent: 10 },
        { name: 'Typed', yearly_budget: [0, 0, 300_000, 0, 0] },
      ],
    });
    expect(p.scenarios[0]!.yearly_budget.map(Math.round)).toEqual([
      100_000, 110_000, 121_000, 133_100, 146_410,
    ]);
    const typed = p.scenarios[1]!;
    expect(typed.years.map((y) => y.pipes_renewed > 0)).toEqual([false, false, true, false, false]);
  });
});
