import { DATASET_STATUS } from '@pipewise/domain';
import { describe, expect, it, vi } from 'vitest';
import { defaultDatasetOf, switchDataset } from './switch-dataset.ts';
import type { SwitchSteps } from './switch-dataset.ts';

/** Steps that write what they do into one log, so the order is the assertion. */
function recordingSteps(over: Partial<SwitchSteps> = {}) {
  const log: string[] = [];
  const steps: SwitchSteps = {
    setApplying: (a) => log.push(`applying:${a}`),
    resetStores: () => log.push('reset'),
    setCurrent: async (g, d) => {
      log.push(`set-current:${g}/${d}`);
    },
    refetchSnapshot: async () => {
      log.push('refetch-snapshot');
    },
    toast: (kind) => log.push(`toast:${kind}`),
    goToMap: () => log.push('go-to-map'),
    logError: () => log.push('logged'),
    ...over,
  };
  return { steps, log };
}

const complete = { id: 5, center: [1, 2] as [number, number], status: DATASET_STATUS.COMPLETE };

describe('switchDataset (DATA-SW-01…07)', () => {
  it('resets, tells the server, reloads the snapshot, then says switched and goes to the map', async () => {
    const { steps, log } = recordingSteps();
    expect(await switchDataset(steps, 12, complete)).toBe('switched');
    expect(log).toEqual([
      'applying:true',
      'reset',
      'toast:switching',
      'set-current:12/5',
      'refetch-snapshot',
      'toast:switched',
      'go-to-map',
      'applying:false',
    ]);
  });

  it('says processing first when the analysis is not complete (DATA-SW-05, TOAST-04)', async () => {
    const { steps, log } = recordingSteps();
    await switchDataset(steps, 12, { ...complete, status: DATASET_STATUS.PREPROCESS });
    expect(log.filter((l) => l.startsWith('toast:'))).toEqual([
      'toast:processing',
      'toast:switching',
      'toast:switched',
    ]);
  });

  it('stops with an error toast when the dataset has no centre (DATA-SW-06, TOAST-03)', async () => {
    const { steps, log } = recordingSteps();
    expect(await switchDataset(steps, 12, { ...complete, center: null })).toBe('no-center');
    expect(log).toEqual(['toast:noCenter']);
  });

  it('a failed switch is only logged and the applying flag is cleared (DATA-SW-07)', async () => {
    const error = new Error('boom');
    const logError = vi.fn();
    const { steps, log } = recordingSteps({
      setCurrent: () => Promise.reject(error),
      logError,
    });
    expect(await switchDataset(steps, 12, complete)).toBe('failed');
    expect(logError).toHaveBeenCalledWith('Switching dataset failed', error);
    expect(log).toEqual(['applying:true', 'reset', 'toast:switching', 'applying:false']);
  });

  it('opens a group on its original dataset, else its first', () => {
    expect(
      defaultDatasetOf([
        { id: 2, originalDatasetId: 1 },
        { id: 1, originalDatasetId: 1 },
      ])?.id,
    ).toBe(1);
    expect(defaultDatasetOf([{ id: 2, originalDatasetId: 1 }])?.id).toBe(2);
    expect(defaultDatasetOf([])).toBeUndefined();
  });
});
