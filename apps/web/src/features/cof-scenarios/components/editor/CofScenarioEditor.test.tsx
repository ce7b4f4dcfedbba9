import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../../components/confirm-dialog/index.ts';
import { useToastStore } from '../../../../components/toast/index.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import type { wireCostMaster } from '../../test-data.ts';
import { metricUnits, usUnits, viewer, wireScenario, withUnits } from '../../test-data.ts';
import { CofScenarioEditor } from './CofScenarioEditor.tsx';

const SCENARIO = wireScenario(4, 'Old mains', { enabled: true });
/** A PATCH body as it went over the wire (snake_case). */
type SentPatch = { cost_master: ReturnType<typeof wireCostMaster> };

function open(over: Record<string, unknown> = withUnits(usUnits), onResultsReady = vi.fn()) {
  const result = renderWithApp(
    <>
      <CofScenarioEditor id={4} datasetId={3} viewer={viewer(over)} onResultsReady={onResultsReady} />
      <ConfirmDialogHost />
    </>,
    { path: '/cof/scenarios/4', routes: ['/cof/scenarios'] },
  );
  return { ...result, user: userEvent.setup(), onResultsReady };
}

const field = (cost: string, tier: string) => screen.getByTestId(`cost-${cost}-${tier}`);

// MUI forms in jsdom are slow; a busy machine doubles it.
describe('CofScenarioEditor', { timeout: 20_000 }, () => {
  beforeEach(() => useToastStore.setState({ toast: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("labels the tiers in inches and the money in the scenario's currency and unit for US users", async () => {
    mockApi({ 'GET /api/cof-scenarios/4': { body: SCENARIO } });
    open();
    const noWater = await screen.findByTestId('cost-customerNoWater');
    expect(within(noWater).getByLabelText('D3 · 8 – 16 in')).toHaveValue('2');
    expect(within(noWater).getByTestId('cost-unit')).toHaveTextContent(
      'Standard calculation · USD per person-hour',
    );
    expect(
      within(screen.getByTestId('cost-intenseRepairRoadType')).getByTestId('cost-unit'),
    ).toHaveTextContent('USD/ft');
    expect(within(noWater).getAllByText('USD')).toHaveLength(6);
  });

  it('labels them in millimetres for metric users', async () => {
    mockApi({ 'GET /api/cof-scenarios/4': { body: SCENARIO } });
    open(withUnits(metricUnits));
    const noWater = await screen.findByTestId('cost-customerNoWater');
    expect(within(noWater).getByLabelText('D3 · 203 – 406 mm')).toBeInTheDocument();
    expect(within(noWater).getByLabelText('D6 · ≥ 762 mm')).toBeInTheDocument();
  });

  it('COF-TYPE-02: choosing hydraulic switches both indirect costs to their hydraulic values, not the direct cost', async () => {
    const api = mockApi({
      'GET /api/cof-scenarios/4': { body: SCENARIO },
      'PATCH /api/cof-scenarios/4': ({ body }) => ({ body: { ...SCENARIO, ...(body as object), type: 1 } }),
    });
    const { user } = open();
    await screen.findByTestId('cost-customerNoWater');
    expect(screen.getByTestId('scenario-type')).toHaveTextContent('Standard');
    await user.click(screen.getByRole('radio', { name: /Hydraulic/ }));
    expect(screen.getByTestId('scenario-type')).toHaveTextContent('Hydraulic');
    expect(screen.getByTestId('cost-customerNoWater')).toHaveAttribute('data-mode', 'hydraulicCalculation');
    expect(screen.getByTestId('cost-criticalFacilities')).toHaveAttribute(
      'data-mode',
      'hydraulicCalculation',
    );
    expect(screen.getByTestId('cost-intenseRepairRoadType')).toHaveAttribute(
      'data-mode',
      'standardCalculation',
    );
    // The test data's hydraulic values are three times the standard ones.
    expect(field('customerNoWater', 'd1')).toHaveValue('6');
    expect(field('criticalFacilities', 'd1')).toHaveValue('1500');

    await user.click(screen.getByTestId('cof-save'));
    await waitFor(() => expect(api.find('PATCH /api/cof-scenarios/4')).toHaveLength(1));
    const sent = api.find('PATCH /api/cof-scenarios/4')[0]?.body as SentPatch;
    const noWater = sent.cost_master.indirect_cost.customer_no_water;
    expect([
      noWater.standard_calculation.enabled,
      noWater.valve_calculation.enabled,
      noWater.hydraulic_calculation.enabled,
    ]).toEqual([false, false, true]);
    expect(sent.cost_master.indirect_cost.critical_facilities.hydraulic_calculation.enabled).toBe(true);
    expect(sent.cost_master.direct_cost.intense_repair_road_type.standard_calculation.enabled).toBe(true);
  });

  it('refuses a negative d-value, naming the field, and sends nothing', async () => {
    const api = mockApi({ 'GET /api/cof-scenarios/4': { body: SCENARIO } });
    const { user } = open();
    await screen.findByTestId('cost-customerNoWater');
    await user.clear(field('customerNoWater', 'd3'));
    await user.type(field('customerNoWater', 'd3'), '-1');
    expect(
      within(screen.getByTestId('cost-customerNoWater')).getByText('Enter 0 or more.'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('cof-save'));
    expect(await screen.findByTestId('cof-validation')).toHaveTextContent(
      'Customers without water (Standard calculation), D3 · 8 – 16 in: Enter 0 or more.',
    );
    expect(useToastStore.getState().toast?.color).toBe('error');
    expect(api.find('PATCH /api/cof-scenarios/4')).toHaveLength(0);
  });

  it('saves a change, shows the re-run until the results are current, then says the map has new results', async () => {
    let gets = 0;
    const api = mockApi({
      'GET /api/cof-scenarios/4': () => {
        gets += 1;
        // First the page load, then polls after the save: still running once, then current.
        const state = gets === 1 ? 'stale' : gets === 2 ? 'running' : 'current';
        return {
          body: {
            ...SCENARIO,
            runs: [{ dataset_id: 3, state, analysis_id: 12, progress: 60, stage: 'cof' }],
          },
        };
      },
      'PATCH /api/cof-scenarios/4': () => ({
        body: {
          ...SCENARIO,
          runs: [{ dataset_id: 3, state: 'running', analysis_id: 12, progress: 10, stage: 'cof' }],
        },
      }),
    });
    const { user, onResultsReady } = open();
    await screen.findByTestId('cost-customerNoWater');
    await user.clear(field('customerNoWater', 'd3'));
    await user.type(field('customerNoWater', 'd3'), '3,5');
    expect(screen.getByTestId('cof-editor-unsaved')).toBeInTheDocument();
    await user.click(screen.getByTestId('cof-save'));
    await waitFor(() => expect(api.find('PATCH /api/cof-scenarios/4')).toHaveLength(1));
    const body = api.find('PATCH /api/cof-scenarios/4')[0]?.body as SentPatch;
    expect(Object.keys(body)).toEqual(['cost_master']);
    expect(body.cost_master.indirect_cost.customer_no_water.standard_calculation.d3).toBe(3.5);
    expect(useToastStore.getState().toast?.text).toBe(
      'The scenario was saved. COF and BRE are being calculated again for the network.',
    );
    expect(screen.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    expect(screen.queryByTestId('cof-editor-unsaved')).not.toBeInTheDocument();
    expect(await screen.findByTestId('cof-results-ready', {}, { timeout: 8_000 })).toHaveTextContent(
      'Refresh map',
    );
    expect(screen.getByTestId('run-state')).toHaveAttribute('data-state', 'current');
    expect(onResultsReady).toHaveBeenCalledTimes(1);
  });

  it('adds a custom COF by diameter in inches and saves it in millimetres', async () => {
    const api = mockApi({
      'GET /api/cof-scenarios/4': { body: SCENARIO },
      'PATCH /api/cof-scenarios/4': ({ body }) => ({ body: { ...SCENARIO, ...(body as object) } }),
    });
    const { user } = open();
    await user.click(await screen.findByTestId('custom-cof-add'));
    const dialog = await screen.findByTestId('custom-cof-dialog');
    await user.type(within(dialog).getByTestId('custom-cof-name'), 'Large mains');
    await user.click(within(dialog).getByRole('combobox', { name: 'Attribute' }));
    await user.click(await screen.findByRole('option', { name: 'Diameter' }));
    await user.type(within(dialog).getByLabelText('Minimum (in)'), '12');
    await user.type(within(dialog).getByTestId('custom-cof-amount'), '2500');
    await user.click(screen.getByTestId('custom-cof-apply'));
    const row = await screen.findByTestId('custom-cof-row');
    expect(row).toHaveTextContent('Large mains');
    expect(row).toHaveTextContent('Diameter: 12 in or more');
    await user.click(screen.getByTestId('cof-save'));
    await waitFor(() => expect(api.find('PATCH /api/cof-scenarios/4')).toHaveLength(1));
    expect(api.find('PATCH /api/cof-scenarios/4')[0]?.body).toEqual({
      custom_cofs: [
        {
          id: 1,
          enabled: true,
          name: 'Large mains',
          amount: 2500,
          rule: { kind: 'attribute', attribute: 'diameter', min: 304.8, max: null },
        },
      ],
    });
  });

  it('is read-only without the right to change scenarios', async () => {
    mockApi({ 'GET /api/cof-scenarios/4': { body: SCENARIO } });
    open({ ...withUnits(usUnits), permission_group_type_code: 3 });
    await screen.findByTestId('cost-customerNoWater');
    expect(screen.getByTestId('cof-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('cof-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('custom-cof-add')).not.toBeInTheDocument();
    expect(field('customerNoWater', 'd3')).toHaveAttribute('readonly');
    expect(screen.getByTestId('cof-editor-name')).toHaveAttribute('readonly');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('puts a scenario not in use to use after asking, once its changes are saved', async () => {
    const idle = wireScenario(4, 'Old mains', { enabled: false });
    const api = mockApi({
      'GET /api/cof-scenarios/4': { body: idle },
      'PATCH /api/cof-scenarios/4': { body: { ...idle, enabled: true } },
    });
    const { user } = open();
    await screen.findByTestId('cost-customerNoWater');
    expect(screen.getByTestId('cof-editor-enabled')).toHaveTextContent('Not in use');
    await user.type(field('customerNoWater', 'd3'), '0');
    expect(screen.getByTestId('cof-use')).toBeDisabled();
    await user.click(screen.getByTestId('cof-discard'));
    await user.click(screen.getByTestId('cof-use'));
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(api.find('PATCH /api/cof-scenarios/4')[0]?.body).toEqual({ enabled: true }));
    await waitFor(() => expect(screen.getByTestId('cof-editor-enabled')).toHaveTextContent('In use'));
    expect(screen.queryByTestId('cof-use')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockApi({ 'GET /api/cof-scenarios/4': { body: SCENARIO } });
    const { user, router } = open();
    await screen.findByTestId('cost-customerNoWater');
    await user.type(field('customerNoWater', 'd3'), '0');
    await user.click(screen.getByRole('link', { name: 'All COF scenarios' }));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Leave without saving?');
    await user.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/cof/scenarios/4');

    await user.click(screen.getByRole('link', { name: 'All COF scenarios' }));
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cof/scenarios'));
  });

  it('says when the scenario does not exist', async () => {
    mockApi({ 'GET /api/cof-scenarios/4': { status: 404, body: { status: 404, message: 'Not found' } } });
    open();
    expect(await screen.findByTestId('cof-scenario-error')).toHaveTextContent('does not exist');
  });
});
