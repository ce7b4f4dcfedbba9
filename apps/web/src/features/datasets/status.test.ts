import { DATASET_STATUS, REFRESH_STATUS } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import {
  findStatus,
  initialStatusMemory,
  isLofComplete,
  isRunning,
  needsNewAnalysis,
  shouldPoll,
  showsSpinner,
  STATUS_POLL_MS,
  statusKey,
  stepStatus,
} from './status.ts';
import type { StatusMemory } from './status.ts';
import type { DatasetStatusEntry, Snapshot } from './types.ts';

const { COMPLETE, COF_PENDING, UNPROCESSED, CANCELLED, PREPROCESS, WAITING, TILING } = DATASET_STATUS;

const entry = (id: number, status: number, refreshStatus: DatasetStatusEntry['refreshStatus'] = 'NONE') => ({
  id,
  status,
  refreshStatus,
  snapshotEntityId: 1,
  origin: 0,
});

/** Feeds answers one after the other, as polling would, and collects every effect. */
function run(datasetId: number, ...answers: DatasetStatusEntry[][]) {
  let memory: StatusMemory = initialStatusMemory;
  const effects: string[] = [];
  for (const answer of answers) {
    const step = stepStatus(memory, answer, datasetId);
    memory = step.memory;
    effects.push(...step.effects.map((e) => e.kind));
  }
  return { memory, effects };
}

describe('dataset status (DATA-ST-01…17)', () => {
  it('has the spec codes (DATA-ST-01) and refresh statuses (DATA-ST-12), each with a name key', () => {
    expect(DATASET_STATUS).toEqual({
      UNKNOWN: -1,
      COMPLETE: 0,
      COF_PENDING: 1,
      UNPROCESSED: 2,
      CANCELLED: 3,
      PREPROCESS: 4,
      WAITING: 5,
      TILING: 6,
    });
    expect(REFRESH_STATUS).toEqual(['NONE', 'LOF', 'TILES']);
    expect(statusKey(TILING)).toBe('TILING');
    expect(statusKey(42)).toBe('UNKNOWN');
  });

  it('running is PREPROCESS or COF_PENDING; the overlay also spins for TILING (DATA-ST-02 conflict)', () => {
    expect(Object.values(DATASET_STATUS).filter(isRunning)).toEqual([COF_PENDING, PREPROCESS]);
    expect(Object.values(DATASET_STATUS).filter(showsSpinner)).toEqual([COF_PENDING, PREPROCESS, TILING]);
  });

  it('CANCELLED means a new analysis is required (DATA-ST-03)', () => {
    expect(Object.values(DATASET_STATUS).filter(needsNewAnalysis)).toEqual([CANCELLED]);
  });

  it("LOF is complete when the current snapshot's original dataset is COMPLETE (DATA-ST-04)", () => {
    const snapshot = { dataset: { id: 9, originalDatasetId: 7 } } as Snapshot;
    expect(isLofComplete(snapshot, [entry(7, COMPLETE), entry(9, COF_PENDING)])).toBe(true);
    expect(isLofComplete(snapshot, [entry(7, PREPROCESS), entry(9, COMPLETE)])).toBe(false);
    expect(isLofComplete(snapshot, [])).toBe(false);
  });

  it('polls every 10 s while the current dataset is not complete (DATA-ST-05)', () => {
    expect(STATUS_POLL_MS).toBe(10_000);
    expect(shouldPoll([entry(1, UNPROCESSED)], 1)).toBe(true);
    expect(shouldPoll([entry(1, WAITING), entry(2, COMPLETE)], 1)).toBe(true);
    expect(shouldPoll([entry(1, COMPLETE), entry(2, PREPROCESS)], 1)).toBe(false);
    expect(shouldPoll(undefined, 1)).toBe(false);
    expect(shouldPoll([entry(1, PREPROCESS)], null)).toBe(false);
  });

  it('keeps polling a complete dataset while a rerun is under way, to offer its Refresh map (TOAST-08)', () => {
    const rerun = (stage: string) => ({ ...entry(1, COMPLETE), analysisStage: stage });
    expect(shouldPoll([rerun('lof')], 1)).toBe(true);
    expect(shouldPoll([rerun('queued')], 1)).toBe(true);
    expect(shouldPoll([rerun('complete')], 1)).toBe(false);
    expect(shouldPoll([rerun('failed')], 1)).toBe(false);
  });

  it('finds the entry of a dataset', () => {
    expect(findStatus([entry(1, COMPLETE), entry(2, TILING)], 2)?.status).toBe(TILING);
    expect(findStatus(undefined, 2)).toBeUndefined();
  });

  it('turning COMPLETE after a known non-complete status fires the transition once (DATA-ST-07…10)', () => {
    const { effects, memory } = run(
      1,
      [entry(1, UNPROCESSED)],
      [entry(1, PREPROCESS)],
      [entry(1, COMPLETE)],
      [entry(1, COMPLETE)],
    );
    expect(effects).toEqual(['became-complete']);
    expect(shouldPoll([entry(1, COMPLETE)], 1)).toBe(false);
    expect(memory.seenNotComplete).toBe(false);
  });

  it('already COMPLETE at first load triggers nothing (DATA-ST-11)', () => {
    expect(run(1, [entry(1, COMPLETE)], [entry(1, COMPLETE)]).effects).toEqual([]);
  });

  it("another dataset's history does not count: a switch starts afresh", () => {
    let memory = stepStatus(initialStatusMemory, [entry(1, PREPROCESS)], 1).memory;
    const step = stepStatus(memory, [entry(1, PREPROCESS), entry(2, COMPLETE)], 2);
    memory = step.memory;
    expect(step.effects).toEqual([]);
    expect(memory).toEqual({ datasetId: 2, seenNotComplete: false, announcedRefresh: null });
  });

  it('COMPLETE with a refresh status other than NONE asks for a map refresh, once per request (TOAST-08)', () => {
    expect(run(1, [entry(1, COMPLETE, 'LOF')], [entry(1, COMPLETE, 'LOF')]).effects).toEqual([
      'refresh-required',
    ]);
    expect(run(1, [entry(1, COMPLETE, 'TILES')]).effects).toEqual(['refresh-required']);
    // After 'Refresh map' cleared it, a new request is announced again.
    expect(
      run(1, [entry(1, COMPLETE, 'LOF')], [entry(1, COMPLETE, 'NONE')], [entry(1, COMPLETE, 'TILES')])
        .effects,
    ).toEqual(['refresh-required', 'refresh-required']);
    // Not while the analysis is still running.
    expect(run(1, [entry(1, TILING, 'TILES')]).effects).toEqual([]);
  });

  it('asks for a refresh only when the map shows an older tile folder than the server (issue 15)', () => {
    const at = (folder: string) => ({ ...entry(1, COMPLETE, 'LOF'), folder });
    // A page loaded after the change draws the new folder already: no toast, on this reload or the next.
    expect(stepStatus(initialStatusMemory, [at('1-r5')], 1, '1-r5').effects).toEqual([]);
    // A change while the page is open: one toast for the new folder, however often the status is asked.
    let memory = stepStatus(initialStatusMemory, [at('1-r5')], 1, '1-r5').memory;
    const changed = stepStatus(memory, [at('1-r6')], 1, '1-r5');
    expect(changed.effects.map((e) => e.kind)).toEqual(['refresh-required']);
    memory = changed.memory;
    expect(stepStatus(memory, [at('1-r6')], 1, '1-r5').effects).toEqual([]);
    // Refreshed: the map draws r6. A second edit (r7, refresh_status still LOF) is announced again.
    memory = stepStatus(memory, [at('1-r6')], 1, '1-r6').memory;
    expect(stepStatus(memory, [at('1-r7')], 1, '1-r6').effects.map((e) => e.kind)).toEqual([
      'refresh-required',
    ]);
  });

  it('the completion and the refresh request can come together', () => {
    expect(run(1, [entry(1, TILING)], [entry(1, COMPLETE, 'TILES')]).effects).toEqual([
      'became-complete',
      'refresh-required',
    ]);
  });

  it('a missing current-dataset status is reported as such (DATA-ST-17)', () => {
    expect(run(1, [entry(2, COMPLETE)]).effects).toEqual(['missing']);
    expect(shouldPoll([entry(2, COMPLETE)], 1)).toBe(true);
  });
});
