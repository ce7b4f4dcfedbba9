import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDockTab, type DockOpen } from './use-dock-tab.ts';

function setup(initial: DockOpen) {
  return renderHook((open: DockOpen) => useDockTab(open), { initialProps: initial });
}

describe('useDockTab', () => {
  it('shows the pane the user opened last, and the planner when it closes', () => {
    const hook = setup({ filters: false, details: null });
    expect(hook.result.current[0]).toBe('planner');
    hook.rerender({ filters: true, details: null });
    expect(hook.result.current[0]).toBe('filters');
    hook.rerender({ filters: true, details: 'pipes:7' });
    expect(hook.result.current[0]).toBe('details');
    // Back to the filters by the tab; another pick shows the details again.
    act(() => hook.result.current[1]('filters'));
    expect(hook.result.current[0]).toBe('filters');
    hook.rerender({ filters: true, details: 'pipes:8' });
    expect(hook.result.current[0]).toBe('details');
    hook.rerender({ filters: true, details: null });
    expect(hook.result.current[0]).toBe('planner');
    act(() => hook.result.current[1]('filters'));
    hook.rerender({ filters: false, details: null });
    expect(hook.result.current[0]).toBe('planner');
  });

  it('starts on a pane already open when it first renders only when the user picks it', () => {
    const hook = setup({ filters: true, details: null });
    expect(hook.result.current[0]).toBe('planner');
    act(() => hook.result.current[1]('filters'));
    expect(hook.result.current[0]).toBe('filters');
  });
});
