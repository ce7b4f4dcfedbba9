import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { useSession } from '../../session/index.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

describe('TwoFactorSection (issue 17)', () => {
  beforeEach(() => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('turns the e-mailed code on for the user', async () => {
    const api = mockApi({
      'GET /api/user/two-factor': { body: { enabled: false, required_by_client: false } },
      'PUT /api/user/two-factor': { body: { enabled: true, required_by_client: false } },
    });
    await renderPage('/user/settings', '/user/settings', <TwoFactorSection readOnly={false} />);
    const toggle = await screen.findByTestId('settings-two-factor-switch');
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(api.find('PUT /api/user/two-factor')[0]?.body).toEqual({ enabled: true }));
    await waitFor(() => expect(screen.getByTestId('settings-two-factor-switch')).toBeChecked());
  });

  it('shows it on and locked when the client requires it', async () => {
    mockApi({ 'GET /api/user/two-factor': { body: { enabled: false, required_by_client: true } } });
    await renderPage('/user/settings', '/user/settings', <TwoFactorSection readOnly={false} />);
    const toggle = await screen.findByTestId('settings-two-factor-switch');
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Your organisation requires a code by e-mail for every login.')).toBeVisible();
  });

  it('asks for the password to turn it off, and says when it is wrong (issue 37)', async () => {
    const api = mockApi({
      'GET /api/user/two-factor': { body: { enabled: true, required_by_client: false } },
      // A wrong password first, then the right one.
      'PUT /api/user/two-factor': (call) =>
        (call.body as { password?: string }).password === 'right one'
          ? { body: { enabled: false, required_by_client: false } }
          : {
              status: 400,
              body: {
                status: 400,
                code: 'WRONG_PASSWORD',
                message: 'The current password is incorrect.',
                fields: [
                  { field: 'password', rule: 'wrong_password', message: 'validations.wrong_password' },
                ],
              },
            },
    });
    await renderPage('/user/settings', '/user/settings', <TwoFactorSection readOnly={false} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('settings-two-factor-switch'));
    const dialog = await screen.findByTestId('two-factor-off-dialog');
    expect(api.find('PUT /api/user/two-factor')).toHaveLength(0);
    expect(screen.getByTestId('two-factor-off-confirm')).toBeDisabled();
    await user.type(screen.getByTestId('two-factor-off-password'), 'guess');
    await user.click(screen.getByTestId('two-factor-off-confirm'));
    expect(await screen.findByText('The current password is incorrect.')).toBeVisible();
    expect(dialog).toBeVisible();
    await user.clear(screen.getByTestId('two-factor-off-password'));
    await user.type(screen.getByTestId('two-factor-off-password'), 'right one');
    await user.click(screen.getByTestId('two-factor-off-confirm'));
    await waitFor(() =>
      expect(api.find('PUT /api/user/two-factor').map((c) => c.body)).toEqual([
        { enabled: false, password: 'guess' },
        { enabled: false, password: 'right one' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('settings-two-factor-switch')).not.toBeChecked());
  });
});
