import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../features/session/index.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { fakeJwt } from '../../test/jwt.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TopBar } from './TopBar.tsx';

const user = {
  id: 1,
  full_name: 'Alex Admin',
  email: 'admin@example.com',
  units: { language: 'en' },
  subscriptions: [],
  client: { id: 1, name: 'Demo', details: { country: 'US' } },
};

describe('TopBar (SHELL-TOP-01…06)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    stubMatchMedia(true);
    setNavigator(navigate);
    document.cookie = 'pw_csrf=c; Path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/user/info' ? new Response(JSON.stringify(user)) : new Response(null, { status: 204 }),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
    navigate.mockReset();
    useSession.getState().clear();
  });

  it('shows Login and Register when logged out, and the logo links to /map', () => {
    renderWithApp(<TopBar />);
    expect(screen.getByTestId('top-login')).toHaveAttribute('href', '/user/login');
    expect(screen.getByTestId('top-register')).toHaveAttribute('href', '/user/register');
    expect(screen.getByTestId('brand-logo')).toHaveAttribute('href', '/map');
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('shows the tabs and the user menu with name, e-mail, initials, Settings and Logout', async () => {
    useSession.getState().setTokens({ access: fakeJwt({ exp: 4_000_000_000 }), refresh: 'r' });
    renderWithApp(<TopBar />, { path: '/reports/lof' });
    expect(screen.getByTestId('top-tab-home')).toHaveAttribute('href', '/home');
    expect(screen.getByTestId('top-tab-map')).toHaveAttribute('href', '/map');
    expect(screen.getByTestId('top-tab-reports')).toHaveAttribute('href', '/reports/asset');
    expect(screen.getByTestId('top-tab-reports')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('top-tab-data')).toHaveAttribute('href', '/data');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(screen.getByTestId('user-menu')).toHaveTextContent('AA');
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Alex Admin');
    expect(screen.getByTestId('user-menu-email')).toHaveTextContent('admin@example.com');
    expect(screen.getByTestId('user-menu-settings')).toHaveAttribute('href', '/user/settings');
    fireEvent.click(screen.getByTestId('user-menu-logout'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true }));
    expect(useSession.getState().accessToken).toBeNull();
  });
});
