import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { BoundaryToolbar } from '../../features/boundaries/index.ts';
import { PlannerFilterTab } from './PlannerFilterTab.tsx';

describe('PlannerFilterTab', () => {
  it('puts the boundary tools above the scenario list, whose height changes as it loads', () => {
    render(
      <PlannerFilterTab
        boundaryTools={
          <BoundaryToolbar mode="off" hasBoundary={false} count={null} busy={false} onAction={() => {}} />
        }
        scenarios={<div data-testid="planner-scenarios">loading…</div>}
      />,
    );
    const tab = screen.getByTestId('planner-filter-tab');
    const [first, second] = Array.from(tab.children);
    expect(first).toBe(screen.getByTestId('boundary-toolbar'));
    expect(second).toBe(screen.getByTestId('planner-scenarios'));
  });
});
