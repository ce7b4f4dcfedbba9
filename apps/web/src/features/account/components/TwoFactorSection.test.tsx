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

  it('asks for the password and then the mailed code to turn it off, and says when either is wrong (issue 37)', async () => {
    const challenge = {
      challenge: 'ch-1',
      two_factor_required: true,
      sent_to: 'j•••@example.com',
      expires_at: '2030-01-01T00:00:00Z',
    };
    const wrong = (code: string, message: string, field: string) => ({
      status: code === 'WRONG_PASSWORD' ? 400 : 401,
      body: {
        status: 400,
        code,
        message,
        ...(field && { fields: [{ field, rule: 'wrong_password', message: 'validations.wrong_password' }] }),
      },
    });
    const api = mockApi({
      'GET /api/user/two-factor': { body: { enabled: true, required_by_client: false } },
      'PUT /api/user/two-factor': (call) => {
        const body = call.body as { password?: string; code?: string };
        if (body.password !== 'right one')
          return wrong('WRONG_PASSWORD', 'The current password is incorrect.', 'password');
        if (body.code === undefined) return { status: 202, body: challenge };
        if (body.code !== '123456')
          return wrong('TWO_FACTOR_INVALID', 'The code is not correct. 4 tries left.', '');
        return { body: { enabled: false, required_by_client: false } };
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

    // The password was right: the dialog asks for the code it mailed; the switch has not moved.
    expect(await screen.findByTestId('two-factor-off-sent')).toHaveTextContent('j•••@example.com');
    expect(screen.getByTestId('settings-two-factor-switch')).toBeChecked();
    await user.type(screen.getByTestId('two-factor-off-code'), '654321');
    await user.click(screen.getByTestId('two-factor-off-confirm'));
    expect(
      await screen.findByText('The code is not correct. Please check the latest e-mail and try again.'),
    ).toBeVisible();
    await user.clear(screen.getByTestId('two-factor-off-code'));
    await user.type(screen.getByTestId('two-factor-off-code'), '123456');
    await user.click(screen.getByTestId('two-factor-off-confirm'));
    await waitFor(() =>
      expect(api.find('PUT /api/user/two-factor').map((c) => c.body)).toEqual([
        { enabled: false, password: 'guess' },
        { enabled: false, password: 'right one' },
        { enabled: false, password: 'right one', challenge: 'ch-1', code: '654321' },
        { enabled: false, password: 'right one', challenge: 'ch-1', code: '123456' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('settings-two-factor-switch')).not.toBeChecked());
    await waitFor(() => expect(screen.queryByTestId('two-factor-off-dialog')).toBeNull());
  });
});
