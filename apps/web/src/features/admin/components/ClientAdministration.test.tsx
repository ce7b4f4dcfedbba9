// Issue 17: what a client administrator edits on /admin/workflow (client details with the logo, users' flags, the
// audit log) and what staff see of organisations on /admin.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { AdminPage } from './AdminPage.tsx';
import { AdminWorkflow } from './AdminWorkflow.tsx';

const info = {
  id: 1,
  name: 'Springfield',
  require_two_factor: false,
  join_domains: [] as string[],
  registration_code: 'SPRING-ABCD2345' as string | null,
  details: {
    image: null,
    locale: 'en-US',
    contact_number: null,
    street: null,
    city: 'Springfield',
    state: null,
    zip_code: null,
    country: 'US',
    grid: false,
  },
};
const me = testUser({ id: 1, client: { id: 1, name: 'Springfield', details: { country: 'US' } } });
const walt = {
  ...testUser({ id: 2, full_name: 'Walt Worker', permission_group_type_code: 2 }),
  is_active: true,
  two_factor_enabled: false,
  awaiting_approval: false,
  registered_at: '2026-01-05T09:00:00.000Z',
};
/** Issue 37: a sign-up that waits for approval. */
const olive = {
  ...testUser({
    id: 3,
    full_name: 'Olive Outsider',
    email: 'olive@example.com',
    permission_group_type_code: 3,
  }),
  is_active: false,
  two_factor_enabled: false,
  awaiting_approval: true,
  registered_at: '2026-12-06T09:00:00.000Z',
};
const audit = (n: number) => ({
  total_count: n,
  entries: [
    {
      id: 11,
      client_id: 1,
      actor_id: 1,
      actor_email: 'admin@example.com',
      action: 'user.update',
      target_type: 'user',
      target_id: 2,
      changes: { two_factor_enabled: true },
      created_at: '2026-11-27T08:00:00.000Z',
    },
  ],
});

describe('client administration (issue 17)', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['admin']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lets an administrator change the details, upload a logo and require codes; refuses a large image', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: me },
      'GET /api/clientinfoentity': { body: info },
      'PUT /api/clientinfoentity': ({ body }) => ({ body: { ...info, ...(body as object) } }),
      'GET /api/admin/clients/1/users': { body: { users: [walt] } },
      'GET /api/admin/clients/1/audit': { body: audit(1) },
    });
    await renderPage('/admin/workflow', '/admin/workflow', <AdminWorkflow />);
    const form = await screen.findByTestId('admin-client-details');
    const user = userEvent.setup();
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' })] },
    });
    expect(await screen.findByTestId('admin-client-image-error')).toHaveTextContent(
      'not be larger than 200 KB',
    );
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByTestId('admin-client-image-error')).toHaveTextContent('PNG, JPEG, GIF or WebP');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(within(form).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      ),
    );

    await user.type(screen.getByTestId('admin-client-street'), '1 Main St');
    await user.click(within(form).getByLabelText('Show the grid on the map'));
    await user.click(screen.getByTestId('admin-client-require-2fa'));
    await user.type(
      screen.getByTestId('admin-client-join-domains'),
      'springfield.gov, water.springfield.gov',
    );
    await user.click(screen.getByTestId('admin-client-details-save'));
    await waitFor(() => expect(api.find('PUT /api/clientinfoentity')).toHaveLength(1));
    expect(api.find('PUT /api/clientinfoentity')[0]?.body).toMatchObject({
      details: {
        street: '1 Main St',
        city: 'Springfield',
        grid: true,
        image: expect.stringMatching(/^data:image\/png;base64,iVBORw==/),
      },
      require_two_factor: true,
      join_domains: ['springfield.gov', 'water.springfield.gov'],
    });
    // The registration code: shown, renewed and turned off on its own (issue 37).
    const code = screen.getByTestId('admin-registration-code');
    expect(code).toHaveTextContent('Registration code: SPRING-ABCD2345');
    await user.click(within(code).getByRole('button', { name: 'New code' }));
    await waitFor(() => expect(api.find('PUT /api/clientinfoentity')).toHaveLength(2));
    expect(api.find('PUT /api/clientinfoentity')[1]?.body).toEqual({ registration_code: 'new' });
    await user.click(within(code).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.find('PUT /api/clientinfoentity')).toHaveLength(3));
    expect(api.find('PUT /api/clientinfoentity')[2]?.body).toEqual({ registration_code: null });
    await waitFor(() => expect(code).toHaveTextContent('none — colleagues can only be invited'));
  });

  it('lists sign-ups that wait apart from the users, and approves or rejects them (issue 37)', async () => {
    let waiting = [olive, { ...olive, id: 4, full_name: 'Sam Second', email: 'sam@example.com' }];
    const api = mockApi({
      'GET /api/user/info': { body: me },
      'GET /api/clientinfoentity': { body: info },
      'GET /api/admin/clients/1/users': () => ({ body: { users: [walt, ...waiting] } }),
      'POST /api/admin/users/3/approve': () => {
        waiting = waiting.filter((u) => u.id !== 3);
        return { body: { ...olive, is_active: true, awaiting_approval: false } };
      },
      'POST /api/admin/users/4/reject': () => {
        waiting = waiting.filter((u) => u.id !== 4);
        return { status: 204 };
      },
      'GET /api/admin/clients/1/audit': { body: audit(1) },
    });
    await renderPage('/admin/workflow', '/admin/workflow', <AdminWorkflow />);
    const pending = await screen.findByTestId('admin-pending');
    expect(pending).toHaveTextContent('2 registrations waiting for approval');
    expect(within(pending).getByTestId('admin-pending-3')).toHaveTextContent(
      'Olive Outsider · olive@example.com',
    );
    expect(within(pending).getByTestId('admin-pending-3')).toHaveTextContent('registered Dec 6, 2026');
    // Not in the users' table, where an "active" switch would bypass the decision.
    expect(screen.queryByTestId('admin-user-3')).toBeNull();
    expect(screen.getByTestId('admin-user-2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(pending).getByRole('button', { name: 'Approve: Olive Outsider' }));
    await waitFor(() => expect(screen.queryByTestId('admin-pending-3')).toBeNull());
    await user.click(
      within(screen.getByTestId('admin-pending')).getByRole('button', { name: 'Reject: Sam Second' }),
    );
    await waitFor(() => expect(screen.queryByTestId('admin-pending')).toBeNull());
    expect(api.find('POST /api/admin/users/3/approve')).toHaveLength(1);
    expect(api.find('POST /api/admin/users/4/reject')).toHaveLength(1);
  });

  it("changes a user's role, two-step sign-in and active flag, never the staff flag; shows the audit log", async () => {
    const api = mockApi({
      'GET /api/user/info': { body: me },
      'GET /api/clientinfoentity': { body: info },
      'GET /api/admin/clients/1/users': { body: { users: [walt] } },
      'PATCH /api/admin/users/2': { body: walt },
      'GET /api/admin/clients/1/audit': { body: audit(30) },
    });
    await renderPage('/admin/workflow', '/admin/workflow', <AdminWorkflow />);
    const row = await screen.findByTestId('admin-user-2');
    const user = userEvent.setup();
    expect(within(row).getByLabelText('Staff: Walt Worker')).toBeDisabled();
    await user.click(within(row).getByLabelText('Code by e-mail: Walt Worker'));
    await user.click(within(row).getByLabelText('Active: Walt Worker'));
    await user.click(within(row).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await waitFor(() => expect(api.find('PATCH /api/admin/users/2')).toHaveLength(3));
    expect(api.find('PATCH /api/admin/users/2').map((c) => c.body)).toEqual([
      { two_factor_enabled: true },
      { is_active: false },
      { permission_group_type_code: 3 },
    ]);

    const log = await screen.findByTestId('admin-audit');
    expect(within(log).getByTestId('admin-audit-11')).toHaveTextContent('admin@example.com');
    expect(within(log).getByTestId('admin-audit-11')).toHaveTextContent('Changed · User #2');
    // Issue 38: the fields by their labels and the values by their names, not `twoFactorEnabled: true`.
    expect(within(log).getByTestId('admin-audit-11')).toHaveTextContent('Code by e-mail: yes');
    expect(within(log).getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/admin/clients/1/audit')).toBe(true));
  });

  it('lets staff pick an organisation and see its clients', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser({ id: 9, is_staff: true }) },
      'GET /api/admin/clients': { body: { client_entities: [] } },
      'GET /api/admin/outbox': { body: { mails: [] } },
      'GET /api/feedback': { body: { items: [], total_count: 0 } },
      'GET /api/admin/organizations': {
        body: {
          organizations: [
            { id: 5, name: 'Valley Group', client_count: 1, created_at: '2026-01-01T00:00:00Z' },
          ],
        },
      },
      'GET /api/organization_clients/5': {
        body: {
          client_entities: [
            {
              ...info,
              id: 8,
              name: 'Valley East',
              authorization_expiry: null,
              client_status_type_code: 1,
              is_active: true,
              organization: { id: 5, name: 'Valley Group' },
              subscriptions: ['LOF'],
              is_paying: false,
              auth_code: null,
              plan_tier: 1,
              subscription_exempt: false,
            },
          ],
        },
      },
    });
    await renderPage('/admin', '/admin', <AdminPage />);
    const user = userEvent.setup();
    const panel = await screen.findByTestId('admin-organisations');
    await user.click(within(panel).getAllByRole('combobox')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Valley Group (1 client)' }));
    expect(await within(panel).findByText('Valley East')).toBeInTheDocument();
    expect(api.find('GET /api/organization_clients/5')).toHaveLength(1);
  });

  it("names roles, statuses and switches in the audit log, and pages it in the user's language (issue 38)", async () => {
    const entry = (id: number, action: string, changes: Record<string, unknown>) => ({
      ...audit(1).entries[0]!,
      id,
      action,
      changes,
    });
    mockApi({
      'GET /api/user/info': { body: me },
      'GET /api/clientinfoentity': { body: info },
      'GET /api/admin/clients/1/users': { body: { users: [walt] } },
      'GET /api/admin/clients/1/audit': {
        body: {
          total_count: 30,
          entries: [
            entry(21, 'user.update', { permission_group_type_code: 3, is_active: false }),
            entry(22, 'client.details', { details: { city: 'Springfield' }, registration_code: 'new' }),
          ],
        },
      },
    });
    try {
      await renderPage('/admin/workflow', '/admin/workflow', <AdminWorkflow />);
      // renderPage starts in English; the user then reads German.
      await act(async () => {
        await i18n.changeLanguage('de');
        await i18n.loadNamespaces(['admin']);
      });
      const log = await screen.findByTestId('admin-audit');
      expect(await within(log).findByTestId('admin-audit-21')).toHaveTextContent(
        'Rolle: Betrachter · Aktiv: nein',
      );
      expect(within(log).getByTestId('admin-audit-22')).toHaveTextContent(
        'Ort: Springfield · Registrierungscode: neuer Code',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
