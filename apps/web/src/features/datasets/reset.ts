// The dataset reset signal (DATA-SW-01, DATA-ST-08/16). Features keep their own stores; they subscribe here so
// this feature never imports them (STYLE.md: features don't import each other; app/ wires them up).
import { useEffect, useRef } from 'react';

/**
 * - `switch`: another dataset was chosen — reset map, fieldwork, report and scenario stores; layer group → pipes.
 * - `ready`: the analysis just completed — reset the map so it is rebuilt from the new results.
 * - `selection`: 'Refresh map' was used — clear the selection only.
 */
export type DatasetResetReason = 'switch' | 'ready' | 'selection';
type Listener = (reason: DatasetResetReason) => void;

const listeners = new Set<Listener>();

export function onDatasetReset(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitDatasetReset(reason: DatasetResetReason): void {
  for (const listener of [...listeners]) listener(reason);
}

/** Subscribes for the component's lifetime; the latest callback is always the one called. */
export function useDatasetReset(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onDatasetReset((reason) => latest.current(reason)), []);
}
