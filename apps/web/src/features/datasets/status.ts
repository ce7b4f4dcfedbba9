// Risk-analysis dataset status (spec 000 §4, DATA-ST-01…17) as pure decisions. The hook in
// hooks/use-dataset-status-watcher.ts carries them out (toasts, cache, resets); nothing here does I/O.
import { DATASET_STATUS, RUNNING_ANALYSIS_STAGES } from '@pipewise/domain';
import type { DatasetStatusEntry, Snapshot } from './types.ts';

/** Spec 000 §9: the status is polled every 10 s while not complete. */
export const STATUS_POLL_MS = 10_000;

/**
 * CHECKLIST DATA-ST-02 is a conflict: "running" is PREPROCESS or COF_PENDING, yet the overlay also spins for
 * TILING. Both readings are kept, each where the spec uses it.
 */
const RUNNING: readonly number[] = [DATASET_STATUS.PREPROCESS, DATASET_STATUS.COF_PENDING];
const OVERLAY_SPINNING: readonly number[] = [...RUNNING, DATASET_STATUS.TILING];

export const isComplete = (status: number | undefined) => status === DATASET_STATUS.COMPLETE;
export const isRunning = (status: number) => RUNNING.includes(status);
export const showsSpinner = (status: number) => OVERLAY_SPINNING.includes(status);
/** DATA-ST-03: CANCELLED means a new analysis is required. */
export const needsNewAnalysis = (status: number) => status === DATASET_STATUS.CANCELLED;

/** The translation key of a status code's name (`datasets:status.<key>`). */
export function statusKey(status: number): string {
  const entry = Object.entries(DATASET_STATUS).find(([, code]) => code === status);
  return entry ? entry[0] : 'UNKNOWN';
}

export function findStatus(
  entries: readonly DatasetStatusEntry[] | undefined,
  datasetId: number,
): DatasetStatusEntry | undefined {
  return entries?.find((e) => e.id === datasetId);
}

/**
 * DATA-ST-04. CHECKLIST SUB-05 is ambiguous: the spec calls the original dataset "origin 2", but 2 is OVERRIDDEN
 * among the origin codes. We read "original" as the dataset whose id equals its original_dataset_id
 * (docs/api-datasets.md), whatever its origin code.
 */
export function isLofComplete(snapshot: Snapshot, entries: readonly DatasetStatusEntry[]): boolean {
  const originalId = snapshot.dataset.originalDatasetId;
  return isComplete(findStatus(entries, originalId)?.status);
}

/** What the watcher remembers between two status answers, for the current dataset only. */
export interface StatusMemory {
  datasetId: number | null;
  /** Whether a non-complete status of this dataset has been seen (DATA-ST-07 vs DATA-ST-11). */
  seenNotComplete: boolean;
  /** The refresh status already announced, so one toast per refresh request, not one per answer. */
  announcedRefresh: string | null;
}

/**
 * Whether the map is behind the server: the dataset's tile folder differs from the one the map shows. A page
 * loaded after the change already shows the new folder, so it is not asked to refresh (issue 15: the toast came
 * back for every user on every reload while the dataset's refresh_status stayed LOF). TOAST-08 read literally
 * ("COMPLETE and refresh_status not NONE") would toast on every load; we read it as "results changed since this
 * map was drawn", which is what a user expects. Without either folder known, refresh_status alone decides.
 */
export function mapIsBehind(entry: DatasetStatusEntry, shownFolder: string | null | undefined): boolean {
  if (entry.refreshStatus === 'NONE') return false;
  return entry.folder === undefined || shownFolder == null || entry.folder !== shownFolder;
}

export const initialStatusMemory: StatusMemory = {
  datasetId: null,
  seenNotComplete: false,
  announcedRefresh: null,
};

export type StatusEffect =
  /** DATA-ST-17: logged as "current status not found". */
  | { kind: 'missing' }
  /** DATA-ST-07…10, TOAST-07. */
  | { kind: 'became-complete' }
  /** TOAST-08. */
  | { kind: 'refresh-required'; datasetId: number };

export interface StatusStep {
  memory: StatusMemory;
  effects: StatusEffect[];
}

/** One status answer for the current dataset → what changed and what to do about it. */
export function stepStatus(
  previous: StatusMemory,
  entries: readonly DatasetStatusEntry[],
  datasetId: number,
  /** The tile folder the map shows (the current snapshot's dataset), when known. */
  shownFolder?: string | null,
): StatusStep {
  const memory: StatusMemory =
    previous.datasetId === datasetId ? { ...previous } : { ...initialStatusMemory, datasetId };
  const entry = findStatus(entries, datasetId);
  if (!entry) return { memory, effects: [{ kind: 'missing' }] };

  const effects: StatusEffect[] = [];
  if (!isComplete(entry.status)) {
    memory.seenNotComplete = true;
    memory.announcedRefresh = null;
    return { memory, effects };
  }
  if (memory.seenNotComplete) {
    memory.seenNotComplete = false;
    effects.push({ kind: 'became-complete' });
  }
  if (!mapIsBehind(entry, shownFolder)) {
    memory.announcedRefresh = null;
  } else {
    // One toast per change: keyed by the new folder when known, else by the refresh status.
    const key = entry.folder ?? entry.refreshStatus;
    if (memory.announcedRefresh !== key) {
      memory.announcedRefresh = key;
      effects.push({ kind: 'refresh-required', datasetId });
    }
  }
  return { memory, effects };
}

const RUNNING_STAGES: readonly (string | null | undefined)[] = RUNNING_ANALYSIS_STAGES;

/**
 * DATA-ST-05/07: poll while the current dataset is not known to be complete. With no dataset there is nothing to
 * wait for; with no answer yet, the first fetch decides. Also while a rerun of a complete dataset is under way
 * (after a pipe edit or a manual run): its results are swapped in at the end with refresh_status LOF, and the
 * Refresh-map toast (TOAST-08) has to notice.
 */
export function shouldPoll(entries: readonly DatasetStatusEntry[] | undefined, datasetId: number | null) {
  if (datasetId === null || !entries) return false;
  const entry = findStatus(entries, datasetId);
  return !isComplete(entry?.status) || RUNNING_STAGES.includes(entry?.analysisStage);
}
