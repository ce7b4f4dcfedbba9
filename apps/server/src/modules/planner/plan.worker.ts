// Thread entry of plan-thread.ts (loaded through plan.boot.mjs): repair costs, the network's nodes from the pipes'
// end points (ends within 0.5 m are one node), then the engine's planner. No I/O.
import { performance } from 'node:perf_hooks';
import { workerData } from 'node:worker_threads';
import { nodesFromEnds, planProjects, repairCost } from '@pipewise/engine';
import type { PlanThreadInput } from './plan-thread.ts';
import { answerOnce } from '../../lib/one-shot-thread.ts';
import { runInBackground } from '../../lib/thread-priority.ts';

// The API's thread first (lib/thread-priority.ts).
runInBackground();

const NODE_TOLERANCE_M = 0.5;

function run(input: PlanThreadInput) {
  const nodes = nodesFromEnds(input.pipes, NODE_TOLERANCE_M);
  return planProjects({
    pipes: input.pipes.map((p, i) => ({
      id: p.id,
      lengthM: p.lengthM,
      cost: repairCost(p.diameterMm, p.lengthM, input.rates, input.perLengthUnit),
      risk: p.risk,
      from: nodes[i]!.from,
      to: nodes[i]!.to,
    })),
    budget: input.budget,
    minLengthM: input.minLengthM,
    maxLengthM: input.maxLengthM,
    ...(input.timeLimitS === undefined ? {} : { timeLimitS: input.timeLimitS }),
    clock: () => performance.now(),
  });
}

answerOnce(() => run(workerData as PlanThreadInput));
