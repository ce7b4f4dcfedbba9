import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { RegisterPage } from './RegisterPage.tsx';

async function fillForm(values: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const all = {
    'register-full-name': 'Grace Hopper',
    'register-email': 'grace@example.com',
    'register-password': 'cobol1959',
    'register-password-confirmation': 'cobol1959',
    'register-client-code': 'NOPE-42',
    ...values,
  };
  for (const [testId, value] of Object.entries(all)) {
    await user.clear(screen.getByTestId(testId));
    if (value) await user.type(screen.getByTestId(testId), value);
  }
  await user.click(screen.getByTestId('register-submit'));
}

describe('RegisterPage', () => {
  beforeEach(resetAppState);
  afterEach(() => vi.unstubAllGlobals());

  it('puts the server field errors on their fields', async () => {
    const api = mockApi({
      'POST /api/users': {
        status: 400,
        body: {
          status: 400,
          message: 'Validation failed',
          code: 'VALIDATION',
          fields: [
            { field: 'client_code', rule: 'exists', message: 'validations.client_code' },
            { field: 'password', rule: 'password', message: 'validations.password' },
          ],
        },
      },
    });
    await renderPage('/user/register', '/user/register', <RegisterPage />);
    await fillForm();

    expect(await screen.findByTestId('register-client-code-error')).toHaveTextContent(
      /no organisation has this code/i,
    );
    expect(screen.getByTestId('register-password-error')).toHaveTextContent(
      'Use at least 8 characters, including a letter and a digit.',
    );
    expect(screen.queryByTestId('register-error')).not.toBeInTheDocument();
    expect(api.find('POST /api/users')[0]?.body).toEqual({
      full_name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'cobol1959',
      password_confirmation: 'cobol1959',
      client_code: 'NOPE-42',
      language: 'en',
    });
  });

  it('checks the confirmation locally, then confirms the new account with a link to log in', async () => {
    const api = mockApi({ 'POST /api/users': { status: 202, body: { email: 'grace@example.com' } } });
    await renderPage('/user/register', '/user/register', <RegisterPage />);
    await fillForm({ 'register-password-confirmation': 'cobol1960' });
    expect(await screen.findByTestId('register-password-confirmation-error')).toHaveTextContent(
      'The passwords do not match.',
    );
    expect(api.calls).toHaveLength(0);

    await fillForm({ 'register-client-code': 'DEMO-US' });
    expect(await screen.findByTestId('register-success')).toHaveTextContent('grace@example.com');
    expect(screen.getByTestId('register-login-link')).toHaveAttribute('href', '/user/login');
  });
});
