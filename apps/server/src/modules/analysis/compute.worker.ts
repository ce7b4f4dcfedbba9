// Thread entry of compute-thread.ts (loaded through compute.boot.mjs): runs one engine stage on the data it was
// given and posts the result back. The only I/O here is reading EPANET's WASM for hydraulic COF.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  EPANET_WASM_RELATIVE_PATH,
  cofStage,
  lofBacktestStage,
  lofModelStage,
  preprocessDataset,
} from '@pipewise/engine';
import type { StageCall, ThreadMessage } from './compute-thread.ts';
import { runInBackground } from '../../lib/thread-priority.ts';

// The API's thread first (lib/thread-priority.ts).
runInBackground();

function epanetWasm(): Uint8Array {
  const main = createRequire(import.meta.url).resolve('epanet-js');
  return readFileSync(join(dirname(main), EPANET_WASM_RELATIVE_PATH));
}

const post = (message: ThreadMessage) => parentPort!.postMessage(message);

/** The engine's progress to the parent, in steps of at least 0.1 % (a message per tree built is plenty). */
function progressPoster(): (fraction: number) => void {
  let posted = 0;
  return (fraction) => {
    if (fraction - posted < 0.001 && fraction < 1) return;
    posted = fraction;
    post({ progress: fraction });
  };
}

async function run(call: StageCall) {
  const onProgress = progressPoster();
  switch (call.stage) {
    case 'preprocess':
      return preprocessDataset(call.inputs, onProgress);
    case 'lof':
      return lofModelStage(call.inputs, call.pre, onProgress);
    case 'lof-backtest':
      return lofBacktestStage(call.inputs, call.pre, onProgress);
    case 'cof':
      return cofStage(call.inputs, call.figures, {
        onProgress,
        client: { clientId: call.clientId, country: call.inputs.country },
        ...(call.preprocessSegments !== null ? { preprocessSegments: call.preprocessSegments } : {}),
        // The engine decides whether the scenario and the model allow a hydraulic run; it only needs EPANET.
        ...(call.inputs.epanetInp ? { hydraulic: { wasmBinary: epanetWasm() } } : {}),
      });
  }
}

run(workerData as StageCall).then(
  (result) => post({ ok: true, result }),
  (err: unknown) =>
    post({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
      ...(err instanceof Error && err.stack !== undefined ? { stack: err.stack } : {}),
    }),
);
