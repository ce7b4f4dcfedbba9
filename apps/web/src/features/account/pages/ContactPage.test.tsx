import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { ContactPage } from './ContactPage.tsx';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('contact-name'), 'Gus Guest');
  await user.type(screen.getByTestId('contact-email'), 'gus@example.com');
  await user.type(screen.getByTestId('contact-subject'), 'A demo');
  await user.type(screen.getByTestId('contact-message'), 'Can we see a demo?');
}

describe('ContactPage (issue 17)', () => {
  beforeEach(resetAppState);
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields, sends the message without a session and says so', async () => {
    const api = mockApi({ 'POST /api/contact-us': { status: 204 } });
    await renderPage('/user/contact', '/user/contact', <ContactPage />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('contact-submit'));
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    expect(api.calls).toHaveLength(0);

    await fill(user);
    await user.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('Your message has been sent.');
    const call = api.find('POST /api/contact-us')[0]!;
    expect(call.body).toEqual({
      name: 'Gus Guest',
      email: 'gus@example.com',
      subject: 'A demo',
      message: 'Can we see a demo?',
    });
    expect(call.headers['Authorization']).toBeUndefined();
  });

  it('shows the server refusal (rate limit) and keeps the form', async () => {
    mockApi({
      'POST /api/contact-us': {
        status: 429,
        body: { status: 429, code: 'RATE_LIMITED', message: 'Too many messages.' },
      },
    });
    await renderPage('/user/contact', '/user/contact', <ContactPage />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(screen.getByRole('alert')).toBeVisible());
    expect(screen.queryByTestId('contact-sent')).toBeNull();
    expect(screen.getByTestId('contact-message')).toHaveValue('Can we see a demo?');
  });
});
