// A programme is CPU-bound for tens of seconds on a large network (three MILPs, then years of greedy planning and a
// bisection): it runs in a worker thread so the API in the same process keeps answering (as planner/plan-thread.ts).
// The thread posts its progress, then its result.
import { Worker } from 'node:worker_threads';
import type { ProgrammeBuild, ProgrammeResult } from '@pipewise/engine';
import type { ProgrammeStrategyName, StandardRepairCost } from '@pipewise/domain';
import type { ProgrammeAgeing, ProgrammeInputPipe } from './programme-inputs.repository.ts';

export interface ProgrammeThreadInput {
  pipes: ProgrammeInputPipe[];
  asOfYear: number;
  startYear: number;
  horizonYears: number;
  ageing: ProgrammeAgeing;
  strategy: ProgrammeStrategyName;
  criterion: 'bre' | 'lof';
  scenarios: { name: string; budgets: number[] }[];
  rates: StandardRepairCost;
  perLengthUnit: 'm' | 'ft';
  minLengthM: number;
  maxLengthM: number;
  timeLimitS: number;
}

export interface ProgrammeThreadOutput {
  result: ProgrammeResult;
  built: Omit<ProgrammeBuild, 'network'>;
}

type Message =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; output: ProgrammeThreadOutput }
  | { kind: 'failed'; message: string; stack?: string };

export function programmeInThread(
  input: ProgrammeThreadInput,
  onProgress: (fraction: number) => void,
): Promise<ProgrammeThreadOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./programme.boot.mjs', import.meta.url), { workerData: input });
    let settled = false;
    worker.on('message', (m: Message) => {
      if (m.kind === 'progress') return onProgress(m.fraction);
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
      if (!settled) reject(new Error(`programme thread exited with code ${code}`));
    });
  });
}
