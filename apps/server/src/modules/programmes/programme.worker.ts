// Thread entry of programme-thread.ts (loaded through programme.boot.mjs): renewal costs, the network's nodes from
// the mains' end points (ends within 0.5 m are one node, as the auto planner's), then the engine's programme. No I/O.
import { workerData } from 'node:worker_threads';
import { nodesFromEnds, programmeNetwork, repairCost, runProgramme } from '@pipewise/engine';
import { answerOnce } from '../../lib/one-shot-thread.ts';
import { runInBackground } from '../../lib/thread-priority.ts';
import type { ProgrammeThreadInput } from './programme-thread.ts';

runInBackground();

const NODE_TOLERANCE_M = 0.5;

async function run(input: ProgrammeThreadInput, progress: (fraction: number) => void) {
  const nodes = nodesFromEnds(input.pipes, NODE_TOLERANCE_M);
  const { network, ...built } = programmeNetwork(
    input.pipes.map((p, i) => ({
      ...p,
      cost: repairCost(p.diameterMm, p.lengthM, input.rates, input.perLengthUnit),
      from: nodes[i]!.from,
      to: nodes[i]!.to,
    })),
    {
      asOfYear: input.asOfYear,
      startYear: input.startYear,
      ageing: input.ageing,
      yearlyBreaks: input.yearlyBreaks,
      minLengthM: input.minLengthM,
      maxLengthM: input.maxLengthM,
    },
  );
  let last = -1;
  const result = await runProgramme(
    {
      network,
      horizonYears: input.horizonYears,
      strategy: input.strategy,
      criterion: input.criterion,
      scenarios: input.scenarios,
      timeLimitS: input.timeLimitS,
    },
    (fraction) => {
      // A message per percent at most.
      if (fraction - last < 0.01 && fraction < 1) return;
      last = fraction;
      progress(fraction);
    },
  );
  return { result, built, dispersion: network.dispersion ?? 1 };
}

answerOnce((progress) => run(workerData as ProgrammeThreadInput, progress));
