import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { plan, projectDetail, proposal, usUnits, plannerUser } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { PlanReview } from './PlanReview.tsx';

const us = () =>
  plannerUser({ units: { language: 'en', default: usUnits, user: usUnits, currency_code: 'USD' } });

function openPlan(id: number) {
  act(() => usePlannerStore.getState().openPlan(id));
}

describe('PlanReview', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('shows progress while the job runs, then the proposals', async () => {
    let state = plan(41, { state: 'running', result: null, proposal_count: 0 });
    const api = mockApi({
      'GET /api/plans/41': () => ({ body: state }),
      'GET /api/proposals': { body: { proposals: [proposal(2, 2), proposal(1, 1)] } },
    });
    openPlan(41);
    renderPlanner(<PlanReview />, { user: us() });
    expect(await screen.findByTestId('plan-progress')).toHaveTextContent('The plan is being generated…');
    expect(api.find('GET /api/proposals')).toHaveLength(0);
    state = plan(41);
    const list = await screen.findByTestId('proposal-list', {}, { timeout: 4000 });
    const items = within(list).getAllByTestId('proposal');
    expect(items.map((el) => el.getAttribute('data-rank'))).toEqual(['1', '2']);
    expect(items[0]).toHaveTextContent('820.2 ft');
    expect(items[0]).toHaveTextContent('$48k');
    expect(items[0]).toHaveTextContent('0.92 expected failures in 12 months');
    expect(screen.getByTestId('plan-greedy')).toHaveTextContent('this plan removes 15.0% more');
    expect(screen.getByTestId('plan-gap')).toHaveTextContent('0.40%');
  });

  it('TBD-15: a budget too small says to raise it to the cheapest project’s cost', async () => {
    mockApi({
      'GET /api/plans/41': {
        body: plan(41, {
          result: 2,
          proposal_count: 0,
          explanation: {
            cheapest_project_cost: 48000,
            longest_run_m: 900,
            pipes_considered: 10,
            pipes_uncosted: 2,
            candidates: 3,
          },
          input: { ...plan(41).input, budget: 20000 },
        }),
      },
    });
    openPlan(41);
    renderPlanner(<PlanReview />, { user: us() });
    const dialog = await screen.findByTestId('plan-problem');
    expect(dialog).toHaveAttribute('data-outcome', 'lowBudget');
    expect(within(dialog).getByTestId('plan-problem-text')).toHaveTextContent(
      'With a budget of $20k no project can be paid for. Raise the budget to at least $48k',
    );
    expect(dialog).toHaveTextContent('2 pipes have no cost');
    await userEvent.setup().click(within(dialog).getByTestId('plan-problem-change'));
    expect(usePlannerStore.getState().step).toBe('generate');
  });

  it('TBD-15: lengths out of reach say to lower the minimum to the longest run, in the user’s unit', async () => {
    mockApi({
      'GET /api/plans/41': {
        body: plan(41, {
          result: 3,
          proposal_count: 0,
          explanation: {
            cheapest_project_cost: null,
            longest_run_m: 60.96,
            pipes_considered: 10,
            pipes_uncosted: 0,
            candidates: 0,
          },
        }),
      },
    });
    openPlan(41);
    renderPlanner(<PlanReview />, { user: us() });
    expect(await screen.findByTestId('plan-problem-text')).toHaveTextContent(
      'No run of connected pipes is 500 ft long. Lower the minimum length to at most 200 ft',
    );
  });

  it('accepts a proposal as a project in one action and opens it', async () => {
    const api = mockApi({
      'GET /api/plans/41': { body: plan(41) },
      'GET /api/proposals': { body: { proposals: [proposal(1, 1)] } },
      'POST /api/proposals/1/project': { status: 201, body: projectDetail(77, { proposal_id: 1 }) },
    });
    openPlan(41);
    renderPlanner(<PlanReview />);
    await userEvent.setup().click(await screen.findByTestId('proposal-accept'));
    await waitFor(() => expect(api.find('POST /api/proposals/1/project')).toHaveLength(1));
    await waitFor(() =>
      expect(usePlannerStore.getState()).toMatchObject({ step: 'manage', currentProjectId: 77 }),
    );
  });

  it('issue 36: says how many booked pipes the plan left out, and a proposal booked since cannot be accepted', async () => {
    const booked = [{ pipe_id: 10, native_pipe_id: 'WM-010', project_id: 5, project_name: 'Elm St renewal' }];
    mockApi({
      'GET /api/plans/41': {
        body: plan(41, { explanation: { ...plan(41).explanation, pipes_booked: 3 } }),
      },
      'GET /api/proposals': { body: { proposals: [proposal(1, 1, { booked }), proposal(2, 2)] } },
    });
    openPlan(41);
    renderPlanner(<PlanReview />);
    expect(await screen.findByTestId('plan-booked')).toHaveTextContent(
      '3 pipes already in active projects were left out.',
    );
    const [first, second] = await screen.findAllByTestId('proposal');
    expect(within(first!).getByTestId('proposal-booked')).toHaveTextContent(
      '1 pipe booked since the plan was made',
    );
    expect(within(first!).getByTestId('proposal-booked')).toHaveTextContent('Generate the plan again');
    expect(within(first!).queryByTestId('proposal-accept')).toBeNull();
    expect(within(second!).getByTestId('proposal-accept')).toBeEnabled();
  });

  it('issue 36: a plan stopped at its time limit says so with its gap, and no "n/a more" is shown', async () => {
    const stopped = (gap: number) =>
      plan(41, {
        optimality_gap: gap,
        greedy_risk_removed: 0,
        explanation: { ...plan(41).explanation, stopped_at_time_limit: true, time_limit_s: 20 },
      });
    mockApi({ 'GET /api/plans/41': { body: stopped(1) }, 'GET /api/proposals': { body: { proposals: [] } } });
    openPlan(41);
    const view = renderPlanner(<PlanReview />, { user: us() });
    expect(await screen.findByTestId('plan-gap')).toHaveTextContent(
      'The solver stopped at its 20 s time limit before it could bound the best possible plan',
    );
    // Issue 41: a wall-clock stop depends on the machine, so the user is told a re-run may differ.
    expect(screen.getByTestId('plan-gap')).toHaveTextContent('another run may give a different plan');
    expect(screen.getByTestId('plan-greedy')).not.toHaveTextContent('n/a');
    expect(screen.getByTestId('plan-greedy')).not.toHaveTextContent('more');
    view.unmount();
    mockApi({
      'GET /api/plans/41': { body: stopped(0.031) },
      'GET /api/proposals': { body: { proposals: [] } },
    });
    renderPlanner(<PlanReview />, { user: us() });
    expect(await screen.findByTestId('plan-gap')).toHaveTextContent(
      'The solver stopped at its 20 s time limit: the best possible plan removes at most 3.10% more',
    );
  });

  it('issue 36: sets the plan beside the active projects, both risk figures and the pipes in common', async () => {
    const side = (over: Record<string, unknown>) => ({
      project_count: 2,
      pipe_count: 4,
      length_m: 1609.344,
      cost: 96000,
      expected_breaks_removed: 1.84,
      bre_removed: 52000,
      uncosted_pipes: 0,
      name: 'Plan 41',
      plan_id: 41,
      ...over,
    });
    const api = mockApi({
      'GET /api/plans/41': { body: plan(41) },
      'GET /api/proposals': { body: { proposals: [proposal(1, 1)] } },
      'GET /api/plans': {
        body: {
          plans: [plan(41), plan(40)],
          meta: { page: 1, per_page: 5, total_results: 2, total_pages: 1 },
        },
      },
      'GET /api/plans/compare': {
        body: {
          sides: [side({}), side({ name: 'Active projects', plan_id: null, project_count: 1, cost: 30000 })],
          pipes_in_common: 2,
          length_in_common_m: 804.672,
          currency: 'USD',
        },
      },
    });
    openPlan(41);
    renderPlanner(<PlanReview />, { user: us() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Compare with' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Active projects', 'Plan 40']);
    await user.click(screen.getByRole('option', { name: 'Active projects' }));
    const table = await screen.findByTestId('plan-compare-table');
    expect(table).toHaveTextContent('$96k');
    expect(table).toHaveTextContent('$30k');
    expect(table).toHaveTextContent('1.84');
    expect(table).toHaveTextContent('$52k');
    expect(screen.getByTestId('plan-compare-common')).toHaveTextContent('2 pipes in common (0.5 mi)');
    const urls = api.fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((u) => u.includes('/api/plans/compare?a=41&b=portfolio'))).toBe(true);
  });
});
