import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random/mulberry32.ts';
import { greedySelect, riskOf } from './greedy.ts';
import { solveSelection } from './milp.ts';
import { bruteForceBestRisk } from './testing.ts';
import type { Candidate } from './types.ts';

const PIPES = 12;

/** Random candidates over PIPES pipes: 1–4 distinct pipes each, cost and risk independent of each other. */
function randomCandidates(seed: number, count: number): Candidate[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const pipes = new Set<number>();
    const size = 1 + Math.floor(4 * random());
    while (pipes.size < size) pipes.add(Math.floor(PIPES * random()));
    return {
      pipes: Int32Array.from([...pipes].sort((a, b) => a - b)),
      lengthM: 100 * size,
      cost: Math.round(10 + 90 * random()),
      risk: Math.round(1000 * random()) / 1000,
    };
  });
}

function expectFeasible(candidates: readonly Candidate[], selected: readonly number[], budget: number) {
  const pipes = selected.flatMap((k) => Array.from(candidates[k]!.pipes));
  expect(new Set(pipes).size).toBe(pipes.length);
  expect(selected.reduce((s, k) => s + candidates[k]!.cost, 0)).toBeLessThanOrEqual(budget);
}

const solve = (candidates: Candidate[], budget: number, warmStart: number[] = []) =>
  solveSelection(candidates, budget, PIPES, {
    timeLimitS: 10,
    mipRelGap: 0,
    workLimit: { nodes: 1e6, lpIterations: 1e6 },
    warmStart,
  });

describe('MILP selection of candidate projects', () => {
  it('removes exactly the brute-force optimum on random small instances', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const candidates = randomCandidates(seed, 14);
      const budget = Math.round(50 + 200 * mulberry32(seed + 1000)());
      const { selected, optimal, bound } = await solve(candidates, budget);
      expectFeasible(candidates, selected, budget);
      const optimum = bruteForceBestRisk(candidates, budget);
      expect(riskOf(candidates, selected), `seed ${seed}`).toBeCloseTo(optimum, 9);
      expect(optimal).toBe(true);
      expect(bound).toBeCloseTo(optimum, 6);
      // The greedy baseline is feasible and never better.
      const greedy = greedySelect(candidates, budget, PIPES);
      expectFeasible(candidates, greedy, budget);
      expect(riskOf(candidates, greedy)).toBeLessThanOrEqual(optimum + 1e-12);
    }
  }, 60_000);

  it('beats the greedy where the best risk per cost blocks a better pair', async () => {
    const c = (pipes: number[], cost: number, risk: number): Candidate => ({
      pipes: Int32Array.from(pipes),
      lengthM: 100,
      cost,
      risk,
    });
    // Greedy takes A (ratio 2) and then nothing fits; B + C remove 18.
    const candidates = [c([0], 6, 12), c([1], 5, 9), c([2], 5, 9)];
    const greedy = greedySelect(candidates, 10, PIPES);
    expect(riskOf(candidates, greedy)).toBe(12);
    const { selected } = await solve(candidates, 10, greedy);
    expect(selected.sort()).toEqual([1, 2]);
  });

  it('keeps overlapping candidates apart and skips riskless or unaffordable ones', async () => {
    const c = (pipes: number[], cost: number, risk: number): Candidate => ({
      pipes: Int32Array.from(pipes),
      lengthM: 100,
      cost,
      risk,
    });
    const candidates = [
      c([0, 1], 10, 5),
      c([1, 2], 10, 5),
      c([3], 10, 0),
      c([4], 1000, 100),
      c([2, 5], 10, 1),
    ];
    const { selected } = await solve(candidates, 100);
    expect(selected.sort()).toEqual([0, 4]);
    expect(await solve([c([3], 10, 0)], 100)).toEqual({
      selected: [],
      bound: 0,
      optimal: true,
      stoppedAtTimeLimit: false,
      stoppedAtWorkLimit: false,
      nodes: 0,
      lpIterations: 0,
    });
  });
});
