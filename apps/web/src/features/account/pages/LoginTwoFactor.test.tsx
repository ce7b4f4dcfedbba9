import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { LoginPage } from './LoginPage.tsx';

const challenge = {
  challenge: 'chal-1',
  two_factor_required: true,
  sent_to: 'a•••@example.com',
  expires_at: '2030-01-01T00:10:00.000Z',
};

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-email'), 'ada@example.com');
  await user.type(screen.getByTestId('login-password'), 'right-pass1');
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

describe('LoginPage with two-step sign-in (issue 17)', () => {
  beforeEach(resetAppState);
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('asks for the mailed code, shows a wrong code inline, then signs in with the right one', async () => {
    let tries = 0;
    const api = mockApi({
      'POST /api/token': { body: challenge },
      'POST /api/check_identity': () =>
        ++tries === 1
          ? { status: 401, body: { status: 401, message: 'x', code: 'TWO_FACTOR_INVALID' } }
          : { body: { access: 'access-2', refresh: 'refresh-2' } },
      'GET /api/user/info': { body: testUser() },
    });
    await renderPage('/user/login', '/user/login?redirect=%2Fmap%2Flof', <LoginPage />);
    const user = await logIn();

    expect(await screen.findByTestId('two-factor-sent-to')).toHaveTextContent('a•••@example.com');
    expect(useSession.getState().accessToken).toBeFalsy();
    const submit = screen.getByTestId('two-factor-submit');
    await user.type(screen.getByTestId('two-factor-code'), '12ab3');
    expect(screen.getByTestId('two-factor-code')).toHaveValue('123');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('two-factor-code'), '456');
    await user.click(submit);
    expect(await screen.findByTestId('two-factor-error')).toHaveTextContent('The code is not correct.');

    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map/lof'));
    expect(api.find('POST /api/check_identity')[1]?.body).toEqual({ challenge: 'chal-1', code: '123456' });
    expect(useSession.getState().accessToken).toBe('access-2');
  });

  it('sends a new code on request and goes back to the password on "Back to login"', async () => {
    const api = mockApi({
      'POST /api/token': { body: challenge },
      'POST /api/send_2fa': { body: { ...challenge, sent_to: 'a•••@example.com' } },
    });
    await renderPage('/user/login', '/user/login', <LoginPage />);
    const user = await logIn();
    await user.click(await screen.findByTestId('two-factor-resend'));
    await waitFor(() => expect(api.find('POST /api/send_2fa')[0]?.body).toEqual({ challenge: 'chal-1' }));
    await user.click(screen.getByTestId('two-factor-restart'));
    expect(await screen.findByTestId('login-email')).toBeVisible();
  });
});
