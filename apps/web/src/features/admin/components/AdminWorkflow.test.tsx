import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { AdminWorkflow } from './AdminWorkflow.tsx';

const client = (id: number, name: string, subscriptions: string[] = []) => ({
  id,
  name,
  authorization_expiry: null,
  client_status_type_code: 1,
  is_active: true,
  organization: { id: id, name },
  subscriptions,
  is_paying: false,
  auth_code: null,
  plan_tier: 1,
  subscription_exempt: false,
  details: {
    image: null,
    locale: 'en-US',
    contact_number: null,
    street: null,
    city: null,
    state: null,
    zip_code: null,
    country: 'US',
    grid: false,
  },
});

const page = () => renderPage('/admin/workflow', '/admin/workflow', <AdminWorkflow />);

describe('AdminWorkflow (issue 17)', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['admin']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lets staff create a client with subscriptions and invite its first user', async () => {
    const clients = [client(1, 'Springfield', ['LOF'])];
    const users: ReturnType<typeof testUser>[] = [];
    const api = mockApi({
      'GET /api/user/info': { body: testUser({ id: 9, is_staff: true }) },
      'GET /api/admin/clients': () => ({ body: { client_entities: clients } }),
      'POST /api/admin/clients': ({ body }) => {
        const created = {
          ...client(2, (body as { name: string }).name),
          subscriptions: ['COF', 'JOB_PLANNER'],
        };
        clients.push(created);
        return { status: 201, body: created };
      },
      'GET /api/admin/clients/2/users': () => ({ body: { users } }),
      'POST /api/admin/clients/2/users': () => {
        const user = testUser({ id: 20, full_name: 'Ada Admin', email: 'ada@river.example' });
        users.push(user);
        return { status: 201, body: user };
      },
    });
    const user = userEvent.setup();
    await page();
    await user.click(await screen.findByTestId('admin-new-client'));
    const form = screen.getByTestId('admin-client-form');
    await user.type(within(form).getByLabelText(/Client name/), 'Riverside Water');
    await user.click(within(form).getByLabelText('JOB_PLANNER'));
    await user.click(within(form).getByLabelText('COF'));
    await user.type(within(form).getByLabelText('Authorisation expires'), '2027-06-30');
    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    await waitFor(() => expect(api.find('POST /api/admin/clients')).toHaveLength(1));
    expect(api.find('POST /api/admin/clients')[0]?.body).toEqual({
      name: 'Riverside Water',
      client_status_type_code: 1,
      is_active: true,
      authorization_expiry: '2027-06-30T00:00:00.000Z',
      // In the domain's order, whatever the order of the clicks.
      subscriptions: ['COF', 'JOB_PLANNER'],
      details: { country: 'US' },
      plan_tier: 2,
    });

    const invite = await screen.findByTestId('admin-invite-form');
    await user.type(within(invite).getByLabelText(/Name/), 'Ada Admin');
    await user.type(within(invite).getByLabelText(/E-mail/), 'ada@river.example');
    await user.click(within(invite).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(within(invite).getByLabelText('Inspector'));
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.find('POST /api/admin/clients/2/users')).toHaveLength(1));
    expect(api.find('POST /api/admin/clients/2/users')[0]?.body).toEqual({
      full_name: 'Ada Admin',
      email: 'ada@river.example',
      permission_group_type_code: 1,
      is_inspector: true,
      extension: null,
      mobile: null,
    });
    expect(await screen.findByText('Invitation sent to ada@river.example.')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-user-20')).toBeInTheDocument();
  });

  it('shows why an invitation failed when the address is taken', async () => {
    mockApi({
      'GET /api/user/info': {
        body: testUser({ id: 1, client: { id: 1, name: 'Springfield', details: { country: 'US' } } }),
      },
      'GET /api/admin/clients/1/users': { body: { users: [] } },
      'POST /api/admin/clients/1/users': {
        status: 409,
        body: { status: 409, code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists.' },
      },
    });
    const user = userEvent.setup();
    await page();
    const invite = await screen.findByTestId('admin-invite-form');
    await user.type(within(invite).getByLabelText(/Name/), 'Walt');
    await user.type(within(invite).getByLabelText(/E-mail/), 'walt@demo.example');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An account with this e-mail already exists.')).toBeInTheDocument();
  });

  it('lets a client administrator flag an inspector among their own users, without the client list', async () => {
    const worker = testUser({ id: 2, full_name: 'Walt Worker', permission_group_type_code: 2 });
    const api = mockApi({
      'GET /api/user/info': {
        body: testUser({ id: 1, client: { id: 1, name: 'Springfield', details: { country: 'US' } } }),
      },
      'GET /api/admin/clients/1/users': { body: { users: [worker] } },
      'PATCH /api/admin/users/2': { body: { ...worker, permission_group_type_code2: [5] } },
    });
    const user = userEvent.setup();
    await page();
    const row = await screen.findByTestId('admin-user-2');
    expect(within(row).getByText('Worker')).toBeInTheDocument();
    await user.click(within(row).getByLabelText('Inspector: Walt Worker'));
    await waitFor(() => expect(api.find('PATCH /api/admin/users/2')).toHaveLength(1));
    expect(api.find('PATCH /api/admin/users/2')[0]?.body).toEqual({ is_inspector: true });
    expect(api.find('GET /api/admin/clients')).toHaveLength(0);
  });

  it('tells a worker or viewer that user management is for administrators', async () => {
    const api = mockApi({ 'GET /api/user/info': { body: testUser({ permission_group_type_code: 3 }) } });
    await page();
    expect(await screen.findByTestId('admin-workflow-denied')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin'))).toHaveLength(0);
  });
});
