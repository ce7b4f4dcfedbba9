// Every parse of an uploaded file (its layers at upload, features for inspect, materials, validate and the import
// job) runs in a worker thread with a time and a memory budget (issue 18): a GeoPackage with a recursive view held
// the API 26 s, a 100k-pipe .inp 37.8 s and a 50 MB GeoJSON 10.5 s, every tenant waiting. The pattern is the
// analysis's (modules/analysis/compute-thread.ts): a plain .mjs entry that registers tsx, a message protocol, and
// terminate() to end a thread that ran out of its budget; threads that end a parse cleanly are kept warm for the
// next (parse-pool.ts). Validation's whole pass over the file (rows, a pipes layer's network check) runs there too.
import type { Worker } from 'node:worker_threads';
import {
  ImportFileError,
  type CsvReadOptions,
  type ImportFeature,
  type ImportFile,
  type LayerInfo,
} from './parse/index.ts';
import type { ValidationScan, ValidationScanCall } from './validate-scan.ts';
import { acquireThread, discard, giveBack, warmThread, type Lease } from './parse-pool.ts';

export interface ParseBudget {
  /** Time one parse may keep its caller waiting, summed over its waits (the import job's writes do not count). */
  readonly timeMs: number;
  /** The thread's V8 heap; inflated zip entries and sql.js's database sit outside it and have limits of their own. */
  readonly heapMb: number;
}

let budget: ParseBudget = { timeMs: 300_000, heapMb: 2048 };

/** Changes the budget of the parses started from now on (tests); answers the undo. */
export function setParseBudget(change: Partial<ParseBudget>): () => void {
  const before = budget;
  budget = { ...budget, ...change };
  return () => void (budget = before);
}

let running = 0;
/** Parses under way in this process (tests watch a parse in progress through it). */
export const parsesRunning = () => running;

/** How long a thread may take to leave a parse its caller left before it is terminated. */
const CANCEL_GRACE_MS = 5000;

/**
 * A file to parse: an upload on disk, which the thread reads from its path (the API's process holds only its first
 * bytes, for the format: issue 18, a 1 GB upload had been read whole into the API for every wizard step), or bytes
 * in memory (tests, small files).
 */
export type ParseSource = ImportFile | UploadOnDisk;

export interface UploadOnDisk {
  readonly name: string;
  readonly path: string;
  /** The file's first HEAD_BYTES bytes. */
  readonly head: Uint8Array;
}

/** Bytes enough to tell a format by its signature (parse/index.ts detectFormat). */
export const HEAD_BYTES = 4096;

/** The first bytes of a file, to tell its format. */
export const headOf = (file: ParseSource): Uint8Array =>
  'path' in file ? file.head : file.bytes.subarray(0, HEAD_BYTES);

type FileCall = { file: { name: string; path: string } | ImportFile; options: CsvReadOptions };

/**
 * What of each feature crosses to the caller: without `geometry` none (inspect and the material list read only
 * attributes, and one line of a million vertices took 0.8 s to take in on the API's thread), and only `columns`.
 */
export interface FeatureFields {
  readonly geometry: boolean;
  readonly columns?: readonly string[];
  /** Longer text values are cut to this many characters and '…' (a 20 MB cell in the wizard's sample table). */
  readonly maxText?: number;
}

export type ParseCall =
  | (FileCall & { op: 'layers' })
  | (FileCall & { op: 'features'; batch: number; fields?: FeatureFields })
  | { op: 'validate'; file: FileCall['file']; scan: ValidationScanCall };

/** A defect of the file with its ImportFileError fields, or anything else the parser threw. */
export type ThreadError =
  | { kind: 'file'; message: string; info: Record<string, unknown> }
  | { kind: 'other'; message: string; stack?: string };

export type ParseReply =
  | { layers: LayerInfo[] }
  | { validation: ValidationScan }
  | { features: ImportFeature[]; done: boolean }
  | { error: ThreadError }
  /** The thread finished the parse and takes the next. */
  | { free: true };

/** A parse to start; one more batch; the caller left. */
export type ToThread = { call: ParseCall } | 'next' | 'cancel';

/** A thread made ready for a parse that is about to start (an upload whose body is arriving). */
export const warmParseThread = (): void => warmThread(budget.heapMb);

/** The layers of the file (parse/layers.ts listLayers), read in a thread. */
export async function layersInThread(file: ParseSource, options: CsvReadOptions = {}): Promise<LayerInfo[]> {
  const run = new ParseRun({ op: 'layers', file: sourceOf(file), options }, file.name);
  try {
    const reply = await run.next();
    if (!('layers' in reply)) throw new Error('the parse thread answered out of turn');
    return reply.layers;
  } finally {
    run.stop();
  }
}

/** Validation's pass over the file (validate-scan.ts), made in a thread (same budget as a parse). */
export async function validationScanInThread(
  file: ParseSource,
  scan: ValidationScanCall,
): Promise<ValidationScan> {
  const run = new ParseRun({ op: 'validate', file: sourceOf(file), scan }, file.name);
  try {
    const reply = await run.next();
    if (!('validation' in reply)) throw new Error('the parse thread answered out of turn');
    return reply.validation;
  } finally {
    run.stop();
  }
}

/**
 * The features of one layer (parse/layers.ts readFeatures), read in a thread and handed over `batch` at a time.
 * The thread reads at most two batches ahead of the caller; leaving the loop early ends it.
 */
export async function* featuresInThread(
  file: ParseSource,
  options: CsvReadOptions = {},
  batch = 200,
  fields?: FeatureFields,
): AsyncGenerator<ImportFeature> {
  const call: ParseCall = { op: 'features', file: sourceOf(file), options, batch, ...(fields && { fields }) };
  const run = new ParseRun(call, file.name);
  try {
    run.ask(2);
    for (;;) {
      const reply = await run.next();
      if (!('features' in reply)) throw new Error('the parse thread answered out of turn');
      if (!reply.done) run.ask(1);
      yield* reply.features;
      if (reply.done) return;
    }
  } finally {
    run.stop();
  }
}

const sourceOf = (file: ParseSource): FileCall['file'] =>
  'path' in file ? { name: file.name, path: file.path } : { name: file.name, bytes: file.bytes };

/**
 * One parse on a thread of the pool; failures (the thread's, the budget's) reject the next wait. A thread that
 * ends its parse cleanly goes back to the pool; one out of its budget, failed, or slow to leave is terminated.
 */
class ParseRun {
  private readonly budget = budget;
  /** Null until the pool has a thread for this parse (parse-pool.ts limits how many parse at once). */
  private worker: Worker | null = null;
  /** The pool's lease of that thread: given back with it. */
  private lease: Lease | null = null;
  /** Batches asked for before the thread came. */
  private asked = 0;
  private readonly replies: ParseReply[] = [];
  private waiting: { resolve: (r: ParseReply) => void; reject: (e: Error) => void; since: number } | null =
    null;
  private failure: Error | null = null;
  private timer: NodeJS.Timeout | undefined;
  private spentMs = 0;
  /** The thread finished the parse (it said so); until then it is busy. */
  private free = false;
  private stopped = false;
  /** The thread was given back or terminated: this run no longer listens to it. */
  private handedOff = false;
  private readonly onMessage = (reply: ParseReply) => this.receive(reply);
  private readonly onError = (error: Error) => this.fail(this.threadError(error), true);
  private readonly onExit = (code: number) =>
    this.fail(new Error(`the parse thread of ${this.fileName} exited with code ${code}`), true);

  constructor(
    call: ParseCall,
    private readonly fileName: string,
  ) {
    running += 1;
    void acquireThread(this.budget.heapMb).then((lease) => this.start(lease, call));
  }

  private start(lease: Lease, call: ParseCall): void {
    if (this.stopped) {
      // The caller left while waiting for a thread: nothing was sent to it.
      giveBack(lease, this.budget.heapMb);
      return;
    }
    this.lease = lease;
    const worker = lease.worker;
    this.worker = worker;
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
    worker.postMessage({ call } satisfies ToThread);
    this.ask(this.asked);
    this.asked = 0;
    // The time budget counts from here, not from the wait for a thread.
    if (this.waiting) {
      this.waiting.since = performance.now();
      this.arm();
    }
  }

  ask(batches: number): void {
    if (!this.worker) this.asked += batches;
    else for (let i = 0; i < batches; i++) this.worker.postMessage('next' satisfies ToThread);
  }

  next(): Promise<ParseReply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject, since: performance.now() };
      if (this.worker) this.arm();
      this.settle();
    });
  }

  private arm(): void {
    this.timer = setTimeout(() => this.outOfTime(), Math.max(0, this.budget.timeMs - this.spentMs));
  }

  /** The caller is done: a thread still parsing is asked to leave, and ended if it does not within a moment. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    running -= 1;
    clearTimeout(this.timer);
    if (this.handedOff || !this.worker) return;
    if (this.free) return this.release();
    this.worker.postMessage('cancel' satisfies ToThread);
    this.timer = setTimeout(() => this.end(), CANCEL_GRACE_MS).unref();
  }

  private receive(reply: ParseReply): void {
    if ('free' in reply) {
      this.free = true;
      if (this.stopped) {
        clearTimeout(this.timer);
        this.release();
      }
      return;
    }
    if ('error' in reply) this.fail(errorOf(reply.error), false);
    else this.replies.push(reply);
    this.settle();
  }

  private settle(): void {
    const waiting = this.waiting;
    if (!waiting || (this.replies.length === 0 && this.failure === null)) return;
    this.waiting = null;
    clearTimeout(this.timer);
    this.spentMs += performance.now() - waiting.since;
    if (this.replies.length > 0) waiting.resolve(this.replies.shift()!);
    else waiting.reject(this.failure!);
  }

  /** `broken`: the thread itself failed or is stuck, so it is not given back. */
  private fail(error: Error, broken: boolean): void {
    if (broken) this.end();
    if (this.failure !== null) return;
    this.failure = error;
    this.settle();
  }

  private outOfTime(): void {
    const seconds = (this.budget.timeMs / 1000).toLocaleString('en', { maximumFractionDigits: 3 });
    this.fail(
      new ImportFileError({
        file: this.fileName,
        message: `reading it took longer than ${seconds} s, the most this server allows, and was stopped (a layer too large or too complex, such as an endless GeoPackage view?)`,
      }),
      true,
    );
  }

  private threadError(error: Error): Error {
    if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY') return error;
    return new ImportFileError({
      file: this.fileName,
      message: `reading it needed more than the ${this.budget.heapMb} MB of memory this server allows for one file, and was stopped`,
    });
  }

  /** This run stops listening to its thread (it has one: events come only from a thread it was given). */
  private detach(): Lease {
    const worker = this.worker!;
    worker.off('message', this.onMessage);
    worker.off('error', this.onError);
    worker.off('exit', this.onExit);
    return this.lease!;
  }

  private release(): void {
    if (this.handedOff) return;
    this.handedOff = true;
    giveBack(this.detach(), this.budget.heapMb);
  }

  /** Terminates the thread (stuck, failed or out of budget); it is not given back. */
  private end(): void {
    if (this.handedOff) return;
    this.handedOff = true;
    discard(this.detach());
  }
}

/** The thread's error as the caller would have seen it thrown in place: an ImportFileError keeps its fields. */
function errorOf(e: ThreadError): Error {
  if (e.kind === 'other') return Object.assign(new Error(e.message), e.stack ? { stack: e.stack } : {});
  const error = new ImportFileError({ ...(e.info as { file: string }), message: '' });
  error.message = e.message;
  return error;
}
