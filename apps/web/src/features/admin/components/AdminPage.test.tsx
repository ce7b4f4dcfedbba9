import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { AdminPage } from './AdminPage.tsx';

const client = (id: number, name: string, country: string) => ({
  id,
  name,
  authorization_expiry: null,
  client_status_type_code: 1,
  is_active: true,
  organization: { id: 1, name: 'Org' },
  subscriptions: ['LOF'],
  is_paying: true,
  auth_code: 2,
  plan_tier: 3,
  subscription_exempt: false,
  details: {
    image: null,
    locale: 'en-US',
    contact_number: null,
    street: null,
    city: null,
    state: null,
    zip_code: null,
    country,
    grid: false,
  },
});

describe('AdminPage', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['admin']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lets staff switch their own client and shows the outbox', async () => {
    let current = 1;
    const api = mockApi({
      'GET /api/user/info': () => ({
        body: testUser({
          id: 9,
          is_staff: true,
          client: { id: current, name: 'x', details: { country: 'US' } },
        }),
      }),
      'GET /api/admin/clients': {
        body: { client_entities: [client(1, 'Springfield', 'US'), client(2, 'Osaka', 'JP')] },
      },
      'GET /api/admin/outbox': {
        body: {
          mails: [
            {
              id: 'm1',
              to: 'a@b.c',
              subject: 'Reset your password',
              text: 'Open this link',
              created_at: '2026-11-22T01:00:00Z',
            },
          ],
        },
      },
      'PATCH /api/admin/users/9/set-client': ({ body }) => {
        current = (body as { client_entity: number }).client_entity;
        return { body: testUser({ id: 9, is_staff: true }) };
      },
    });
    await renderPage('/admin', '/admin', <AdminPage />);
    const row = await screen.findByTestId('admin-client-2');
    expect(within(screen.getByTestId('admin-client-1')).getByText('Your client')).toBeInTheDocument();
    expect(await screen.findByText('Reset your password')).toBeInTheDocument();

    await userEvent.setup().click(within(row).getByTestId('admin-switch-2'));
    await waitFor(() => expect(api.find('PATCH /api/admin/users/9/set-client')).toHaveLength(1));
    expect(api.find('PATCH /api/admin/users/9/set-client')[0]?.body).toEqual({ client_entity: 2 });
    // The cache is dropped, so the page reloads the user and marks the new client as current.
    await waitFor(() =>
      expect(within(screen.getByTestId('admin-client-2')).getByText('Your client')).toBeInTheDocument(),
    );
  });

  it('tells anyone but staff that the page is not theirs, without asking for the client list', async () => {
    const api = mockApi({ 'GET /api/user/info': { body: testUser() } });
    await renderPage('/admin', '/admin', <AdminPage />);
    expect(await screen.findByTestId('admin-staff-only')).toBeInTheDocument();
    expect(api.find('GET /api/admin/clients')).toHaveLength(0);
  });
});
