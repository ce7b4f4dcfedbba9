// The time a running analysis has left (issue 15), worked out when the status is read: the run's pace so far —
// the progress it made over the time it has run — applied to what remains. The pace over the whole run is its own
// smoothing: a stage that moves in bursts (trees, batches) changes it little, and the stages' spans follow their
// share of a run's time (run-progress.ts), so it holds from one stage to the next. Nothing is stored for it.
import { STAGE_START } from './run-progress.ts';

/** Shown only once the run has made this much progress (points) … */
export const ETA_MIN_PROGRESS = 5;
/** … and run this long: before that the pace says little. */
export const ETA_MIN_ELAPSED_S = 10;

const RUNNING = new Set(['preprocess', 'lof', 'cof', 'tiling']);

export interface RunPace {
  stage: string;
  /** 0–100 over the whole run. */
  progress: number;
  reason: string;
  /** Seconds of the stages stored so far. */
  timings: Readonly<Record<string, number>>;
  /** Since `started_at` (claim in analysis.job.ts; a run taken up again counts its stored stages' time). */
  elapsedSeconds: number | null;
}

/** Seconds left, or null while it would be a guess (queued, too early) or the run is over. */
export function etaSeconds(run: RunPace): number | null {
  if (!RUNNING.has(run.stage) || run.elapsedSeconds === null) return null;
  // A COF re-run starts at the COF stage (the earlier stages are the served run's): its pace counts from there.
  // One that had to run in full (no served results) stored a preprocess of its own.
  const from = run.reason === 'cof_scenario' && !('preprocess' in run.timings) ? STAGE_START.cof : 0;
  const made = run.progress - from;
  if (made < ETA_MIN_PROGRESS || run.elapsedSeconds < ETA_MIN_ELAPSED_S) return null;
  return Math.max(0, Math.round((run.elapsedSeconds * (100 - run.progress)) / made));
}
