import { PERMISSION_GROUP } from '@pipewise/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../components/confirm-dialog/index.ts';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { wireDataset, wireGroup, wireSnapshot } from '../test-data.ts';
import { SetViewButton } from './SetViewButton.tsx';

const dataset = wireDataset({ id: 42, name: 'Springfield', center: [139.93, 37.495], zoom: 14 });
const moved = { center: [139.9412345, 37.5012345] as [number, number], zoom: 15.25 };

function serve(role: number) {
  return mockApi({
    'GET /api/user/info': { body: testUser({ permission_group_type_code: role }) },
    'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'Springfield', [dataset])) },
    'PUT /api/datasets/42/set-view': (call) => ({ body: call.body }),
  });
}

function renderButton(view: typeof moved | null) {
  return renderWithApp(
    <>
      <SetViewButton view={view} />
      <ConfirmDialogHost />
    </>,
  );
}

describe('SetViewButton (CTRL-02…05)', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
  });

  it("after Continue saves the current view with PUT set-view and says 'Default view set' for 5 s", async () => {
    const api = serve(PERMISSION_GROUP.WORKER);
    renderButton(moved);
    const button = await screen.findByTestId('map-set-view');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('Default view set'));
    expect(useToastStore.getState().toast).toMatchObject({ color: 'success', timer: 5000 });
    expect(api.find('PUT /api/datasets/42/set-view').map((c) => c.body)).toEqual([
      { center: [139.9412345, 37.5012345], zoom: 15.25 },
    ]);
  });

  it('Cancel saves nothing', async () => {
    const api = serve(PERMISSION_GROUP.ADMINISTRATOR);
    renderButton(moved);
    const button = await screen.findByTestId('map-set-view');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.find('PUT /api/datasets/42/set-view')).toEqual([]);
  });

  it('is disabled while the map shows the saved view (4-decimal tolerance)', async () => {
    serve(PERMISSION_GROUP.WORKER);
    renderButton({ center: [139.93001, 37.49502], zoom: 14 });
    expect(await screen.findByTestId('map-set-view')).toBeDisabled();
  });

  it('is absent for a viewer', async () => {
    const api = serve(PERMISSION_GROUP.VIEWER);
    renderButton(moved);
    await waitFor(() => expect(api.find('GET /api/user/info')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('map-set-view')).toBeNull();
  });
});
