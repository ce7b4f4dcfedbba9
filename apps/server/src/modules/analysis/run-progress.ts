// How far a run is, as `analyses.progress` (0–100) that the status API serves (issue 15: "the analysis progress
// sat at 25 % for about 8 minutes"). Each stage fills a span of the run; inside it the engine reports its share
// of the computation from the thread (packages/engine/src/progress), the writes their share of the batches. The
// figure is written in a short transaction of its own, at most every 1.5 s, and the same write is the run's
// heartbeat (the lease of analysis.job.ts), so a stage that reports nothing still beats every 20 s.
import { phases, type OnProgress } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { BATCH_ROWS, type Executor } from '../network/write-layers.ts';

export type RunStage = 'preprocess' | 'lof' | 'cof' | 'tiling';

/**
 * Overall progress (%) when each stage starts; a stage fills the span up to the next one (tiling up to 100). The
 * spans follow the stages' share of a run's time (bench/results/analysis-*.json: loading and ANALYZE ≈ 5 %,
 * preprocess ≈ 28 %, LOF ≈ 48 %, COF ≈ 16 %, report summaries and the swap ≈ 3 %), so that the time left, worked out
 * from the pace so far (eta.ts), holds from one stage to the next.
 */
export const STAGE_START: Readonly<Record<RunStage, number>> = {
  preprocess: 5,
  lof: 32,
  cof: 80,
  tiling: 96,
};
const STAGE_END: Readonly<Record<RunStage, number>> = { preprocess: 32, lof: 80, cof: 96, tiling: 100 };

/** The progress of a run taken up again at its stored `stage`: the stage is redone from its start. */
export const stageStartSql = sql`CASE stage ${sql.join(
  Object.entries(STAGE_START).map(([stage, start]) => sql`WHEN ${stage} THEN ${start}::real`),
  sql` `,
)} ELSE progress END`;

/** A stage's parts inside its span: reading what earlier stages stored, the thread's computation, the writes. */
export const STAGE_PARTS: Readonly<Record<RunStage, Readonly<Record<'read' | 'compute' | 'write', number>>>> =
  {
    // Compute against write time of the stages on 100k pipes (bench/results/analysis-postgres.json).
    preprocess: { read: 0, compute: 0.68, write: 0.32 },
    lof: { read: 0.02, compute: 0.85, write: 0.13 },
    cof: { read: 0.1, compute: 0.6, write: 0.3 },
    tiling: { read: 0, compute: 0.9, write: 0.1 },
  };

export const PROGRESS_INTERVAL_MS = 1500;
export const HEARTBEAT_MS = 20_000;
/** A run whose heartbeat is older than this lost its worker; it may be taken over (analysis.job.ts claim). */
export const LEASE_SECONDS = 90;

export interface ProgressOptions {
  /** Least time between two writes of a changed figure (tests: 0, every change). */
  intervalMs?: number;
  /** Tests: told of each figure once it is written. */
  written?: (percent: number) => void;
}

export interface RunProgress {
  /** The stage's reporter split into its parts, each 0–1 of itself; never moves the figure backwards. */
  stage(stage: RunStage): Record<'read' | 'compute' | 'write', OnProgress>;
  /** Stops the heartbeat and waits for a write under way. */
  close(): Promise<void>;
}

/**
 * Throttles the figures to `write` (one short UPDATE): the newest is written once `intervalMs` has passed since the
 * last write, never two at a time, and the heartbeat writes it again every HEARTBEAT_MS however little it moved.
 * A failed write is left to the next one (the heartbeat did the same).
 */
export function runProgress(
  write: (percent: number) => Promise<void>,
  options: ProgressOptions = {},
): RunProgress {
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS;
  let latest = 0;
  let written = -1;
  let lastWriteAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const flush = () => {
    timer = null;
    if (inFlight || closed) return;
    const value = latest;
    inFlight = write(value)
      .then(() => {
        written = value;
        options.written?.(value);
      })
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        lastWriteAt = performance.now();
        schedule();
      });
  };
  const schedule = () => {
    if (closed || inFlight || timer || !(latest > written)) return;
    const wait = lastWriteAt + interval - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  const report = (percent: number) => {
    if (!(percent > latest)) return;
    latest = percent;
    schedule();
  };
  const beat = setInterval(() => {
    if (timer) clearTimeout(timer);
    flush();
  }, HEARTBEAT_MS);
  beat.unref();

  return {
    stage(stage) {
      const from = STAGE_START[stage];
      const to = STAGE_END[stage];
      latest = Math.max(latest, from);
      return phases((f) => report(from + (to - from) * f), STAGE_PARTS[stage]);
    },
    async close() {
      closed = true;
      clearInterval(beat);
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}

/**
 * The executor of a stage's batches, reporting the share of the `expected` batches done. The count is the rows
 * over BATCH_ROWS per table written: an estimate (a table may write fewer), so the last batch may not reach 1.
 */
export function countingBatches(executor: Executor, expected: number, report: OnProgress): Executor {
  let done = 0;
  return {
    execute: async (query) => {
      const result = await executor.execute(query);
      report(++done / Math.max(1, expected));
      return result;
    },
  };
}

/** Batches to write `rows` rows (write-layers.ts inBatches). */
export const batchesOf = (rows: number) => Math.ceil(rows / BATCH_ROWS);
