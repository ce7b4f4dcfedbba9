import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { computeNavItems } from '../nav-items.ts';
import { useNavState } from '../state.ts';
import { NavDrawer } from './NavDrawer.tsx';

/** A synchronous act() flushes at once; its returned thenable needs no awaiting. */
const advance = (ms: number) => void act(() => vi.advanceTimersByTime(ms));

const items = computeNavItems({
  subscriptions: ['LOF', 'COF', 'BRE', 'JOB_PLANNER'],
  isStaff: false,
  client: { id: 1, details: { country: 'US' } },
});

function renderAt(path: string, navItems = items, onRefresh = () => undefined) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NavDrawer items={navItems} onRefresh={onRefresh} />
    </MemoryRouter>,
  );
}

describe('NavDrawer', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    useNavState.setState({ collapsed: false, folded: false, openGroup: null, mobileOpen: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('selects the item of the route and opens its group (SHELL-NAV-04)', () => {
    renderAt('/reports/lof');
    expect(screen.getByTestId('nav-item-reports-lof')).toHaveClass('Mui-selected');
    expect(screen.getByTestId('nav-group-reports')).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps only one group open (SHELL-NAV-03)', () => {
    renderAt('/reports/lof');
    fireEvent.click(screen.getByTestId('nav-group-data'));
    expect(screen.getByTestId('nav-group-data')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('nav-group-reports')).toHaveAttribute('aria-expanded', 'false');
  });

  it('collapses to icons (SHELL-NAV-02)', () => {
    renderAt('/home');
    expect(screen.getByText('Home')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('nav-collapse'));
    expect(screen.getByTestId('nav-drawer')).toHaveAttribute('data-collapsed', 'true');
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
  });

  it('shows a Refresh button when items have not loaded within 10 s (SHELL-NAV-05)', () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    render(
      <MemoryRouter>
        <NavDrawer items={null} onRefresh={onRefresh} />
      </MemoryRouter>,
    );
    advance(9_999);
    expect(screen.queryByTestId('nav-refresh')).not.toBeInTheDocument();
    advance(1);
    fireEvent.click(screen.getByTestId('nav-refresh'));
    expect(onRefresh).toHaveBeenCalled();
  });

  it('folds to icons while the map needs the room, without changing the user setting (issue 36)', () => {
    renderAt('/planner');
    act(() => useNavState.getState().setFolded(true));
    expect(screen.getByTestId('nav-drawer')).toHaveAttribute('data-collapsed', 'true');
    expect(useNavState.getState().collapsed).toBe(false);
    // The user expands it again: the fold is lifted, and the setting stays expanded.
    fireEvent.click(screen.getByTestId('nav-collapse'));
    expect(screen.getByTestId('nav-drawer')).toHaveAttribute('data-collapsed', 'false');
    expect(useNavState.getState()).toMatchObject({ collapsed: false, folded: false });
    act(() => useNavState.getState().setFolded(false));
    fireEvent.click(screen.getByTestId('nav-collapse'));
    expect(useNavState.getState().collapsed).toBe(true);
  });
});
