// ACC-LANG-04/05 through the hook: units language applied on arrival; 5 s fallback otherwise.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeJwt } from '../../../test/jwt.ts';
import { useSession } from '../../session/index.ts';
import { useUserLanguage } from './use-user-language.ts';

function Probe() {
  useUserLanguage();
  return null;
}

const renderProbe = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );

describe('useUserLanguage', () => {
  let resolveUser: (r: Response) => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    queryClient.clear();
    useSession.getState().setTokens({ access: fakeJwt({ exp: 4_000_000_000 }), refresh: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (resolveUser = resolve))),
    );
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.getState().clear();
    await i18n.changeLanguage('en');
  });

  it("applies the user's units language when it arrives", async () => {
    renderProbe();
    await act(async () => vi.advanceTimersByTimeAsync(10));
    await act(async () => {
      resolveUser(new Response(JSON.stringify({ id: 1, units: { language: 'it' } })));
      await vi.advanceTimersByTimeAsync(10);
    });
    await waitFor(() => expect(i18n.language).toBe('it'));
    expect(document.cookie).toContain('lang=it');
  });

  it('falls back to the current locale after 5 s of loading', async () => {
    await i18n.changeLanguage('fr');
    document.cookie = 'lang=; Max-Age=0; Path=/';
    renderProbe();
    await act(async () => vi.advanceTimersByTimeAsync(4_900));
    expect(document.cookie).not.toContain('lang=');
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(i18n.language).toBe('fr');
    expect(document.cookie).toContain('lang=fr');
  });
});
