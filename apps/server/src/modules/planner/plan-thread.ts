// The auto planner is CPU-bound (candidate generation, then a MILP in WebAssembly for up to its time limit): it runs
// in a worker thread so the API in the same process keeps answering (as modules/analysis/compute-thread.ts).
import { Worker } from 'node:worker_threads';
import type { AutoPlanResult } from '@pipewise/engine';
import type { StandardRepairCost } from '@pipewise/domain';
import type { PlanInputPipe } from './plan-inputs.repository.ts';

export interface PlanThreadInput {
  pipes: PlanInputPipe[];
  rates: StandardRepairCost;
  perLengthUnit: 'm' | 'ft';
  budget: number;
  minLengthM: number;
  maxLengthM: number;
  timeLimitS?: number;
}

export function planInThread(input: PlanThreadInput): Promise<AutoPlanResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./plan.boot.mjs', import.meta.url), { workerData: input });
    let settled = false;
    worker.once(
      'message',
      (m: { ok: boolean; result?: AutoPlanResult; message?: string; stack?: string }) => {
        settled = true;
        if (m.ok) resolve(m.result!);
        else reject(Object.assign(new Error(m.message), { stack: m.stack }));
        void worker.terminate();
      },
    );
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`planner thread exited with code ${code}`));
    });
  });
}
