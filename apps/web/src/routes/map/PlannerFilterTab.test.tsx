import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { PlannerFilterTab } from './PlannerFilterTab.tsx';

describe('PlannerFilterTab', () => {
  it('puts the boundary tools above the scenario list, whose height changes as it loads', () => {
    render(
      <PlannerFilterTab
        boundary={{ mode: 'off', polygons: [], ids: null, busy: false, onAction: () => {} }}
        scenarios={<div data-testid="planner-scenarios">loading…</div>}
      />,
    );
    const tab = screen.getByTestId('planner-filter-tab');
    const [first, second] = Array.from(tab.children);
    expect(first).toBe(screen.getByTestId('boundary-toolbar'));
    expect(second).toBe(screen.getByTestId('planner-scenarios'));
  });
});
