import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const page = <ResetPasswordPage />;

async function setNewPassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('reset-password'), password);
  await user.type(screen.getByTestId('reset-password-confirmation'), confirmation);
  await user.click(screen.getByTestId('reset-submit'));
}

describe('ResetPasswordPage', () => {
  beforeEach(resetAppState);
  afterEach(() => vi.unstubAllGlobals());

  it('without an id, asks for the address and gives the same answer whether or not it exists', async () => {
    const api = mockApi({ 'POST /api/password-reset': { status: 204 } });
    await renderPage('/user/reset', '/user/reset', page);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('reset-email'), 'nobody@example.com');
    await user.click(screen.getByTestId('reset-submit'));

    expect(await screen.findByTestId('reset-sent')).toHaveTextContent(
      /if an account exists for that address/i,
    );
    const [call] = api.find('POST /api/password-reset');
    expect(call?.body).toEqual({ email: 'nobody@example.com', language: 'en' });
    expect(call?.headers['X-CSRF-Token']).toBe('test-csrf');
  });

  it('with an id, sets the new password and links to the login', async () => {
    const api = mockApi({ 'PUT /api/forgot-password/abc123': { status: 204 } });
    await renderPage('/user/reset', '/user/reset?id=abc123', page);
    await setNewPassword('newpass42');

    expect(await screen.findByTestId('reset-done')).toBeVisible();
    expect(screen.getByTestId('reset-login-link')).toHaveAttribute('href', '/user/login');
    expect(api.calls[0]?.body).toEqual({ password: 'newpass42', password_confirmation: 'newpass42' });
  });

  it('refuses a weak password before sending', async () => {
    const api = mockApi({});
    await renderPage('/user/reset', '/user/reset?id=abc123', page);
    await setNewPassword('short');
    expect(await screen.findByTestId('reset-password-error')).toHaveTextContent('Use at least 8 characters');
    expect(api.calls).toHaveLength(0);
  });

  it('explains a used or expired link and offers a new one', async () => {
    mockApi({
      'PUT /api/forgot-password/old': {
        status: 400,
        body: { status: 400, message: 'Invalid reset link', code: 'RESET_INVALID' },
      },
    });
    await renderPage('/user/reset', '/user/reset?id=old', page);
    await setNewPassword('newpass42');

    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent(/already been used or has expired/i);
    expect(screen.getByTestId('reset-request-again-link')).toHaveAttribute('href', '/user/reset');
  });
});
