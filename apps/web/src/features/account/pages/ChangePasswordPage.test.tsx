import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { useSession } from '../../session/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';

async function submit(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('change-password-current'), current);
  await user.type(screen.getByTestId('change-password-new'), next);
  await user.type(screen.getByTestId('change-password-confirm'), confirm);
  await user.click(screen.getByTestId('change-password-submit'));
}

describe('ChangePasswordPage', () => {
  beforeEach(() => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('shows a wrong current password on that field and stays logged in', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'PUT /api/user/password': {
        status: 400,
        body: {
          status: 400,
          message: 'Wrong password',
          code: 'WRONG_PASSWORD',
          fields: [
            { field: 'current_password', rule: 'current_password', message: 'validations.current_password' },
          ],
        },
      },
    });
    await renderPage('/user/changePassword', '/user/changePassword', <ChangePasswordPage />);
    await submit('not-it-1', 'newpass42');
    expect(await screen.findByTestId('change-password-current-error')).toHaveTextContent(
      'The current password is incorrect.',
    );
    expect(useSession.getState().accessToken).toBe('access-1');
  });

  it('sends current and new password, then confirms with a toast and clears the form', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'PUT /api/user/password': { body: { access: 'access-2', refresh: 'refresh-2' } },
    });
    await renderPage('/user/changePassword', '/user/changePassword', <ChangePasswordPage />);
    await submit('oldpass11', 'newpass42');
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('Your password has been changed.'));
    // The other sessions ended; this tab carries on with the pair the change answered (issue 18).
    expect(useSession.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(api.find('PUT /api/user/password')[0]?.body).toEqual({
      current_password: 'oldpass11',
      new_password: 'newpass42',
    });
    expect(screen.getByTestId('change-password-current')).toHaveValue('');
  });
});
