import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { grantableScopes, PERMISSION_GROUP, TOKEN_SCOPES } from '@pipewise/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { useSession } from '../../session/index.ts';
import { ApiTokensSection } from './ApiTokensSection.tsx';

const token = (over: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'nightly import',
  scopes: ['read', 'import'],
  prefix: 'pwt_3Fq9',
  expires_at: '2031-03-01T00:00:00.000Z',
  last_used_at: null,
  created_at: '2030-12-01T00:00:00.000Z',
  revoked_at: null,
  user_id: 1,
  user_name: 'Ada Admin',
  user_email: 'ada@example.com',
  service_account: false,
  ...over,
});
const SECRET = `pwt_${'x'.repeat(43)}`;

describe('ApiTokensSection (issue 42)', () => {
  beforeEach(() => {
    resetAppState();
    useToastStore.setState({ toast: null });
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lists the tokens with name, scopes, prefix, expiry and last use, never a secret', async () => {
    mockApi({
      'GET /api/tokens': {
        body: {
          tokens: [
            token(),
            token({ id: 8, name: 'reports', scopes: ['read'], last_used_at: '2031-01-02T10:00:00Z' }),
          ],
        },
      },
    });
    await renderPage('/user/settings', '/user/settings', <ApiTokensSection grantable={['read']} />);
    const row = await screen.findByTestId('api-token-7');
    expect(row).toHaveTextContent('nightly import');
    expect(row).toHaveTextContent('Read');
    expect(row).toHaveTextContent('Import');
    expect(row).toHaveTextContent('pwt_3Fq9…');
    expect(row).toHaveTextContent('2031');
    expect(row).toHaveTextContent('Never');
    expect(screen.getByTestId('api-token-8')).not.toHaveTextContent('Never');
    // The user column is for administrators' view only.
    expect(screen.queryByText('ada@example.com')).toBeNull();
  });

  it("offers only the scopes the user's role allows, and shows the new secret once with a copy button", async () => {
    const api = mockApi({
      'GET /api/tokens': { body: { tokens: [] } },
      'POST /api/tokens': {
        status: 201,
        body: { ...token({ name: 'my script', scopes: ['read', 'plan'] }), token: SECRET },
      },
    });
    const worker = grantableScopes({ permissionGroupTypeCode: PERMISSION_GROUP.WORKER });
    expect(worker).toEqual(['read', 'plan']);
    await renderPage('/user/settings', '/user/settings', <ApiTokensSection grantable={worker} />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('api-tokens-empty')).toBeVisible();
    await user.click(screen.getByTestId('api-token-new'));
    expect(screen.getByTestId('api-token-scope-read')).toBeChecked();
    expect(screen.getByTestId('api-token-scope-plan')).not.toBeChecked();
    expect(screen.queryByTestId('api-token-scope-import')).toBeNull();
    expect(screen.queryByTestId('api-token-scope-admin')).toBeNull();
    expect(screen.getByTestId('api-token-create')).toBeDisabled();
    await user.type(screen.getByTestId('api-token-name'), 'my script');
    await user.click(screen.getByTestId('api-token-scope-plan'));
    const before = Date.now();
    await user.click(screen.getByTestId('api-token-create'));

    const secret = await screen.findByTestId('api-token-secret');
    expect(within(secret).getByRole('textbox')).toHaveValue(SECRET);
    const sent = api.find('POST /api/tokens')[0]?.body as {
      name: string;
      scopes: string[];
      expires_at: string;
    };
    expect(sent).toMatchObject({ name: 'my script', scopes: ['read', 'plan'] });
    // 90 days by default.
    expect((Date.parse(sent.expires_at) - before) / 86_400_000).toBeCloseTo(90, 1);
    await user.click(screen.getByTestId('api-token-copy'));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() =>
      expect(useToastStore.getState().toast).toMatchObject({ text: 'Token copied.', color: 'success' }),
    );
    await user.click(screen.getByTestId('api-token-done'));
    await waitFor(() => expect(screen.queryByTestId('api-token-secret')).toBeNull());
    // The list is read again; the secret appears nowhere.
    await waitFor(() => expect(api.find('GET /api/tokens').length).toBeGreaterThan(1));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a token after a confirmation', async () => {
    const api = mockApi({
      'GET /api/tokens': { body: { tokens: [token()] } },
      'DELETE /api/tokens/7': { status: 204 },
    });
    await renderPage('/user/settings', '/user/settings', <ApiTokensSection grantable={['read']} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('api-token-revoke-7'));
    expect(await screen.findByTestId('api-token-revoke-dialog')).toHaveTextContent('nightly import');
    expect(api.find('DELETE /api/tokens/7')).toHaveLength(0);
    await user.click(screen.getByTestId('api-token-revoke-confirm'));
    await waitFor(() => expect(api.find('DELETE /api/tokens/7')).toHaveLength(1));
    await waitFor(() =>
      expect(useToastStore.getState().toast).toMatchObject({ text: 'Token “nightly import” revoked.' }),
    );
    await waitFor(() => expect(screen.queryByTestId('api-token-revoke-dialog')).toBeNull());
  });

  it('is read-only for the demo account', async () => {
    mockApi({ 'GET /api/tokens': { body: { tokens: [token()] } } });
    await renderPage('/user/settings', '/user/settings', <ApiTokensSection grantable={['read']} readOnly />);
    expect(await screen.findByTestId('api-token-revoke-7')).toBeDisabled();
    expect(screen.getByTestId('api-token-new')).toBeDisabled();
  });

  it('administrators see every token of the client with its user and make service-account tokens', async () => {
    const api = mockApi({
      'GET /api/tokens': {
        body: {
          tokens: [
            token(),
            token({
              id: 9,
              user_name: 'GIS sync',
              user_email: 'service-1@service-account.invalid',
              service_account: true,
            }),
          ],
        },
      },
      'POST /api/tokens': { status: 201, body: { ...token({ id: 10 }), token: SECRET } },
    });
    await renderPage(
      '/admin/workflow',
      '/admin/workflow',
      <ApiTokensSection scope="client" grantable={TOKEN_SCOPES} />,
    );
    const row = await screen.findByTestId('api-token-9');
    expect(row).toHaveTextContent('GIS sync');
    expect(row).toHaveTextContent('Service account');
    expect(api.find('GET /api/tokens')).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('admin-api-token-new'));
    await user.type(screen.getByTestId('api-token-account'), 'QGIS nightly');
    await user.type(screen.getByTestId('api-token-name'), 'import');
    await user.click(screen.getByTestId('api-token-scope-import'));
    await user.click(screen.getByTestId('api-token-create'));
    await screen.findByTestId('api-token-secret');
    expect(api.find('POST /api/tokens')[0]?.body).toMatchObject({
      name: 'import',
      scopes: ['read', 'import'],
      service_account: { name: 'QGIS nightly' },
    });
  });
});
