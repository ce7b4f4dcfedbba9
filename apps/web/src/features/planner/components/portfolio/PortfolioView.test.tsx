import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore } from '../../state.ts';
import { plannerUser, usUnits } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { PortfolioView } from './PortfolioView.tsx';

const figures = (over: Record<string, unknown>) => ({
  project_count: 0,
  pipe_count: 0,
  length_m: 0,
  cost: 0,
  expected_breaks_removed: null,
  bre_removed: null,
  uncosted_pipes: 0,
  ...over,
});
const PORTFOLIO = {
  currency: 'USD',
  years: [
    {
      ...figures({
        project_count: 2,
        pipe_count: 3,
        length_m: 1609.344,
        cost: 320_000,
        expected_breaks_removed: 0.6,
      }),
      year: 2027,
      budget: 300_000,
      remaining: -20_000,
    },
    { ...figures({}), year: 2028, budget: 50_000, remaining: 50_000 },
  ],
  statuses: [{ ...figures({ project_count: 2, cost: 320_000 }), status: 0 }],
  total: figures({ project_count: 2, pipe_count: 3, cost: 320_000, uncosted_pipes: 1 }),
  other_currency_projects: 0,
};
const us = (code = 2) =>
  plannerUser({
    permission_group_type_code: code,
    units: { language: 'en', default: usUnits, user: usUnits, currency_code: 'USD' },
  });

describe('PortfolioView (issue 36)', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('sets each year’s projects against its budget, an overrun in red, in the user’s units', async () => {
    mockApi({ 'GET /api/projects/portfolio': { body: PORTFOLIO } });
    renderPlanner(<PortfolioView />, { user: us() });
    const rows = await screen.findAllByTestId('portfolio-year');
    expect(rows.map((r) => r.getAttribute('data-year'))).toEqual(['2027', '2028']);
    expect(rows[0]).toHaveTextContent('1 mi');
    expect(rows[0]).toHaveTextContent('$320k');
    expect(rows[0]).toHaveTextContent('0.60');
    const over = within(rows[0]!).getByTestId('portfolio-remaining');
    expect(over).toHaveTextContent('-$20k');
    expect(getComputedStyle(over).color).not.toBe(
      getComputedStyle(within(rows[1]!).getByTestId('portfolio-remaining')).color,
    );
    expect(screen.getByTestId('portfolio-legend')).toHaveTextContent('Inspecting');
    expect(
      screen.getByText('1 pipe has no cost (diameter unknown): left out of the costs.'),
    ).toBeInTheDocument();
  });

  it('lets a planner change a year’s budget in place and add a year', async () => {
    const api = mockApi({
      'GET /api/projects/portfolio': { body: PORTFOLIO },
      'PUT /api/projects/portfolio/budgets': { body: PORTFOLIO },
    });
    renderPlanner(<PortfolioView />, { user: us() });
    const user = userEvent.setup();
    const budget = await screen.findByTestId('portfolio-budget-2028');
    await user.clear(budget);
    await user.type(budget, '75000{Enter}');
    await waitFor(() => expect(api.find('PUT /api/projects/portfolio/budgets')).toHaveLength(1));
    expect(api.find('PUT /api/projects/portfolio/budgets')[0]?.body).toEqual({
      dataset_id: 3,
      year: 2028,
      amount: 75000,
    });
    await user.clear(screen.getByTestId('portfolio-new-year'));
    await user.type(screen.getByTestId('portfolio-new-year'), '2030');
    await user.type(screen.getByTestId('portfolio-new-amount'), '100000');
    await user.click(screen.getByTestId('portfolio-add-budget'));
    await waitFor(() => expect(api.find('PUT /api/projects/portfolio/budgets')).toHaveLength(2));
    expect(api.find('PUT /api/projects/portfolio/budgets')[1]?.body).toEqual({
      dataset_id: 3,
      year: 2030,
      amount: 100000,
    });
  });

  it('shows viewers the budgets without letting them change them', async () => {
    mockApi({ 'GET /api/projects/portfolio': { body: PORTFOLIO } });
    renderPlanner(<PortfolioView />, { user: us(3) });
    const rows = await screen.findAllByTestId('portfolio-year');
    expect(rows[0]).toHaveTextContent('$300k');
    expect(screen.queryByTestId('portfolio-budget-2027')).not.toBeInTheDocument();
    expect(screen.queryByTestId('portfolio-add-budget')).not.toBeInTheDocument();
  });
});
