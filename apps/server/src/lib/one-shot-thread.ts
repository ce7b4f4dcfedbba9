// A worker thread that runs one CPU-bound task and answers once (the auto planner's plan, a renewal programme): the
// API in the same process keeps answering meanwhile, as modules/analysis/compute-thread.ts does for analyses. The
// thread may report progress before its answer. `answerOnce` is the thread's side of the same protocol.
import { parentPort, Worker } from 'node:worker_threads';

type Message<T> =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; output: T }
  | { kind: 'failed'; message: string; stack?: string };

/** Runs the thread at `entry` (a .mjs boot file) with `input` as its workerData; resolves with its answer. */
export function runOnce<T>(entry: URL, input: unknown, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: input });
    let settled = false;
    worker.on('message', (m: Message<T>) => {
      if (m.kind === 'progress') return onProgress?.(m.fraction);
      settled = true;
      if (m.kind === 'done') resolve(m.output);
      else reject(Object.assign(new Error(m.message), { stack: m.stack }));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`worker thread ${entry.pathname} exited with code ${code}`));
    });
  });
}

/** Inside the thread: posts progress as it comes, then the task's answer or its error. */
export function answerOnce<T>(task: (progress: (fraction: number) => void) => Promise<T>): void {
  const post = (m: Message<T>) => parentPort!.postMessage(m);
  task((fraction) => post({ kind: 'progress', fraction })).then(
    (output) => post({ kind: 'done', output }),
    (err: unknown) =>
      post({
        kind: 'failed',
        message: err instanceof Error ? err.message : String(err),
        ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
      }),
  );
}
