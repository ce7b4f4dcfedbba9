import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { projectDetail } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { SaveStep } from './SaveStep.tsx';

const AREA = 'POLYGON((-122.23 37.49, -122.22 37.49, -122.22 37.5, -122.23 37.5, -122.23 37.49))';
const DEFAULTS = {
  'GET /api/projects/defaults': {
    body: {
      standard_repair_cost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
      repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    },
  },
};

describe('SaveStep', () => {
  beforeAll(() => i18n.loadNamespaces(['planner', 'validations']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('makes a project of the drawn rectangle (WKT) with the default repair costs, then opens it', async () => {
    const api = mockApi({ ...DEFAULTS, 'POST /api/projects': { status: 201, body: projectDetail(9) } });
    act(() => usePlannerStore.getState().draftProject({ area: AREA, pipeIds: null }));
    const { bridge } = renderPlanner(<SaveStep />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('save-source')).toHaveTextContent('pipes inside the drawn area');
    expect(screen.getByTestId('repair-cost-unit')).toHaveTextContent('USD/ft');
    await user.clear(screen.getByTestId('project-name'));
    await user.type(screen.getByTestId('project-name'), 'Ring main');
    await user.click(screen.getByTestId('project-submit'));
    await waitFor(() => expect(api.find('POST /api/projects')).toHaveLength(1));
    expect(bridge.captureImage).toHaveBeenCalled();
    const body = api.find('POST /api/projects')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      dataset_id: 3,
      name: 'Ring main',
      status: 0,
      project_area: AREA,
      image: null,
      standard_repair_cost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
    });
    expect(body).not.toHaveProperty('pipe_ids');
    await waitFor(() =>
      expect(usePlannerStore.getState()).toMatchObject({ step: 'manage', currentProjectId: 9 }),
    );
  });

  it('accepts a proposal with the form’s fields when the draft came from one', async () => {
    const api = mockApi({
      ...DEFAULTS,
      'POST /api/proposals/12/project': { status: 201, body: projectDetail(9) },
    });
    act(() =>
      usePlannerStore.getState().draftProject({
        area: null,
        pipeIds: [1, 2],
        name: 'Plan 4 – proposal 2',
        budget: 48000,
        proposalId: 12,
      }),
    );
    renderPlanner(<SaveStep />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('project-name')).toHaveValue('Plan 4 – proposal 2');
    expect(screen.getByTestId('project-budget')).toHaveValue('48000');
    await user.click(screen.getByTestId('project-submit'));
    await waitFor(() => expect(api.find('POST /api/proposals/12/project')).toHaveLength(1));
    expect(api.find('POST /api/proposals/12/project')[0]?.body).toMatchObject({
      name: 'Plan 4 – proposal 2',
      budget: 48000,
    });
    expect(api.find('POST /api/projects')).toHaveLength(0);
  });

  it('FMT-RULE-15: budget and repair costs take no more decimals than their currency has', async () => {
    mockApi({
      'GET /api/projects/defaults': {
        body: {
          standard_repair_cost: { d1: 50000, d2: 60000, d3: 70000, d4: 80000, d5: 90000, d6: 100000 },
          repair_cost_unit: { currency: 'JPY', per_length_unit: 'm' },
        },
      },
    });
    // A proposal's budget is computed: in yen it may come with decimals, which can still be edited away.
    act(() =>
      usePlannerStore
        .getState()
        .draftProject({ area: null, pipeIds: [1], name: 'P', budget: 48000.25, proposalId: 12 }),
    );
    renderPlanner(<SaveStep />);
    const user = userEvent.setup();
    const budget = await screen.findByTestId('project-budget');
    expect(budget).toHaveValue('48000.25');
    await user.type(budget, '1');
    expect(budget).toHaveValue('48000.25');
    await user.type(budget, '{Backspace}{Backspace}{Backspace}.');
    expect(budget).toHaveValue('48000');
    const d1 = await screen.findByTestId('project-cost-d1');
    await user.type(d1, ',5');
    expect(d1).toHaveValue('500005');
  });

  it('issue 36: names the pipes another active project holds, and saves without them when asked', async () => {
    const booked = [{ pipe_id: 2, native_pipe_id: 'WM-002', project_id: 5, project_name: 'Elm St renewal' }];
    let posts = 0;
    const api = mockApi({
      ...DEFAULTS,
      'POST /api/projects': () =>
        ++posts === 1
          ? { status: 409, body: { status: 409, code: 'PIPE_BOOKED', message: 'Pipe WM-002 …', booked } }
          : { status: 201, body: projectDetail(9) },
    });
    act(() => usePlannerStore.getState().draftProject({ area: null, pipeIds: [1, 2, 3] }));
    renderPlanner(<SaveStep />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-submit'));
    const alert = await screen.findByTestId('booked-pipes');
    expect(alert).toHaveTextContent('1 pipe is already in an active project');
    expect(alert).toHaveTextContent('WM-002 – in “Elm St renewal”');
    expect(usePlannerStore.getState().step).not.toBe('manage');
    await user.click(screen.getByTestId('booked-leave-out'));
    await waitFor(() => expect(api.find('POST /api/projects')).toHaveLength(2));
    expect(api.find('POST /api/projects')[1]?.body).toMatchObject({
      pipe_ids: [1, 2, 3],
      leave_out_pipe_ids: [2],
    });
    await waitFor(() =>
      expect(usePlannerStore.getState()).toMatchObject({ step: 'manage', currentProjectId: 9 }),
    );
  });

  it('issue 36: a proposal booked since is not offered to leave pipes out: the plan is generated again', async () => {
    const booked = [{ pipe_id: 2, native_pipe_id: 'WM-002', project_id: 5, project_name: 'Elm St renewal' }];
    mockApi({
      ...DEFAULTS,
      'POST /api/proposals/12/project': {
        status: 409,
        body: { status: 409, code: 'PIPE_BOOKED', message: 'x', booked },
      },
    });
    act(() =>
      usePlannerStore.getState().draftProject({ area: null, pipeIds: [1, 2], name: 'P', proposalId: 12 }),
    );
    renderPlanner(<SaveStep />);
    await userEvent.setup().click(await screen.findByTestId('project-submit'));
    const alert = await screen.findByTestId('booked-pipes');
    expect(alert).toHaveTextContent('Generate the plan again');
    expect(screen.queryByTestId('booked-leave-out')).toBeNull();
  });

  it('issue 36: picks the inspector from the client’s users (inspectors first); outsiders are typed', async () => {
    const people = [
      { id: 1, full_name: 'Ada Admin', email: 'ada@utility.example', inspector: false },
      { id: 4, full_name: 'Ivy Inspector', email: 'ivy@utility.example', inspector: true },
    ];
    const api = mockApi({
      ...DEFAULTS,
      'GET /api/projects/people': { body: { people } },
      'POST /api/projects': { status: 201, body: projectDetail(9) },
    });
    act(() => usePlannerStore.getState().draftProject({ area: null, pipeIds: [1] }));
    renderPlanner(<SaveStep />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-inspector-pick'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ivy Inspector – ivy@utility.example',
      'Ada Admin – ada@utility.example',
    ]);
    await user.click(options[0]!);
    // A picked user brings name and e-mail; the free-text fields are for people outside the client.
    expect(screen.queryByTestId('project-inspector-name')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('project-manager-name'), 'Outside Consulting');
    await user.click(screen.getByTestId('project-submit'));
    await waitFor(() => expect(api.find('POST /api/projects')).toHaveLength(1));
    expect(api.find('POST /api/projects')[0]?.body).toMatchObject({
      inspector_id: 4,
      inspector_name: 'Ivy Inspector',
      inspector_email: 'ivy@utility.example',
      manager_id: null,
      manager_name: 'Outside Consulting',
    });
  });

  it('issue 36: a project planned under a scenario takes its dates', async () => {
    mockApi({ ...DEFAULTS });
    act(() => {
      usePlannerStore.getState().setScenarioDates({ startDate: '2027-04-01', endDate: '2027-09-30' });
      usePlannerStore.getState().draftProject({ area: null, pipeIds: [1] });
    });
    renderPlanner(<SaveStep />);
    expect(await screen.findByTestId('project-start')).toHaveValue('2027-04-01');
    expect(screen.getByTestId('project-end')).toHaveValue('2027-09-30');
  });
});
