import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { plannerUser, programme, programmeSummary, project } from '../../test-data.ts';
import { ProgrammeView, type ProgrammeViewProps } from './ProgrammeView.tsx';

function renderView(over: Partial<ProgrammeViewProps> = {}) {
  const props: ProgrammeViewProps = {
    user: plannerUser(),
    datasetId: 3,
    datasetName: 'Demo town',
    currency: 'USD',
    cofName: (s) => s.name,
    selectedId: null,
    onSelect: vi.fn(),
    onOpenMap: vi.fn(),
    thisYear: 2026,
    ...over,
  };
  return { ...renderWithApp(<ProgrammeView {...props} />), props };
}

const LIST = { 'GET /api/programmes': { body: { programmes: [programmeSummary(5)] } } };
const viewer = () => plannerUser({ permission_group_type_code: 3 });

describe('ProgrammeView', () => {
  beforeAll(() => i18n.loadNamespaces(['planner', 'views', 'details']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('sends flat, rising and typed budgets as the programme body', async () => {
    const api = mockApi({
      'GET /api/programmes': { body: { programmes: [] } },
      'POST /api/programmes': { status: 202, body: { ...programme(8), state: 'queued', scenarios: [] } },
    });
    const { props } = renderView();
    const user = userEvent.setup();
    await user.clear(screen.getByTestId('programme-horizon'));
    await user.type(screen.getByTestId('programme-horizon'), '5');
    await user.type(screen.getByTestId('programme-budget-0'), '1000000');
    await user.click(screen.getByTestId('programme-kind-1-rising'));
    await user.type(screen.getByTestId('programme-budget-1'), '800000');
    await user.clear(screen.getByTestId('programme-rise-1'));
    await user.type(screen.getByTestId('programme-rise-1'), '3');
    await user.click(screen.getByTestId('programme-add-scenario'));
    await user.clear(screen.getByTestId('programme-name-2'));
    await user.type(screen.getByTestId('programme-name-2'), 'By year');
    await user.click(screen.getByTestId('programme-kind-2-typed'));
    for (const [y, amount] of ['100', '200', '300', '400', '500'].entries()) {
      await user.type(screen.getByTestId(`programme-year-2-${y}`), amount);
    }
    await user.click(screen.getByTestId('programme-strategy'));
    await user.click(await screen.findByTestId('programme-strategy-oldest'));
    await user.click(screen.getByTestId('programme-submit'));
    await waitFor(() => expect(api.find('POST /api/programmes')).toHaveLength(1));
    expect(api.find('POST /api/programmes')[0]?.body).toEqual({
      dataset_id: 3,
      start_year: 2026,
      horizon_years: 5,
      strategy: 'oldest',
      scenarios: [
        { name: 'Scenario 1', yearly_budget: 1000000 },
        { name: 'Scenario 2', yearly_budget: 800000, rise_percent: 3 },
        { name: 'By year', yearly_budget: [100, 200, 300, 400, 500] },
      ],
    });
    await waitFor(() => expect(props.onSelect).toHaveBeenCalledWith(8));
  });

  it("shows the server's refusal of the first year under the field", async () => {
    mockApi({
      'GET /api/programmes': { body: { programmes: [] } },
      'POST /api/programmes': {
        status: 400,
        body: {
          code: 'VALIDATION',
          message: 'The first year must be between 2027 and 2037.',
          fields: [{ field: 'start_year', rule: 'range', message: 'between 2027 and 2037' }],
        },
      },
    });
    renderView();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('programme-budget-0'), '1');
    await user.type(screen.getByTestId('programme-budget-1'), '2');
    await user.click(screen.getByTestId('programme-submit'));
    expect(await screen.findByText('The first year must be between 2027 and 2037.')).toBeInTheDocument();
  });

  it('checks the budgets before sending', async () => {
    const api = mockApi({ 'GET /api/programmes': { body: { programmes: [] } } });
    renderView();
    await userEvent.setup().click(screen.getByTestId('programme-submit'));
    expect(await screen.findAllByText('Type an amount of 0 or more.')).toHaveLength(2);
    expect(api.find('POST /api/programmes')).toHaveLength(0);
  });

  it('reads the hold-flat sentence, the table and the assumptions in English', async () => {
    mockApi({ ...LIST, 'GET /api/programmes/5': { body: programme(5) } });
    renderView({ selectedId: 5 });
    expect(await screen.findByTestId('programme-hold')).toHaveTextContent(
      "About $1.25M a year holds expected breaks at today's level (42.5 a year).",
    );
    const rows = within(screen.getByTestId('programme-table-0')).getAllByTestId('programme-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('2026');
    expect(rows[0]).toHaveTextContent('$1.00M');
    expect(rows[0]).toHaveTextContent('42.5');
    expect(rows[0]).toHaveTextContent('30.1–55.2');
    expect(rows[0]).toHaveTextContent('1.50');
    expect(rows[0]).toHaveTextContent('12.3%');
    const assumptions = screen.getByTestId('programme-assumptions');
    expect(assumptions).toHaveTextContent('2025');
    expect(assumptions).toHaveTextContent('Hospitals first');
    expect(assumptions).toHaveTextContent("the utility's own");
    expect(assumptions).toHaveTextContent('Folkman 2018');
    expect(assumptions).toHaveTextContent('Mains left to active projects2');
    for (const m of ['breaks', 'bre', 'length', 'spend', 'meanAge', 'p90Age', 'pastRul'])
      expect(screen.getByTestId(`programme-chart-${m}`)).toBeInTheDocument();
  });

  it('reads them in German, and says when no flat budget holds the breaks', async () => {
    await i18n.changeLanguage('de');
    mockApi({
      ...LIST,
      'GET /api/programmes/5': { body: programme(5, { hold_flat_budget: null }) },
    });
    renderView({ selectedId: 5, user: plannerUser({ language: 'de' }) });
    expect(await screen.findByTestId('programme-hold')).toHaveTextContent(
      'Kein konstantes Budget innerhalb der Netzkosten hält die erwarteten Brüche auf heutigem Niveau (42,5 pro Jahr).',
    );
    const header = within(screen.getByTestId('programme-table-0')).getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toContain('Erwartete Brüche');
    expect(
      within(screen.getByTestId('programme-table-0')).getAllByTestId('programme-row')[0],
    ).toHaveTextContent('30,1–55,2');
  });

  it('opens a year on the map and makes the first year into projects', async () => {
    const api = mockApi({
      ...LIST,
      'GET /api/programmes/5': { body: programme(5) },
      'POST /api/programmes/5/scenarios/1/first-year-projects': {
        status: 201,
        body: { projects: [project(71, { name: 'Programme 5 – Rising – 2026 #1' })] },
      },
    });
    const { props } = renderView({ selectedId: 5 });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('programme-on-map-2027'));
    expect(usePlannerStore.getState().programmeYear).toMatchObject({
      programmeId: 5,
      scenario: 0,
      year: 2027,
    });
    expect(props.onOpenMap).toHaveBeenCalled();
    await user.click(screen.getByTestId('programme-tab-1'));
    await user.click(screen.getByTestId('programme-make-projects-1'));
    expect(await screen.findByTestId('programme-made')).toHaveTextContent('1 project made:');
    expect(screen.getByTestId('programme-made')).toHaveTextContent('Programme 5 – Rising – 2026 #1');
    expect(api.find('POST /api/programmes/5/scenarios/1/first-year-projects')).toHaveLength(1);
  });

  it('names the booked mains when the first year collides with an active project', async () => {
    mockApi({
      ...LIST,
      'GET /api/programmes/5': { body: programme(5) },
      'POST /api/programmes/5/scenarios/0/first-year-projects': {
        status: 409,
        body: {
          code: 'PIPE_BOOKED',
          message: 'booked',
          booked: [{ pipe_id: 4, native_pipe_id: 'P-4', project_id: 9, project_name: 'Main St' }],
        },
      },
    });
    renderView({ selectedId: 5 });
    await userEvent.setup().click(await screen.findByTestId('programme-make-projects-0'));
    const alert = await screen.findByTestId('booked-pipes');
    expect(alert).toHaveTextContent('P-4 – in “Main St”');
    expect(alert).toHaveTextContent('Run the programme again');
  });

  it('lets a read-only user read results but not create, delete or make projects', async () => {
    mockApi({ ...LIST, 'GET /api/programmes/5': { body: programme(5) } });
    renderView({ selectedId: 5, user: viewer() });
    expect(await screen.findByTestId('programme-hold')).toBeInTheDocument();
    expect(screen.getAllByTestId('programme-item')).toHaveLength(1);
    expect(screen.queryByTestId('programme-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('programme-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('programme-make-projects-0')).not.toBeInTheDocument();
    expect(screen.getByTestId('programme-on-map-2026')).toBeEnabled();
  });

  it('shows no form to a read-only user', async () => {
    mockApi(LIST);
    renderView({ user: viewer() });
    expect(await screen.findByTestId('programme-pick')).toBeInTheDocument();
    expect(screen.queryByTestId('programme-form')).not.toBeInTheDocument();
  });

  it('polls a running programme and shows its progress', async () => {
    mockApi({
      ...LIST,
      'GET /api/programmes/5': { body: { ...programme(5), state: 'running', progress: 0.4, scenarios: [] } },
    });
    renderView({ selectedId: 5 });
    expect(await screen.findByTestId('programme-progress')).toHaveTextContent('40.0%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });
});
