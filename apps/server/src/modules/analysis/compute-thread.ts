// The engine's stages are CPU-bound for seconds to minutes (LOF training on 100k pipes ≈ 2 min): they run in a
// worker thread so the API in the same process keeps answering (npm start runs API and worker together).
import { backtestHorizons, lofStageInputs, withBacktests } from '@pipewise/engine';
import { packInSteps, transferList, unpackInSteps, type PackedValue } from '../../lib/chunked-message.ts';
import { WarmThreads } from '../../lib/warm-threads.ts';
import type {
  OnProgress,
  CofPipeFigures,
  CofStageResult,
  DatasetInputs,
  LofBacktest,
  LofStageResult,
  PreprocessResult,
} from '@pipewise/engine';

export type StageCall =
  | { stage: 'preprocess'; inputs: DatasetInputs }
  /** The model and its scores, without the card's backtest (engine lofModelStage). */
  | { stage: 'lof'; inputs: DatasetInputs; pre: PreprocessResult }
  /** The card's backtest, which trains a model of its own: run beside 'lof' on the second core. */
  | { stage: 'lof-backtest'; inputs: DatasetInputs; pre: PreprocessResult }
  | {
      stage: 'cof';
      inputs: DatasetInputs;
      /** Each pipe's stored preprocess values and 12-month LOF (read-results.ts readCofFigures). */
      figures: readonly CofPipeFigures[];
      /** Segments the preprocess found, for the stage's consistency note. */
      preprocessSegments: number | null;
      /** For the JP rule on the environment row (000 §6). */
      clientId: number;
    };

type ResultOf<C extends StageCall> = C extends { stage: 'preprocess' }
  ? PreprocessResult
  : C extends { stage: 'lof' }
    ? LofStageResult
    : C extends { stage: 'lof-backtest' }
      ? LofBacktest[]
      : CofStageResult;

/**
 * What the thread posts: its progress (0–1, compute.worker.ts), then once its result or failure. The call and the
 * result cross packed (lib/chunked-message.ts), so that the API's thread copies them a slice per event-loop turn.
 */
export type ThreadMessage =
  { progress: number } | { ok: true; result: PackedValue } | { ok: false; message?: string; stack?: string };

/**
 * Threads kept warm between stages (lib/warm-threads.ts): an analysis runs four stages, the LOF stage's two side
 * by side, and a thread's start cost ~1.1 s of CPU each time, most of a small network's analysis. Two wait for
 * the next stage; one idle for a minute ends, so that a large stage's heap goes back to the system.
 */
const threads = new WarmThreads({
  entry: new URL('./compute.boot.mjs', import.meta.url),
  keepIdle: 2,
  idleMs: 60_000,
});

/** Threads waiting for a stage (tests). */
export const computeThreadsWaiting = () => threads.waiting;

// A stage allocates millions of short-lived objects (the network, per-pipe results): a young generation 4× V8's
// default (semi-spaces of 64 MB) spends ~10 % less time collecting (COF stage, 100k pipes).
const LIMITS = { maxYoungGenerationSizeMb: 192 };

/**
 * Runs one stage in a thread of its own; `signal` ends the thread (a sibling failed, so its result would be thrown
 * away); `onProgress` hears the stage's share done as the engine reports it. A thread whose stage ended (with a
 * result or the engine's error) waits for the next stage; one aborted, crashed or exited is not used again. The
 * call is packed and the result read back a slice per event-loop turn (lib/chunked-message.ts): taken in with the
 * message, a 100k-pipe result had held the API's thread 2–8 s.
 */
export async function computeInThread<C extends StageCall>(
  call: C,
  signal?: AbortSignal,
  onProgress?: OnProgress,
): Promise<ResultOf<C>> {
  signal?.throwIfAborted();
  // Taken before the call is packed, so that a new thread loads meanwhile.
  const worker = threads.take(LIMITS);
  // Stops the packing when the thread fails or the stage is aborted meanwhile.
  const ended = new AbortController();
  /** Fails the stage and ends its thread (a no-op once the stage has ended). */
  let end!: (err: unknown) => void;
  const answer = new Promise<PackedValue>((resolve, reject) => {
    let settled = false;
    const detach = () => {
      signal?.removeEventListener('abort', abort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const fail = (err: unknown) => {
      settled = true;
      detach();
      ended.abort(err);
      reject(err);
    };
    end = (err) => {
      if (settled) return;
      fail(err);
      void worker.terminate();
    };
    const abort = () => end(signal!.reason);
    const onMessage = (m: ThreadMessage) => {
      if (settled) return;
      if ('progress' in m) {
        onProgress?.(m.progress);
        return;
      }
      settled = true;
      detach();
      // The thread answered and waits for its next call, whether the stage succeeded or the engine threw.
      threads.giveBack(worker, LIMITS);
      if (m.ok) resolve(m.result);
      else reject(Object.assign(new Error(m.message), { stack: m.stack }));
    };
    const onError = (err: Error) => end(err);
    const onExit = (code: number) => {
      if (!settled) fail(new Error(`analysis thread for ${call.stage} exited with code ${code}`));
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  // Until the call is posted nobody awaits the answer: its failure is read below, not an unhandled rejection.
  answer.catch(() => undefined);
  try {
    const packed = await packInSteps(call, ended.signal);
    worker.postMessage(packed, transferList(packed));
  } catch (err) {
    // A call that cannot be copied fails the stage; aborted or the thread failed meanwhile, `answer` already has
    // that reason and this is a no-op.
    end(err);
  }
  return (await unpackInSteps(await answer, signal)) as ResultOf<C>;
}

/**
 * The LOF stage on both cores: the model in one thread, the card's backtest (a second training) in another, merged
 * as the engine's lofStage would. If either fails the other is ended at once. Its progress is the slower thread's:
 * the stage ends when both have.
 */
export async function lofInThreads(
  inputs: DatasetInputs,
  pre: PreprocessResult,
  onProgress?: OnProgress,
): Promise<LofStageResult> {
  const done = { model: 0, backtest: 0 };
  const progress = (half: keyof typeof done) => (f: number) => {
    done[half] = f;
    onProgress?.(Math.min(done.model, done.backtest));
  };
  const controller = new AbortController();
  const settle = <T>(p: Promise<T>) =>
    p.catch((err: unknown) => {
      controller.abort(err);
      throw err;
    });
  // Each thread gets only what it reads: the backtest needs no segments.
  const slim = lofStageInputs(inputs);
  const [lof, backtests] = await Promise.all([
    settle(computeInThread({ stage: 'lof', inputs: slim, pre }, controller.signal, progress('model'))),
    settle(
      computeInThread(
        { stage: 'lof-backtest', inputs: slim, pre: { ...pre, segments: [] } },
        controller.signal,
        progress('backtest'),
      ),
    ),
  ]);
  return withBacktests(lof, backtests, backtestHorizons(inputs));
}
