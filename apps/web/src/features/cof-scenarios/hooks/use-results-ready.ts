// Notices the moment a re-run for this scenario ends with its results current, so the page can say the map has new
// results (the map then offers 'Refresh map' on the dataset's refresh_status) and the route can fetch the dataset
// status again. A page opened after the run ended says nothing: there is nothing new to tell.
import { useEffect, useRef, useState } from 'react';
import { summarizeRuns } from '../lib/run-state.ts';
import type { CofRunState } from '../types.ts';

export function useResultsReady(runs: readonly CofRunState[] | undefined, onReady?: () => void) {
  const state = runs ? summarizeRuns(runs).state : null;
  const [previous, setPrevious] = useState(state);
  const [ready, setReady] = useState(false);
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (state !== previous) {
    setPrevious(state);
    if (state === 'running') setReady(false);
    else if (previous === 'running' && state === 'current') setReady(true);
  }
  const callback = useRef(onReady);
  useEffect(() => {
    callback.current = onReady;
  });
  useEffect(() => {
    if (ready) callback.current?.();
  }, [ready]);
  return { ready, dismiss: () => setReady(false) };
}
