import { VIEW_DEFINITIONS, visibleViews } from '@pipewise/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ViewMenu } from './ViewMenu.tsx';

const ctx = {
  layerGroup: 'pipes' as const,
  subscriptions: ['LOF', 'COF', 'BRE', 'POPULATION'] as const,
  presentProperties: null,
  hasBreaks: true,
  lofMonths: 12,
  popYear: 2030,
};

describe('ViewMenu', () => {
  it('groups LOF (rank, highest, lof) and population first, then the other views (MAP-VIEW-03…05)', () => {
    render(
      <ViewMenu
        views={visibleViews(ctx)}
        active="lof"
        open
        onToggle={() => undefined}
        onSelect={() => undefined}
      />,
    );
    const lists = screen.getByTestId('view-menu').querySelectorAll('ul');
    const ids = (list: Element) =>
      [...list.querySelectorAll('[data-testid^="view-"]')].map((el) => el.getAttribute('data-testid'));
    expect(ids(lists[0]!)).toEqual(['view-percentile', 'view-highest', 'view-lof']);
    expect(ids(lists[1]!)).toEqual(['view-population', 'view-population-change']);
    expect(ids(lists[2]!)).toContain('view-install-year');
    expect(ids(lists[2]!)).not.toContain('view-length'); // not production ready (MAP-TIER-17)
    expect(screen.getByTestId('view-lof')).toHaveAttribute('aria-current', 'page');
  });

  it('is 15em open and 4.5em minimised, with titles only when open (MAP-SCR-02)', () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <ViewMenu
        views={[VIEW_DEFINITIONS.installYear]}
        active="installYear"
        open
        onToggle={onToggle}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByTestId('view-menu')).toHaveStyle({ width: '15em' });
    expect(within(screen.getByTestId('view-install-year')).getByText(/.+/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('view-menu-toggle'));
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(
      <ViewMenu
        views={[VIEW_DEFINITIONS.installYear]}
        active="installYear"
        open={false}
        onToggle={onToggle}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByTestId('view-menu')).toHaveStyle({ width: '4.5em' });
    expect(within(screen.getByTestId('view-install-year')).queryByText(/.+/)).toBeNull();
  });

  it('reports the chosen view', () => {
    const onSelect = vi.fn();
    render(
      <ViewMenu views={visibleViews(ctx)} active="lof" open onToggle={() => undefined} onSelect={onSelect} />,
    );
    fireEvent.click(screen.getByTestId('view-material'));
    expect(onSelect).toHaveBeenCalledWith(VIEW_DEFINITIONS.materialTypeCode);
  });
});
