// Issue 38: in valve mode a pipe of 76–92 people had $0 without water. A dataset's people are along its pipes; they
// were split onto the pipes' end nodes, so a pipe valved at both ends (a segment of the pipe alone, no node) closed
// with nobody in it. Every pipe's own people are out when its segment is closed, in every mode.
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { switchCalculation } from '../cof/scenario.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { basePopulation } from './population.ts';
import { preprocessDataset } from './preprocess.ts';
import { smallTown, townDataset } from './testing.ts';

const inputs = townDataset(smallTown(800, 5));
const pre = preprocessDataset(inputs);
const lof = lofStage(inputs, pre);

describe('customers without water of a dataset in valve mode', () => {
  it('count the people along the isolated pipes, also for a pipe that is a segment of its own', async () => {
    const base = defaultCofScenario('US');
    const valve = { ...base, costMaster: switchCalculation(base.costMaster, 'valve') };
    const cof = await cofStage({ ...inputs, cofScenario: valve }, cofFigures(pre.pipes, lof.pipes));
    const segmentOf = new Map(pre.segments.flatMap((s) => s.pipeIds.map((id) => [id, s] as const)));
    let alone = 0;
    for (const pipe of inputs.pipes.filter((p) => !p.abandoned)) {
      const own = basePopulation(pipe.population);
      const row = cof.pipes.find((r) => r.pipeId === pipe.id)!.cof;
      const segment = segmentOf.get(pipe.id)!;
      // The segment's own people are the VIS panel's (preprocess) population of the segment.
      expect(row['segmentCustomers']).toBeCloseTo(segment.population, 6);
      expect(row['customersWithoutWater']).toBeGreaterThanOrEqual(own - 1e-9);
      if (segment.pipeIds.length === 1 && own > 0) {
        alone++;
        expect(row['noWater']).toBeGreaterThan(0);
      }
    }
    expect(alone).toBeGreaterThan(0);
  });
});
