import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { plannerUser, usUnits } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { AutoPlannerForm } from './AutoPlannerForm.tsx';

const DEFAULTS = {
  'GET /api/projects/defaults': {
    body: {
      standard_repair_cost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
      repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    },
  },
};
const queued = { id: 41, state: 'queued', result: null };
const us = () =>
  plannerUser({
    units: { language: 'en', default: usUnits, user: usUnits, currency_code: 'USD' },
    subscriptions: ['JOB_PLANNER', 'LOF'],
  });

describe('AutoPlannerForm', () => {
  beforeAll(() => i18n.loadNamespaces(['planner', 'validations']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('PLAN-AUTO-02: a US user starts at 500 and 1000 ft and sends them in metres', async () => {
    const api = mockApi({ ...DEFAULTS, 'POST /api/plans/generate': { status: 202, body: queued } });
    renderPlanner(<AutoPlannerForm />, { user: us() });
    const user = userEvent.setup();
    expect(screen.getByTestId('auto-min-length')).toHaveValue('500');
    expect(screen.getByTestId('auto-max-length')).toHaveValue('1000');
    expect(screen.getAllByText('ft')).toHaveLength(2);
    await user.type(screen.getByTestId('auto-budget'), '250000');
    await user.click(screen.getByTestId('auto-submit'));
    await waitFor(() => expect(api.find('POST /api/plans/generate')).toHaveLength(1));
    expect(api.find('POST /api/plans/generate')[0]?.body).toEqual({
      dataset_id: 3,
      budget: 250000,
      min_length_m: 152.4,
      max_length_m: 304.8,
      risk_criteria: 'lof',
      whole_snapshot: true,
      area: null,
      include_booked: false,
    });
    // The plan's review shows its progress (TBD-10 step 4).
    await waitFor(() =>
      expect(usePlannerStore.getState()).toMatchObject({ step: 'review', currentPlanId: 41 }),
    );
  });

  it('needs a budget, and offers BRE only with its subscriptions', async () => {
    const api = mockApi(DEFAULTS);
    renderPlanner(<AutoPlannerForm />, { user: us() });
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Total risk (BRE)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Drawn area' })).toBeDisabled();
    await user.click(screen.getByTestId('auto-submit'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.find('POST /api/plans/generate')).toHaveLength(0);
  });

  it('plans the drawn area by default when there is one', async () => {
    const area = 'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))';
    const api = mockApi({ ...DEFAULTS, 'POST /api/plans/generate': { status: 202, body: queued } });
    renderPlanner(<AutoPlannerForm />, { bridge: { area } });
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Drawn area' })).toBeChecked();
    // A metric user starts at 150–300 m (issue 36: the size of the US 500–1000 ft, not 3.3 times it).
    expect(screen.getByTestId('auto-min-length')).toHaveValue('150');
    expect(screen.getByTestId('auto-max-length')).toHaveValue('300');
    await user.type(screen.getByTestId('auto-budget'), '1000');
    // Pipes already in active projects are left out unless asked for.
    expect(screen.getByTestId('auto-include-booked')).not.toBeChecked();
    await user.click(screen.getByTestId('auto-include-booked'));
    await user.click(screen.getByTestId('auto-submit'));
    await waitFor(() => expect(api.find('POST /api/plans/generate')).toHaveLength(1));
    expect(api.find('POST /api/plans/generate')[0]?.body).toMatchObject({
      whole_snapshot: false,
      area,
      min_length_m: 150,
      include_booked: true,
    });
  });

  it('FMT-RULE-15: the budget keeps its previous value when more decimals than its currency has are typed', async () => {
    mockApi(DEFAULTS);
    const dollars = renderPlanner(<AutoPlannerForm />, { user: us() });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('auto-budget'), '1250.505');
    expect(screen.getByTestId('auto-budget')).toHaveValue('1250.50');
    dollars.unmount();

    // Yen have no decimals: neither a point nor a comma is taken.
    const yen = { ...DEFAULTS['GET /api/projects/defaults'].body.repair_cost_unit, currency: 'JPY' };
    mockApi({
      'GET /api/projects/defaults': {
        body: { ...DEFAULTS['GET /api/projects/defaults'].body, repair_cost_unit: yen },
      },
    });
    renderPlanner(<AutoPlannerForm />, { user: us() });
    await screen.findByText('JPY');
    await user.type(screen.getByTestId('auto-budget'), '9000.,');
    expect(screen.getByTestId('auto-budget')).toHaveValue('9000');
  });
});
