import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { LoginPage } from './LoginPage.tsx';

const invalid = {
  status: 401,
  body: { status: 401, message: 'Incorrect e-mail or password.', code: 'INVALID_CREDENTIALS' },
};
const tokens = { status: 200, body: { access: 'access-1', refresh: 'refresh-1' } };

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByTestId('login-email'));
  await user.type(screen.getByTestId('login-email'), email);
  await user.clear(screen.getByTestId('login-password'));
  await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  beforeEach(resetAppState);
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('shows the bad-credentials error inline, then logs in and follows the redirect', async () => {
    let attempt = 0;
    const api = mockApi({
      'POST /api/token': () => (++attempt === 1 ? invalid : tokens),
      'GET /api/user/info': { body: testUser() },
    });
    await renderPage('/user/login', '/user/login?redirect=%2Fmap%2Flof%3Fid%3D7', <LoginPage />);

    await fillAndSubmit('ada@example.com', 'wrong-pass1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Incorrect e-mail or password.');
    expect(api.find('POST /api/token')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong-pass1',
    });

    await fillAndSubmit('ada@example.com', 'right-pass1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map/lof?id=7'));
    expect(useSession.getState().accessToken).toBe('access-1');
  });

  it('drops the failure of the last attempt when a new one fails validation', async () => {
    mockApi({ 'POST /api/token': invalid });
    await renderPage('/user/login', '/user/login', <LoginPage />);
    await fillAndSubmit('ada@example.com', 'wrong-pass1');
    expect(await screen.findByTestId('login-error')).toBeVisible();
    const user = userEvent.setup();
    await user.clear(screen.getByTestId('login-password'));
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-password-error')).toHaveTextContent('This field is required.');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('explains the rate limit', async () => {
    mockApi({
      'POST /api/token': { status: 429, body: { status: 429, message: 'Too many', code: 'RATE_LIMITED' } },
    });
    await renderPage('/user/login', '/user/login', <LoginPage />);
    await fillAndSubmit('ada@example.com', 'whatever1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/too many login attempts/i);
  });

  it('ignores a redirect to another site and goes home', async () => {
    mockApi({ 'POST /api/token': tokens, 'GET /api/user/info': { body: testUser() } });
    await renderPage('/user/login', '/user/login?redirect=%2F%2Fevil.example%2Fx', <LoginPage />);
    await fillAndSubmit('ada@example.com', 'right-pass1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });

  it('validates before sending anything', async () => {
    const api = mockApi({});
    await renderPage('/user/login', '/user/login', <LoginPage />);
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect(
      await screen.findByText('This field is required.', { selector: '[data-testid="login-email-error"]' }),
    ).toBeVisible();
    expect(screen.getByTestId('login-password-error')).toHaveTextContent('This field is required.');
    await userEvent.setup().type(screen.getByTestId('login-email'), 'not-an-email');
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
