import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { renderPlanner } from '../../test-render.tsx';
import { ProgrammeEntry } from './ProgrammeEntry.tsx';

describe('ProgrammeEntry', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => resetPlannerStore(3));
  afterEach(() => vi.unstubAllGlobals());

  it('leads to the programme, and says which year of it the map marks', async () => {
    mockApi({
      'GET /api/programmes/5/scenarios/1/renewals': {
        body: {
          scenario: 1,
          year: 2027,
          pipes: [
            { pipe_id: 4, project: 0 },
            { pipe_id: 6, project: 1 },
          ],
        },
      },
    });
    renderPlanner(<ProgrammeEntry />);
    expect(screen.getByTestId('planner-programme')).toHaveAttribute('href', '/planner/programme');
    usePlannerStore
      .getState()
      .showProgrammeYear({ programmeId: 5, scenario: 1, year: 2027, label: 'Programme 5 – Rising' });
    expect(await screen.findByTestId('programme-year-shown')).toHaveTextContent(
      'Programme 5 – Rising, 2027: the 2 mains it renews are marked.',
    );
    expect(screen.getByTestId('planner-programme')).toHaveAttribute('href', '/planner/programme?id=5');
    await userEvent.setup().click(screen.getByTestId('programme-year-clear'));
    expect(usePlannerStore.getState().programmeYear).toBeNull();
    expect(screen.queryByTestId('programme-year-shown')).not.toBeInTheDocument();
  });
});
