// The portfolio of docs/api-planner.md (issue 36) on both backends: every project of a dataset by the year it
// starts and by status, against the years' renewal budgets, with sums checked against the fixture's pipes by hand:
// P1 88 m (LOF 0.1, BRE 100), P2 90 m (0.3, 900), P10 91 m (0.2, 400), Q1 92 m (0.05, 200); US rates in USD/ft.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { portfolioSchema, type Portfolio } from '@pipewise/domain';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, JP_ADMIN, VIEWER, WORKER, GUEST } from './helpers/harness.ts';
import { clearProjects, plannerCall, setSubscriptions } from './helpers/planner.ts';

const FT = 0.3048;
const COST = { P1: (200 * 88) / FT, P2: (168 * 90) / FT, P10: (200 * 91) / FT, Q1: (280 * 92) / FT };

forEachBackend('portfolio routes', (h) => {
  let us: AnalysisFixture;
  const call = plannerCall(h);
  const make = async (name: string, pipes: (keyof typeof COST)[], start: string, status = 0) => {
    const res = await call('POST', '/api/projects', WORKER, {
      dataset_id: us.datasetId,
      name,
      start_date: start,
      end_date: `${start.slice(0, 4)}-12-31`,
      status,
      pipe_ids: pipes.map((p) => us.pipes[p]!),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const portfolio = async (email = VIEWER): Promise<Portfolio> => {
    const res = await call('GET', `/api/projects/portfolio?dataset_id=${us.datasetId}`, email);
    expect(res.statusCode, res.body).toBe(200);
    return portfolioSchema.parse(res.json());
  };
  const budget = (year: number, amount: number | null, email = WORKER) =>
    call('PUT', '/api/projects/portfolio/budgets', email, { dataset_id: us.datasetId, year, amount });

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    // The other client plans too: its 404s are about the dataset, not a missing subscription.
    await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
    await make('Spring mains', ['P1', 'P2'], '2027-03-01');
    await make('Autumn main', ['P10'], '2027-09-01', 1);
    await make('Done last year', ['Q1'], '2028-01-15', 4);
  });
  afterAll(() => clearProjects(h));

  it('sums each year’s and each status’s projects, and sets them against the year’s budget', async () => {
    const set = await budget(2027, 300_000);
    expect(set.statusCode, set.body).toBe(200);
    const p = portfolioSchema.parse(set.json());
    expect(p).toMatchObject({ currency: 'USD', other_currency_projects: 0 });
    expect(p.years.map((y) => y.year)).toEqual([2027, 2028]);
    const [y2027, y2028] = p.years;
    const cost2027 = COST.P1 + COST.P2 + COST.P10;
    expect(y2027).toMatchObject({
      project_count: 2,
      pipe_count: 3,
      length_m: 269,
      budget: 300_000,
      uncosted_pipes: 0,
    });
    expect(y2027!.cost).toBeCloseTo(cost2027, 6);
    expect(y2027!.remaining).toBeCloseTo(300_000 - cost2027, 6);
    expect(y2027!.expected_breaks_removed).toBeCloseTo(0.6, 9);
    expect(y2027!.bre_removed).toBeCloseTo(1400, 6);
    expect(y2028).toMatchObject({ project_count: 1, length_m: 92, budget: null, remaining: null });
    expect(p.statuses.map((s) => [s.status, s.project_count, s.pipe_count])).toEqual([
      [0, 1, 2],
      [1, 1, 1],
      [4, 1, 1],
    ]);
    expect(p.total.cost).toBeCloseTo(cost2027 + COST.Q1, 6);
    expect(p.total.expected_breaks_removed).toBeCloseTo(0.65, 9);
  });

  it('shows a year with a budget and no project yet, and removes a budget set to null', async () => {
    await budget(2029, 1000);
    const with2029 = await portfolio();
    expect(with2029.years.find((y) => y.year === 2029)).toMatchObject({
      project_count: 0,
      cost: 0,
      budget: 1000,
      remaining: 1000,
      expected_breaks_removed: null,
    });
    await budget(2029, 1500);
    expect((await portfolio()).years.find((y) => y.year === 2029)!.budget).toBe(1500);
    await budget(2029, null);
    expect((await portfolio()).years.map((y) => y.year)).toEqual([2027, 2028]);
  });

  it('lets viewers read and only planners set budgets; another client sees nothing', async () => {
    expect((await budget(2030, 5, VIEWER)).statusCode).toBe(403);
    expect((await budget(2030, 5, GUEST)).json().code).toBe('DEMO_READ_ONLY');
    expect((await budget(2030, -1)).statusCode).toBe(400);
    const other = await call('GET', `/api/projects/portfolio?dataset_id=${us.datasetId}`, JP_ADMIN);
    expect(other.statusCode).toBe(404);
    const put = await call('PUT', '/api/projects/portfolio/budgets', JP_ADMIN, {
      dataset_id: us.datasetId,
      year: 2027,
      amount: 1,
    });
    expect(put.statusCode).toBe(404);
    expect((await portfolio()).years[0]!.budget).toBe(300_000);
  });
});
