import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { plannerUser, projectDetail, usUnits } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { ProjectDetail } from './ProjectDetail.tsx';

const pdf = vi.hoisted(() => ({ save: vi.fn(), build: vi.fn() }));
vi.mock('../../lib/project-pdf.ts', () => ({
  buildProjectPdf: (input: unknown) => {
    pdf.build(input);
    return { save: pdf.save };
  },
}));

const GEOMETRY = { 'GET /api/projects/geometry': { body: { projects: [] } } };
const us = (code = 2) =>
  plannerUser({
    permission_group_type_code: code,
    units: { language: 'en', default: usUnits, user: usUnits, currency_code: 'USD' },
  });

describe('ProjectDetail', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pipes and totals in the user’s units and the project’s currency, uncosted pipes named', async () => {
    mockApi({ ...GEOMETRY, 'GET /api/projects/5': { body: projectDetail(5) } });
    renderPlanner(<ProjectDetail id={5} />, { user: us() });
    const rows = await screen.findAllByTestId('project-pipe');
    expect(rows[0]).toHaveTextContent('P-11');
    expect(rows[0]).toHaveTextContent('500 ft');
    expect(rows[0]).toHaveTextContent('6 in');
    expect(rows[0]).toHaveTextContent('10.0%');
    expect(rows[0]).toHaveTextContent('$42k');
    expect(rows[1]).toHaveTextContent('no cost');
    const totals = screen.getByTestId('project-totals');
    expect(totals).toHaveTextContent('1,000 ft');
    expect(totals).toHaveTextContent('$42k (1 pipe without a cost: diameter unknown)');
    expect(totals).toHaveTextContent('12.5%');
  });

  it('TBD-14: offers only the allowed status changes and sends the chosen one', async () => {
    const api = mockApi({
      ...GEOMETRY,
      'GET /api/projects/5': { body: projectDetail(5) },
      'PATCH /api/projects/5': { body: projectDetail(5, { status: 1 }) },
    });
    renderPlanner(<ProjectDetail id={5} />, { user: us(2) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-status-menu'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((el) => el.textContent),
    ).toEqual(['Inspecting', 'Delayed']);
    await user.click(within(menu).getByText('Inspecting'));
    // Issue 36: the change is confirmed with an optional note, which goes into the history.
    await user.type(await screen.findByTestId('project-status-note'), 'Crew on site Monday');
    await user.click(screen.getByTestId('project-status-confirm'));
    await waitFor(() => expect(api.find('PATCH /api/projects/5')).toHaveLength(1));
    expect(api.find('PATCH /api/projects/5')[0]?.body).toEqual({
      status: 1,
      status_note: 'Crew on site Monday',
    });
    await waitFor(() =>
      expect(screen.getByTestId('project-status')).toHaveAttribute('data-status', 'inspecting'),
    );
  });

  it('issue 36: the assigned inspector records the outcome with a note, and reads the history', async () => {
    const history = [
      {
        from_status: 0,
        to_status: 1,
        note: '',
        user_id: 2,
        user_name: 'Wanda Worker',
        created_at: '2026-12-01T09:00:00.000Z',
      },
    ];
    const inspecting = projectDetail(5, { status: 1, inspector_id: 4, history });
    const api = mockApi({
      ...GEOMETRY,
      'GET /api/projects/5': { body: inspecting },
      'PATCH /api/projects/5': { body: { ...inspecting, status: 2 } },
    });
    // A viewer (code 3) who is this project's inspector (user id 4).
    renderPlanner(<ProjectDetail id={5} />, { user: { ...us(3), id: 4 } });
    const user = userEvent.setup();
    expect(await screen.findByTestId('project-history')).toHaveTextContent(
      'Wanda Worker: In progress → Inspecting',
    );
    expect(screen.queryByTestId('project-edit')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('project-status-menu'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((el) => el.textContent),
    ).toEqual(['Finished', 'In progress']);
    await user.click(within(menu).getByText('Finished'));
    await user.type(await screen.findByTestId('project-status-note'), 'Joints sound');
    await user.click(screen.getByTestId('project-status-confirm'));
    await waitFor(() => expect(api.find('PATCH /api/projects/5')).toHaveLength(1));
    expect(api.find('PATCH /api/projects/5')[0]?.body).toEqual({ status: 2, status_note: 'Joints sound' });
  });

  it('gives viewers no status menu, no edit and no delete', async () => {
    mockApi({ ...GEOMETRY, 'GET /api/projects/5': { body: projectDetail(5) } });
    renderPlanner(<ProjectDetail id={5} />, { user: us(3) });
    await screen.findByTestId('project-detail');
    expect(screen.queryByTestId('project-status-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-delete')).not.toBeInTheDocument();
    expect(screen.getByTestId('project-export-csv')).toBeInTheDocument();
  });

  it('deletes after confirmation and goes back to a fresh list', async () => {
    const api = mockApi({
      ...GEOMETRY,
      'GET /api/projects/5': { body: projectDetail(5) },
      'DELETE /api/projects/5': { status: 204 },
    });
    usePlannerStore.setState({ currentProjectId: 5 });
    renderPlanner(<ProjectDetail id={5} />, { user: us(1) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-delete'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('DELETE /api/projects/5')).toHaveLength(1));
    await waitFor(() =>
      expect(usePlannerStore.getState()).toMatchObject({ currentProjectId: null, projectListGeneration: 1 }),
    );
  });

  it('issue 36: makes a PDF on A4 or Letter naming the utility, dataset, COF scenario and print date', async () => {
    mockApi({ ...GEOMETRY, 'GET /api/projects/5': { body: projectDetail(5, { name: 'Elm St' }) } });
    renderPlanner(<ProjectDetail id={5} />, { user: us() });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-pdf'));
    await user.click(await screen.findByTestId('project-pdf-letter'));
    await waitFor(() => expect(pdf.save).toHaveBeenCalledWith('Elm-St-letter.pdf'));
    const input = pdf.build.mock.calls.at(-1)![0] as Record<string, unknown>;
    expect(input).toMatchObject({
      paper: 'letter',
      utility: 'Springfield Water',
      title: 'Elm St',
      unit: 'ft',
    });
    expect(input['subtitle']).toEqual([
      'Dataset: Demo town',
      'COF scenario: Hospitals first',
      expect.stringMatching(/^Printed: /),
    ]);
    expect((input['table'] as { rows: string[][] }).rows[0]![0]).toBe('P-11');
    expect(input['pageLabel'] as (p: number, n: number) => string).toBeTypeOf('function');
    expect((input['pageLabel'] as (p: number, n: number) => string)(2, 3)).toBe('Page 2 of 3');
  });
});
