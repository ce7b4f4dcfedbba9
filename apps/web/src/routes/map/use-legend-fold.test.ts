import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLegendFold } from './use-legend-fold.ts';

function setup(width: number | null, initialOpen = true) {
  const stored = { open: initialOpen };
  const hook = renderHook(
    ({ w }: { w: number | null }) =>
      useLegendFold(w, stored.open, (open) => {
        stored.open = open;
      }),
    { initialProps: { w: width } },
  );
  return { hook, stored };
}

describe('useLegendFold', () => {
  it('folds the open legend when the map gets narrow and shows it again when it widens', () => {
    const { hook, stored } = setup(1200);
    expect(hook.result.current.open).toBe(true);
    hook.rerender({ w: 696 });
    expect(hook.result.current.open).toBe(false);
    expect(stored.open, 'the user setting is kept').toBe(true);
    hook.rerender({ w: 1200 });
    expect(hook.result.current.open).toBe(true);
  });

  it('opens a folded legend on a click while the map stays narrow', () => {
    const { hook, stored } = setup(600);
    expect(hook.result.current.open).toBe(false);
    act(() => hook.result.current.toggle());
    hook.rerender({ w: 600 });
    expect(hook.result.current.open).toBe(true);
    expect(stored.open).toBe(true);
    // Closed by the user: that is the setting now.
    act(() => hook.result.current.toggle());
    expect(stored.open).toBe(false);
  });

  it('leaves the legend as the user set it before the map is measured (no ResizeObserver in jsdom)', () => {
    expect(setup(null).hook.result.current.open).toBe(true);
    expect(setup(null, false).hook.result.current.open).toBe(false);
    const closed = setup(600, false);
    act(() => closed.hook.result.current.toggle());
    expect(closed.stored.open).toBe(true);
  });
});
