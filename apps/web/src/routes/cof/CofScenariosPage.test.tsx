import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../features/session/index.ts';
import { i18n } from '../../lib/i18n.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { CofScenarioPage } from './CofScenarioPage.tsx';
import { CofScenariosPage } from './CofScenariosPage.tsx';

describe('/cof/scenarios gating (001 §6)', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['cof']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('without the COF subscription says why, and asks nothing about scenarios', async () => {
    const api = mockApi({ 'GET /api/user/info': { body: testUser({ subscriptions: ['LOF'] }) } });
    await renderPage('/cof/scenarios', '/cof/scenarios', <CofScenariosPage />);
    expect(await screen.findByTestId('cof-subscription-required')).toHaveTextContent(
      'COF scenarios need the COF subscription',
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/api/user/info']);
  });

  it('the same on a scenario page', async () => {
    const api = mockApi({ 'GET /api/user/info': { body: testUser({ subscriptions: [] }) } });
    await renderPage('/cof/scenarios/:id', '/cof/scenarios/4', <CofScenarioPage />);
    expect(await screen.findByTestId('cof-subscription-required')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/user/info']);
  });
});
