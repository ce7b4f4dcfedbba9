import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { wireDataset, wireGroup, wireSnapshot } from '../test-data.ts';
import { ScenarioButton } from './ScenarioButton.tsx';

const base = wireDataset({ id: 7, name: 'Base' });
const scenario = wireDataset({
  id: 9,
  original_dataset_id: 7,
  name: 'Copy',
  scenario: 'Valve closed',
  cof_scenario: { id: 3, name: 'Valve closed', currency: 'USD' },
});

describe('ScenarioButton (SHELL-SUB-06/07)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is absent without the COF subscription, and asks for nothing', async () => {
    const api = mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'A', [base])) } });
    renderWithApp(<ScenarioButton hasCof={false} />);
    await Promise.resolve();
    expect(screen.queryByTestId('scenario-button')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("reads 'default' for an original dataset and links to /cof/scenarios", async () => {
    const bare = wireDataset({ id: 7, name: 'Base', cof_scenario: null });
    mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'A', [bare])) } });
    renderWithApp(<ScenarioButton hasCof />);
    const button = await screen.findByTestId('scenario-button');
    expect(button).toHaveTextContent('default');
    expect(button).toHaveAttribute('href', '/cof/scenarios');
  });

  // Issue 38: after a saved scenario was used for the network, the chip still read 'default'.
  it('names the cost model whose results the dataset serves, the default by its currency', async () => {
    mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'A', [base])) } });
    const { unmount } = renderWithApp(<ScenarioButton hasCof />);
    expect(await screen.findByTestId('scenario-button')).toHaveTextContent('Default (USD)');
    unmount();
    const custom = wireDataset({
      id: 7,
      name: 'Base',
      scenario: 'Storm season',
      cof_scenario: { id: 4, name: 'Storm season', currency: 'USD' },
    });
    mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'A', [custom])) } });
    renderWithApp(<ScenarioButton hasCof />);
    expect(await screen.findByTestId('scenario-button')).toHaveTextContent('Storm season');
  });

  it('shows the scenario name when the current dataset is a scenario', async () => {
    const group = wireGroup(2, 'B', [base, scenario]);
    mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(group, scenario) } });
    renderWithApp(<ScenarioButton hasCof />);
    expect(await screen.findByTestId('scenario-button')).toHaveTextContent('Valve closed');
  });

  it('is absent with COF while there is no dataset (404 NO_DATASET)', async () => {
    const api = mockApi({
      'GET /api/snapshots/current': {
        status: 404,
        body: { status: 404, code: 'NO_DATASET', message: 'none' },
      },
    });
    renderWithApp(<ScenarioButton hasCof />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByTestId('scenario-button')).toBeNull();
  });
});
