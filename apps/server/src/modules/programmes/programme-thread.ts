// A programme is CPU-bound for tens of seconds on a large network (three MILPs, then years of greedy planning and a
// bisection): it runs in a worker thread so the API in the same process keeps answering (as planner/plan-thread.ts).
// The thread posts its progress, then its result.
import type { ProgrammeBuild, ProgrammeResult } from '@pipewise/engine';
import type { ProgrammeStrategyName, StandardRepairCost } from '@pipewise/domain';
import { runOnce } from '../../lib/one-shot-thread.ts';
import type { ProgrammeAgeing, ProgrammeInputPipe } from './programme-inputs.repository.ts';

export interface ProgrammeThreadInput {
  pipes: ProgrammeInputPipe[];
  asOfYear: number;
  startYear: number;
  /** Breaks per calendar year before the scoring year (the interval's over-dispersion). */
  yearlyBreaks: number[];
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
  /** The over-dispersion the interval used (1 = Poisson). */
  dispersion: number;
}

export const programmeInThread = (
  input: ProgrammeThreadInput,
  onProgress: (fraction: number) => void,
): Promise<ProgrammeThreadOutput> =>
  runOnce<ProgrammeThreadOutput>(new URL('./programme.boot.mjs', import.meta.url), input, onProgress);
