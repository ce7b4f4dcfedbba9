import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { useDatasetSelection } from '../state.ts';
import { ScenarioButton } from './ScenarioButton.tsx';

const group = (id: number, dataset: Record<string, unknown>) => ({
  snapshot_entity_id: id,
  snapshot_group_entity_id: id,
  snapshot_group_name: `Group ${id}`,
  datasets: [dataset],
});

describe('ScenarioButton (SHELL-SUB-06/07)', () => {
  let reply: () => Response;
  const fetchMock = vi.fn(() => Promise.resolve(reply()));
  beforeEach(() => {
    useDatasetSelection.setState({ currentGroupId: null, applying: false });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is absent without the COF subscription, and asks for nothing', async () => {
    reply = () => new Response(JSON.stringify([group(1, { id: 1, original_dataset_id: 1, name: 'A' })]));
    renderWithApp(<ScenarioButton hasCof={false} />);
    await Promise.resolve();
    expect(screen.queryByTestId('scenario-button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'default' for an original dataset and links to /cof/scenarios", async () => {
    reply = () => new Response(JSON.stringify([group(1, { id: 7, original_dataset_id: 7, name: 'Base' })]));
    renderWithApp(<ScenarioButton hasCof />);
    const button = await screen.findByTestId('scenario-button');
    expect(button).toHaveTextContent('default');
    expect(button).toHaveAttribute('href', '/cof/scenarios');
  });

  it('shows the scenario name of the current group when its dataset is a scenario', async () => {
    reply = () =>
      new Response(
        JSON.stringify([
          group(1, { id: 7, original_dataset_id: 7, name: 'Base' }),
          group(2, { id: 9, original_dataset_id: 7, name: 'Copy', scenario: { name: 'Valve closed' } }),
        ]),
      );
    useDatasetSelection.setState({ currentGroupId: 2 });
    renderWithApp(<ScenarioButton hasCof />);
    expect(await screen.findByTestId('scenario-button')).toHaveTextContent('Valve closed');
  });

  it('is absent with COF while there is no dataset (404 = no data)', async () => {
    reply = () => new Response('{"status":404,"message":"Not found"}', { status: 404 });
    renderWithApp(<ScenarioButton hasCof />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('scenario-button')).toBeNull();
  });
});
