// One state for a scenario's figures across its group's datasets (CofRunState per dataset): re-running while any run
// is under way (with the least advanced one's progress, so the bar never runs ahead of the slowest dataset), out of
// date when any served result does not use it, current when all do, none without analysed datasets.
import type { CofRunState } from '../types.ts';

export type RunSummary =
  | { state: 'running'; progress: number | null; stage: string | null }
  | { state: 'current' | 'stale' | 'none' };

export function summarizeRuns(runs: readonly CofRunState[]): RunSummary {
  const running = runs.filter((r) => r.state === 'running');
  if (running.length > 0) {
    const known = running.map((r) => r.progress).filter((p): p is number => p !== null);
    const slowest = running.reduce((a, b) => ((b.progress ?? 0) < (a.progress ?? 0) ? b : a));
    return {
      state: 'running',
      progress: known.length > 0 ? Math.max(0, Math.min(100, Math.min(...known))) : null,
      stage: slowest.stage,
    };
  }
  if (runs.some((r) => r.state === 'stale')) return { state: 'stale' };
  return runs.length > 0 ? { state: 'current' } : { state: 'none' };
}

export const isRunning = (runs: readonly CofRunState[]): boolean => runs.some((r) => r.state === 'running');

/** The poll interval of a scenario query: every ~2 s while a re-run for it is under way (brief; 001 §7 polling). */
export const RUN_POLL_MS = 2_000;
