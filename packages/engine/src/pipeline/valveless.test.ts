// A network imported without its valves (pipes first, valves later: the wizard's natural first step) is one
// isolation segment per connected component. Pricing it must be as cheap as a valved one: a break's affected
// pipes are the segment's, named once by the segment, never copied into each of its pipes (n² in a segment).
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { switchCalculation } from '../cof/scenario.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { smallTown, townDataset } from './testing.ts';

const inputs = { ...townDataset(smallTown(3000, 11)), valves: [] };
const pre = preprocessDataset(inputs);
const lof = lofStage(inputs, pre);

describe('COF of a network without valves', () => {
  it('prices every pipe of a component with the whole component out of water', async () => {
    const base = defaultCofScenario('US');
    const valve = { ...base, costMaster: switchCalculation(base.costMaster, 'valve') };
    const cof = await cofStage({ ...inputs, cofScenario: valve }, cofFigures(pre.pipes, lof.pipes));
    expect(cof.summary.calculation).toBe('valve');
    const largest = [...pre.segments].sort((a, b) => b.pipeIds.length - a.pipeIds.length)[0]!;
    expect(largest.pipeIds.length).toBeGreaterThan(2500);
    const byId = new Map(cof.pipes.map((p) => [p.pipeId, p]));
    const customers = new Set(largest.pipeIds.map((id) => byId.get(id)!.cof['customersWithoutWater']));
    expect(customers.size).toBe(1);
    expect([...customers][0]).toBeCloseTo(largest.population, 6);
    expect(largest.population).toBeGreaterThan(0);
    // The per-pipe result holds figures only; the segment (preprocess segmentId) names the affected assets.
    for (const p of cof.pipes) expect(Object.keys(p)).not.toContain('affectedPipes');
  });
});
