import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import type { Call } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { SettingsPage } from './SettingsPage.tsx';

function settingsApi(user = testUser()) {
  return mockApi({
    'GET /api/user/info': { body: user },
    'GET /api/user/receive-emails': { body: { receive_emails: true } },
    'PATCH /api/user/information': ({ body }: Call) => ({ body: { ...user, ...(body as object) } }),
    'PUT /api/user/language-timezone': ({ body }: Call) => {
      const b = body as { time_zone: string; locale: string; language: string; units: object };
      return { body: { ...b, units: { ...user.units, user: b.units } } };
    },
  });
}

describe('SettingsPage', () => {
  beforeEach(() => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('PATCHes only the changed profile fields', async () => {
    const api = settingsApi();
    await renderPage('/user/settings', '/user/settings', <SettingsPage />);
    const user = userEvent.setup();
    const phone = await screen.findByTestId('settings-phone');
    expect(screen.getByTestId('settings-profile-submit')).toBeDisabled();

    await user.type(phone, '+1 555-123-4567');
    await user.click(screen.getByTestId('settings-profile-submit'));

    await waitFor(() => expect(api.find('PATCH /api/user/information')).toHaveLength(1));
    expect(api.find('PATCH /api/user/information')[0]?.body).toEqual({ phone: '+1 555-123-4567' });
  });

  it('checks the zip code against the chosen country', async () => {
    const api = settingsApi();
    await renderPage('/user/settings', '/user/settings', <SettingsPage />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('settings-country'), 'JP');
    expect(await screen.findByTestId('settings-zip-code-error')).toHaveTextContent(
      'Enter a valid ZIP / postal code.',
    );

    await user.clear(screen.getByTestId('settings-zip-code'));
    await user.type(screen.getByTestId('settings-zip-code'), '100-0001');
    await user.click(screen.getByTestId('settings-profile-submit'));
    await waitFor(() => expect(api.find('PATCH /api/user/information')).toHaveLength(1));
    expect(api.find('PATCH /api/user/information')[0]?.body).toEqual({ country: 'JP', zip_code: '100-0001' });
  });

  it('saves language, time zone and units in one PUT', async () => {
    const api = settingsApi();
    await renderPage('/user/settings', '/user/settings', <SettingsPage />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('settings-unit-length'), 'ft');
    await user.click(screen.getByTestId('settings-region-submit'));

    await waitFor(() => expect(api.find('PUT /api/user/language-timezone')).toHaveLength(1));
    expect(api.find('PUT /api/user/language-timezone')[0]?.body).toEqual({
      time_zone: 'Europe/Berlin',
      locale: 'en-US',
      language: 'en',
      units: { segment: 'ft', diameter: 'mm', segment_large: 'km' },
    });
  });

  it('shows a demo account read-only', async () => {
    settingsApi(testUser({ is_demo: true }));
    await renderPage('/user/settings', '/user/settings', <SettingsPage />);
    expect(await screen.findByTestId('settings-demo-note')).toBeVisible();
    expect(screen.getByTestId('settings-full-name')).toBeDisabled();
    expect(screen.getByTestId('settings-language')).toBeDisabled();
    expect(within(screen.getByTestId('settings-map')).getByTestId('settings-grid')).toBeDisabled();
  });
});
