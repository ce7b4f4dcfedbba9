// Switching dataset (spec 000 §4 "Switching dataset", DATA-SW-01…07, TOAST-03…06) as one ordered procedure.
// Its effects come in as functions, so the order of calls is testable without React.
import { isComplete } from './status.ts';
import type { Dataset } from './types.ts';

export type SwitchToast = 'noCenter' | 'processing' | 'switching' | 'switched';

export interface SwitchSteps {
  setApplying: (applying: boolean) => void;
  /** Map, fieldwork, report and scenario stores; the active layer group back to pipes. */
  resetStores: () => void;
  setCurrent: (snapshotGroupId: number, datasetId: number) => Promise<void>;
  refetchSnapshot: () => Promise<unknown>;
  toast: (kind: SwitchToast) => void;
  /** Goes to /map unless already there (SHELL-SUB-05). */
  goToMap: () => void;
  logError: (message: string, error: unknown) => void;
}

export type SwitchOutcome = 'switched' | 'no-center' | 'failed';

export async function switchDataset(
  steps: SwitchSteps,
  snapshotGroupId: number,
  dataset: Pick<Dataset, 'id' | 'center' | 'status'>,
): Promise<SwitchOutcome> {
  if (!dataset.center) {
    steps.toast('noCenter');
    return 'no-center';
  }
  steps.setApplying(true);
  try {
    steps.resetStores();
    if (!isComplete(dataset.status)) steps.toast('processing');
    steps.toast('switching');
    await steps.setCurrent(snapshotGroupId, dataset.id);
    await steps.refetchSnapshot();
    steps.toast('switched');
    steps.goToMap();
    return 'switched';
  } catch (err) {
    // Spec 000 §8: a failed switch is only logged.
    steps.logError('Switching dataset failed', err);
    return 'failed';
  } finally {
    steps.setApplying(false);
  }
}

/**
 * The dataset a group opens with: its original (docs/api-datasets.md: the imported one, id = original id), else
 * its first.
 */
export function defaultDatasetOf<T extends Pick<Dataset, 'id' | 'originalDatasetId'>>(
  datasets: readonly T[],
): T | undefined {
  return datasets.find((d) => d.id === d.originalDatasetId) ?? datasets[0];
}
