// Logout clears the query cache only after the pages that read it are gone (issue 15: the cache was cleared while
// the shell was mounted, and its queries fetched snapshot-groups and snapshots/current again with no token).
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useLoggedInPage } from './logged-in-pages.ts';
import { logout, onLogout } from './logout.ts';
import { useSession } from './state.ts';

/** Logged in, with a mounted page (a logged-in layout when `layout`) reading a query that needs the token. */
async function mountedPage(queryKey: string[], layout: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  const tokensAsked: (string | null)[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const page = renderHook(
    () => {
      if (layout) useLoggedInPage();
      return useQuery({
        queryKey,
        queryFn: async () => {
          tokensAsked.push(useSession.getState().accessToken);
          return {};
        },
      });
    },
    { wrapper },
  );
  await waitFor(() => expect(tokensAsked).toEqual(['access-1']));
  return { page, tokensAsked };
}

describe('logout', () => {
  afterEach(() => {
    setNavigator(null);
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks nothing more with a dead token: the cache goes after the shell has unmounted', async () => {
    // The mounted shell: a component reading a query that needs the token.
    const { page: shell, tokensAsked } = await mountedPage(['snapshot-groups'], false);
    const navigated: string[] = [];
    setNavigator(async (to) => {
      navigated.push(to);
      // The router runs the login page's loaders first: the shell stays mounted meanwhile, then unmounts.
      await new Promise((resolve) => setTimeout(resolve, 20));
      shell.unmount();
    });
    await logout();
    expect(useSession.getState().accessToken).toBeNull();
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
    expect(navigated).toEqual(['/user/login']);
    expect(tokensAsked).toEqual(['access-1']);
  });

  it('waits for the logged-in page to unmount even when the router is done first (ACC-AUTH-14, the map)', async () => {
    // A logged-in layout with a page reading a query (the map's snapshot).
    const { page, tokensAsked } = await mountedPage(['snapshots', 'current'], true);
    const teardown = vi.fn();
    const unregister = onLogout(teardown);
    // The router resolves at once; React renders the login page (and unmounts this one) a while later.
    setNavigator(async () => undefined);
    await logout();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(teardown).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    page.unmount();
    await waitFor(() => expect(teardown).toHaveBeenCalledOnce());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(tokensAsked).toEqual(['access-1']);
    unregister();
  });
});
