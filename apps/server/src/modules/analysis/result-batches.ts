// How a run's result rows travel to the database (write-results.ts). Each batch's rows are built and serialised
// just before the batch is sent, not all at once: mapping and stringifying 100k rows up front held the event loop
// (and the API's requests behind it) for one long stretch and kept every row object alive through the write.
// `lanes` batches may be written at once, each in its own transaction on its own pooled connection (the database's
// work per batch — JSON parsing, index and WAL upkeep — keeps one backend on one core); see RESULT_BATCHES.
import type { SQL } from 'drizzle-orm';
import type { DatabaseKind } from '../../db/database.ts';
import { BATCH_ROWS, type Executor } from '../network/write-layers.ts';

export interface BatchShape {
  /** Rows per statement (a segment counts its member pipes too: writeInBatches `weight`). */
  rows: number;
  /** Statements at once; each needs a transaction and connection of its own (analysis.job.ts `batches`). */
  lanes: number;
}

/**
 * The embedded database runs each statement on the API's thread, and a request waits behind the one running: 2,000
 * rows were 0.2–0.35 s a statement on the 20k-pipe town at load 6 (the first up to 1 s), so it takes 1,000.
 * On PostgreSQL a batch's statement is 0.1–0.6 s of the database's work, beside which a transaction's few round
 * trips are nothing, so bigger batches would only hold the event loop longer while one is serialised. One lane: on the
 * shared 2-core machine (load 4–5) two lanes wrote the 100k town's stages in 18.2 / 17.6 / 21.6 s against one lane's
 * 16.0 / 17.7 / 18.5 s, and doubled the API's p95; on an idle machine, with a core free, two may pay (unmeasured).
 */
export const RESULT_BATCHES: Readonly<Record<DatabaseKind, BatchShape>> = {
  pglite: { rows: BATCH_ROWS / 2, lanes: 1 },
  postgres: { rows: BATCH_ROWS, lanes: 1 },
};

/** An executor that may say how it wants its batches; a plain transaction (a pipe edit) writes one at a time. */
export type BatchExecutor = Executor & { shape?: BatchShape };

/** The [from, to) ranges of `items` a batch each: at most `rows` items and, with `weight`, `rows` of weight. */
export function batchRanges<T>(
  items: readonly T[],
  rows: number,
  weight?: (item: T) => number,
): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  let load = 0;
  for (let i = 0; i < items.length; i++) {
    const w = weight ? Math.max(1, weight(items[i]!)) : 1;
    if (i > from && (i - from >= rows || load + w > rows)) {
      out.push([from, i]);
      from = i;
      load = 0;
    }
    load += w;
  }
  if (from < items.length) out.push([from, items.length]);
  return out;
}

/** Writes `items` as `write` statements, each given its batch's rows (`toRow` of each item) as one JSON array. */
export async function writeInBatches<T>(
  tx: BatchExecutor,
  items: readonly T[],
  toRow: (item: T) => unknown,
  write: (json: string) => SQL,
  weight?: (item: T) => number,
): Promise<void> {
  const { rows, lanes } = tx.shape ?? { rows: BATCH_ROWS, lanes: 1 };
  const ranges = batchRanges(items, rows, weight);
  // In waves of `lanes` batches, each wave ended before the next starts. Every batch holds a share lock on its run
  // (analysis.job.ts ensureOwnedBatch), and share lockers join one another without queueing: lanes that overlapped
  // without end would keep a cancel, a lease take-over or the progress write waiting until the whole stage was
  // written. Between waves no lock is held.
  for (let wave = 0; wave < ranges.length; wave += lanes) {
    const settled = await Promise.allSettled(
      ranges.slice(wave, wave + lanes).map(async ([from, to]) => {
        const json = JSON.stringify(items.slice(from, to).map(toRow));
        await tx.execute(write(json));
      }),
    );
    // The earliest batch's failure, whichever lane ended first; none is left writing when it is thrown.
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
  }
}

/** How many statements writeInBatches sends for `items` (the stage's progress counts them). */
export const batchCount = <T>(items: readonly T[], rows: number, weight?: (item: T) => number) =>
  batchRanges(items, rows, weight).length;
