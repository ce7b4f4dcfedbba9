import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useToastStore } from '../../../components/toast/index.ts';
import { useSession } from '../../session/index.ts';
import { FeedbackPage } from './FeedbackPage.tsx';

describe('FeedbackPage (issue 17)', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['admin']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('sends the category, subject and message, then empties the form with a success toast', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'POST /api/feedback': { status: 201, body: { id: 1 } },
    });
    await renderPage('/user/feedback', '/user/feedback', <FeedbackPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Idea' }));
    await user.type(screen.getByTestId('feedback-subject'), 'Dark map');
    await user.type(screen.getByTestId('feedback-message'), 'Please add a dark basemap.');
    await user.click(screen.getByTestId('feedback-submit'));
    await waitFor(() =>
      expect(api.find('POST /api/feedback')[0]?.body).toEqual({
        category: 'idea',
        subject: 'Dark map',
        message: 'Please add a dark basemap.',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('feedback-subject')).toHaveValue(''));
    expect(useToastStore.getState()).toMatchObject({ toast: { color: 'success' } });
  });

  it('sends nothing without a subject, and shows an error toast when the server fails', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'POST /api/feedback': { status: 500, body: { status: 500, message: 'x' } },
    });
    await renderPage('/user/feedback', '/user/feedback', <FeedbackPage />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('feedback-message'), 'Hello');
    await user.click(screen.getByTestId('feedback-submit'));
    expect(api.find('POST /api/feedback')).toHaveLength(0);
    await user.type(screen.getByTestId('feedback-subject'), 'Hi');
    await user.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(useToastStore.getState()).toMatchObject({ toast: { color: 'error' } }));
    expect(screen.getByTestId('feedback-subject')).toHaveValue('Hi');
  });
});
