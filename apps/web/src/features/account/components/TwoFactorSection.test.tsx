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
});
