// The engine's stages are CPU-bound for seconds to minutes (LOF training on 100k pipes ≈ 2 min): they run in a
// worker thread so the API in the same process keeps answering (npm start runs API and worker together).
import { Worker } from 'node:worker_threads';
import type {
  CofPipeFigures,
  CofStageResult,
  DatasetInputs,
  LofStageResult,
  PreprocessResult,
} from '@pipewise/engine';

export type StageCall =
  | { stage: 'preprocess'; inputs: DatasetInputs }
  | { stage: 'lof'; inputs: DatasetInputs; pre: PreprocessResult }
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
    : CofStageResult;

export function computeInThread<C extends StageCall>(call: C): Promise<ResultOf<C>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compute.boot.mjs', import.meta.url), {
      workerData: call,
      // A stage allocates millions of short-lived objects (the network, per-pipe results): a young generation 4×
      // V8's default (semi-spaces of 64 MB) spends ~10 % less time collecting (COF stage, 100k pipes).
      resourceLimits: { maxYoungGenerationSizeMb: 192 },
    });
    let settled = false;
    worker.once('message', (m: { ok: boolean; result?: unknown; message?: string; stack?: string }) => {
      settled = true;
      if (m.ok) resolve(m.result as ResultOf<C>);
      else reject(Object.assign(new Error(m.message), { stack: m.stack }));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`analysis thread for ${call.stage} exited with code ${code}`));
    });
  });
}
