import type { SavedFilterFilters } from '@pipewise/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applySavedFilter, viewFromLofType, type ApplySavedSteps } from './apply-saved.ts';

const filters: SavedFilterFilters = {
  active_pipe_layer_group: 'vis',
  scalar_type: [{ key: 'cof', values: [4, 5] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: null }],
  boundary_type: [
    {
      layer_group: 'pipes',
      polygons: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  ],
};

function recorder() {
  const log: string[] = [];
  const steps: ApplySavedSteps = {
    clearUnsaved: () => log.push('clearUnsaved'),
    setView: (v) => log.push(`view:${v}`),
    setLayerGroup: (g) => log.push(`layer:${g}`),
    clearBoundaries: () => log.push('clearBoundaries'),
    clearSelection: () => log.push('clearSelection'),
    applyFilters: (s) => log.push(`filters:${JSON.stringify(s)}`),
    applyBoundaries: (b) => log.push(`boundaries:${Object.keys(b).join()}`),
  };
  return { log, steps };
}

describe('applySavedFilter (FILT-APP-01…05)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears and switches first, then applies filters and boundaries after 333 ms', async () => {
    const { log, steps } = recorder();
    const done = applySavedFilter({ filters, lofType: 'lof' }, steps);
    expect(log).toEqual(['clearUnsaved', 'view:lof', 'layer:pipes', 'clearBoundaries', 'clearSelection']);
    await vi.advanceTimersByTimeAsync(332);
    expect(log).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log.slice(5)).toEqual([
      `filters:${JSON.stringify({ ranges: { installYear: { low: 1900, high: null } }, scalars: { cof: [4, 5] } })}`,
      'boundaries:pipes',
    ]);
  });

  it('falls back to rank for an unknown lofType (FILT-APP-02)', () => {
    expect(viewFromLofType('nonsense')).toBe('rank');
    expect(viewFromLofType('bre')).toBe('bre');
  });
});
