import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { meta, project } from '../../test-data.ts';
import { renderPlanner } from '../../test-render.tsx';
import { ProjectList } from './ProjectList.tsx';
import { plannerKeys } from '../../api/types.ts';

describe('ProjectList', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('PLAN-LIST-01/03/04: asks 5 per page newest first; an answer of 0 does not replace the list', async () => {
    let answer = { projects: [project(2), project(1)], meta: meta(2) };
    const api = mockApi({ 'GET /api/projects': () => ({ body: answer }) });
    const { client } = renderPlanner(<ProjectList />);
    expect(await screen.findAllByTestId('project-item')).toHaveLength(2);
    const url = new URL(String(api.fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dataset_id: '3',
      page: '1',
      per_page: '5',
      'sort[]': '-id',
    });
    expect(screen.getByTestId('project-list-total')).toHaveAttribute('data-total', '2');

    answer = { projects: [], meta: meta(0) };
    await client.invalidateQueries({ queryKey: plannerKeys.projects(3) });
    await waitFor(() => expect(api.find('GET /api/projects')).toHaveLength(2));
    expect(screen.getAllByTestId('project-item')).toHaveLength(2);

    answer = { projects: [project(3), project(2), project(1)], meta: meta(3) };
    await client.invalidateQueries({ queryKey: plannerKeys.projects(3) });
    await waitFor(() => expect(screen.getAllByTestId('project-item')).toHaveLength(3));
  });

  it('opens a project', async () => {
    mockApi({ 'GET /api/projects': { body: { projects: [project(2)], meta: meta(1) } } });
    renderPlanner(<ProjectList />);
    await userEvent.setup().click(await screen.findByTestId('project-item'));
    expect(usePlannerStore.getState().currentProjectId).toBe(2);
  });
});
