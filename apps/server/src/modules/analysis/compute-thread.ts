// The engine's stages are CPU-bound for seconds to minutes (LOF training on 100k pipes ≈ 2 min): they run in a
// worker thread so the API in the same process keeps answering (npm start runs API and worker together).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { backtestHorizons, lofStageInputs, withBacktests } from '@pipewise/engine';
import {
  copyPacked,
  packInSteps,
  transferList,
  unpackInSteps,
  type PackedValue,
} from '../../lib/chunked-message.ts';
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
 * What the thread is sent: the stage and the rest of its call, packed (lib/chunked-message.ts), so that the API's
 * thread copies it a slice per event-loop turn. The two LOF halves are sent the same packed arguments.
 */
export interface StageMessage {
  readonly stage: StageCall['stage'];
  readonly args: PackedValue;
}

/** What the thread posts: its progress (0–1, compute.worker.ts), then once its result (packed too) or failure. */
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
  const { stage, ...args } = call;
  return (await runInThread(stage, (ended) => packInSteps(args, ended), signal, onProgress)) as ResultOf<C>;
}

/** Runs `stage` in a thread with the arguments `pack` gives (stopped by its signal when the stage ends first). */
async function runInThread(
  stage: StageCall['stage'],
  pack: (ended: AbortSignal) => Promise<PackedValue>,
  signal?: AbortSignal,
  onProgress?: OnProgress,
): Promise<unknown> {
  signal?.throwIfAborted();
  // Taken before the call is packed, so that a new thread loads meanwhile.
  const worker = threads.take(LIMITS);
  const ended = new AbortController();
  /** Fails the stage and ends its thread (a no-op once the stage has ended). */
  let end!: (err: unknown) => void;
  const answer = new Promise<PackedValue>((resolve, reject) => {
    let settled = false;
    const detach = () => {
      signal?.removeEventListener('abort', abort);
      worker.off('message', onMessage);
      worker.off('error', end);
      worker.off('exit', onExit);
    };
    end = (err) => {
      if (settled) return;
      settled = true;
      detach();
      ended.abort(err);
      reject(err);
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
    const onExit = (code: number) => end(new Error(`analysis thread for ${stage} exited with code ${code}`));
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', end);
    worker.on('exit', onExit);
  });
  // Until the call is posted nobody awaits the answer: its failure is read below, not an unhandled rejection.
  answer.catch(() => undefined);
  try {
    const args = await pack(ended.signal);
    worker.postMessage({ stage, args } satisfies StageMessage, transferList(args));
  } catch (err) {
    // A call that cannot be copied fails the stage; aborted or the thread failed meanwhile, `answer` already has
    // that reason and this is a no-op.
    end(err);
  }
  return unpackInSteps(await answer, signal);
}

/** Pipes slimmed per event-loop turn (lofInputsInSteps). */
const SLIM_STEP = 5000;

/**
 * The engine's lofStageInputs, a slice of pipes per event-loop turn: all 100k at once held the API's thread
 * 0.1–0.3 s (load 6–10). The engine slims each pipe on its own, so the slices make the same inputs.
 */
export async function lofInputsInSteps(
  inputs: DatasetInputs,
  signal?: AbortSignal,
  step = SLIM_STEP,
): Promise<DatasetInputs> {
  const pipes: DatasetInputs['pipes'][number][] = [];
  for (let from = 0; from < inputs.pipes.length; from += step) {
    signal?.throwIfAborted();
    pipes.push(...lofStageInputs({ ...inputs, pipes: inputs.pipes.slice(from, from + step) }).pipes);
    await nextTurn();
  }
  return { ...lofStageInputs({ ...inputs, pipes: [] }), pipes };
}

/**
 * The LOF stage on both cores: the model in one thread, the card's backtest (a second training) in another, merged
 * as the engine's lofStage would. If either fails the other is ended at once. Its progress is the slower thread's:
 * the stage ends when both have. Both halves read the same arguments (the backtest leaves the segments): packed
 * once and copied, which halves the API thread's share of sending them.
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
  // Each thread gets only what it reads (lofStageInputs); the copy is made before either is sent (and moved).
  const packed = lofInputsInSteps(inputs, controller.signal)
    .then((slim) => packInSteps({ inputs: slim, pre }, controller.signal))
    .then((args) => [args, copyPacked(args)] as const);
  const [lof, backtests] = await Promise.all([
    settle(runInThread('lof', async () => (await packed)[0], controller.signal, progress('model'))),
    settle(
      runInThread('lof-backtest', async () => (await packed)[1], controller.signal, progress('backtest')),
    ),
  ]);
  return withBacktests(lof as LofStageResult, backtests as LofBacktest[], backtestHorizons(inputs));
}
