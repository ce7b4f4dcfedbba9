// The session timers end to end in jsdom with a fake clock: warning, Continue, timeout, activity.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation.ts';
import { fakeJwt } from '../../../test/jwt.ts';
import { useSession } from '../state.ts';
import { AutoLogout } from './AutoLogout.tsx';

/** A synchronous act() flushes at once; its returned thenable needs no awaiting. */
const advance = (ms: number) => void act(() => vi.advanceTimersByTime(ms));

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const tokenExpiringIn = (seconds: number) => fakeJwt({ sub: '1', exp: Math.floor(NOW / 1000) + seconds });

describe('AutoLogout (ACC-SES-04…08)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    document.cookie = 'pw_csrf=c; Path=/';
    navigate.mockReset();
    setNavigator(navigate);
    fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/token/refresh'
          ? new Response(JSON.stringify({ access: tokenExpiringIn(1800), refresh: 'r2' }), { status: 200 })
          : new Response(null, { status: 204 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSession.getState().setTokens({ access: tokenExpiringIn(125), refresh: 'r1' });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setNavigator(null);
    useSession.getState().clear();
  });

  const urls = () => fetchMock.mock.calls.map((c) => c[0] as string);

  it('opens the warning with one Continue button when ≤ 120 s remain without activity', () => {
    render(<AutoLogout />);
    advance(4000);
    expect(screen.queryByTestId('session-warning-dialog')).not.toBeInTheDocument();
    advance(1000);
    const dialog = screen.getByTestId('session-warning-dialog');
    expect(dialog).toHaveTextContent('Your session is about to end');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByTestId('session-continue')).toHaveTextContent('Continue');
  });

  it('Continue refreshes the token and restarts the timers', async () => {
    render(<AutoLogout />);
    advance(5000);
    fireEvent.click(screen.getByTestId('session-continue'));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(urls()).toContain('/api/token/refresh');
    expect(useSession.getState().refreshToken).toBe('r2');
    advance(60_000);
    expect(screen.queryByTestId('session-warning-dialog')).not.toBeInTheDocument();
  });

  it('logs out and goes to /user/login when unanswered for 120 s', async () => {
    render(<AutoLogout />);
    advance(5000);
    await act(async () => vi.advanceTimersByTimeAsync(119_000));
    expect(useSession.getState().accessToken).not.toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(useSession.getState().accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true });
    expect(urls()).toContain('/api/token/revoke');
  });

  it('refreshes every 30 s only after mouse or key activity', async () => {
    useSession.getState().setTokens({ access: tokenExpiringIn(1800), refresh: 'r1' });
    render(<AutoLogout />);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(urls()).not.toContain('/api/token/refresh');
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(urls().filter((u) => u === '/api/token/refresh')).toHaveLength(1);
  });

  it.each([
    [500, false],
    [401, true],
  ])('a refresh answered %i ends the session: %s', async (status, endsSession) => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{"message":"x"}', { status })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useSession.getState().setTokens({ access: tokenExpiringIn(1800), refresh: 'r1' });
    render(<AutoLogout />);
    fireEvent.mouseMove(window);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(useSession.getState().accessToken == null).toBe(endsSession);
  });

  it('takes over tokens another tab stored, and follows its logout', async () => {
    render(<AutoLogout />);
    const other = {
      state: { accessToken: tokenExpiringIn(1800), refreshToken: 'from-other-tab' },
      version: 0,
    };
    localStorage.setItem('pipewise_session', JSON.stringify(other));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'pipewise_session' }));
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(useSession.getState().refreshToken).toBe('from-other-tab');
    localStorage.setItem(
      'pipewise_session',
      JSON.stringify({ state: { accessToken: null, refreshToken: null }, version: 0 }),
    );
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'pipewise_session' }));
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true });
  });
});
