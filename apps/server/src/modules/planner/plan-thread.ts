// The auto planner is CPU-bound (candidate generation, then a MILP in WebAssembly for up to its time limit): it runs
// in a worker thread so the API in the same process keeps answering (lib/one-shot-thread.ts).
import type { AutoPlanResult } from '@pipewise/engine';
import type { StandardRepairCost } from '@pipewise/domain';
import type { PlanInputPipe } from './plan-inputs.repository.ts';
import { runOnce } from '../../lib/one-shot-thread.ts';

export interface PlanThreadInput {
  pipes: PlanInputPipe[];
  rates: StandardRepairCost;
  perLengthUnit: 'm' | 'ft';
  budget: number;
  minLengthM: number;
  maxLengthM: number;
  timeLimitS?: number;
}

export const planInThread = (input: PlanThreadInput): Promise<AutoPlanResult> =>
  runOnce<AutoPlanResult>(new URL('./plan.boot.mjs', import.meta.url), input);
