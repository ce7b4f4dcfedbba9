// Thread entry of compute-thread.ts (loaded through compute.boot.mjs): runs each engine stage it is sent, one at a
// time, and posts the result back; between stages it waits for the next (the thread is kept warm). The only I/O
// here is reading EPANET's WASM for hydraulic COF.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import {
  EPANET_WASM_RELATIVE_PATH,
  cofStage,
  lofBacktestStage,
  lofModelStage,
  preprocessDataset,
} from '@pipewise/engine';
import type { StageCall, StageMessage, ThreadMessage } from './compute-thread.ts';
import { packValue, transferList, unpackValue } from '../../lib/chunked-message.ts';
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

// The call and the result cross packed (lib/chunked-message.ts); this thread reads and packs them at once.
parentPort!.on('message', ({ stage, args }: StageMessage) => {
  Promise.resolve()
    .then(() => run({ stage, ...(unpackValue(args) as object) } as StageCall))
    .then((result) => {
      const message = { ok: true, result: packValue(result) } as const;
      parentPort!.postMessage(message, transferList(message.result));
    })
    .catch((err: unknown) =>
      post({
        ok: false,
        message: err instanceof Error ? err.message : String(err),
        ...(err instanceof Error && err.stack !== undefined ? { stack: err.stack } : {}),
      }),
    );
});
