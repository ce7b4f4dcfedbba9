import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { PaneDock } from './PaneDock.tsx';

describe('PaneDock', () => {
  it('shows one pane at a time, keeps the others mounted and switches by its tabs', () => {
    const onActive = vi.fn();
    render(
      <PaneDock
        active="filters"
        onActive={onActive}
        panes={[
          { id: 'planner', content: <p>planner body</p> },
          { id: 'filters', content: <p>filters body</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Filters' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('filters body')).toBeVisible();
    expect(screen.getByText('planner body')).not.toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: 'Job planner' }));
    expect(onActive).toHaveBeenCalledWith('planner');
    expect(screen.getByTestId('pane-dock')).toHaveAttribute('data-active', 'filters');
  });
});
