import { PLAN_RESULT } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { planProjects } from './plan.ts';
import { PlannerBuilder, type PipeSpec, bruteForcePlanRisk, randomSpecs } from './testing.ts';
import type { AutoPlanInput, AutoPlanResult, PlannerPipe } from './types.ts';

const plan = (pipes: PlannerPipe[], budget: number, minLengthM: number, maxLengthM: number, extra = {}) =>
  planProjects({ pipes, budget, minLengthM, maxLengthM, mipRelGap: 0, ...extra });

/** Proposals are disjoint, connected, within the bounds and the budget, and add up. */
function expectValidPlan(
  pipes: readonly PlannerPipe[],
  input: Omit<AutoPlanInput, 'pipes'>,
  result: AutoPlanResult,
) {
  const byId = new Map(pipes.map((p) => [p.id, p]));
  const seen = new Set<number>();
  for (const proposal of result.proposals) {
    const members = proposal.pipeIds.map((id) => byId.get(id)!);
    for (const p of members) {
      expect(seen.has(p.id)).toBe(false);
      expect(p.cost).not.toBeNull();
      seen.add(p.id);
    }
    expect(proposal.lengthM).toBeGreaterThanOrEqual(input.minLengthM);
    expect(proposal.lengthM).toBeLessThanOrEqual(input.maxLengthM);
    expect(proposal.cost).toBeCloseTo(
      members.reduce((s, p) => s + p.cost!, 0),
      6,
    );
    expect(proposal.risk).toBeCloseTo(
      members.reduce((s, p) => s + p.risk, 0),
      9,
    );
    const nodes = new Set([members[0]!.from, members[0]!.to]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of members) {
        if ((nodes.has(p.from) || nodes.has(p.to)) && !(nodes.has(p.from) && nodes.has(p.to))) {
          [p.from, p.to].forEach((v) => nodes.add(v));
          grew = true;
        }
      }
    }
    expect(members.every((p) => nodes.has(p.from) && nodes.has(p.to))).toBe(true);
  }
  expect(result.totalCost).toBeLessThanOrEqual(input.budget);
  expect(result.totalCost).toBeCloseTo(
    result.proposals.reduce((s, p) => s + p.cost, 0),
    6,
  );
  expect(result.riskRemoved).toBeCloseTo(
    result.proposals.reduce((s, p) => s + p.risk, 0),
    9,
  );
  expect(result.riskRemoved).toBeGreaterThanOrEqual(result.greedyRiskRemoved - 1e-9);
  const ratios = result.proposals.map((p) => p.risk / p.cost);
  expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
}

describe('planProjects', () => {
  it('equals the brute-force optimum over every partition into projects on small networks', async () => {
    const shapes: [string, (specs: PipeSpec[]) => PlannerPipe[]][] = [
      [
        'path of 10',
        (s) =>
          new PlannerBuilder()
            .chain(
              Array.from({ length: 11 }, (_, i) => `n${i}`),
              s,
            )
            .build(),
      ],
      ['3×3 grid', (s) => new PlannerBuilder().grid(3, 3, (k) => s[k]!).build()],
      ['2×5 grid', (s) => new PlannerBuilder().grid(2, 5, (k) => s[k]!).build()],
    ];
    for (const [name, build] of shapes) {
      for (let seed = 1; seed <= 4; seed++) {
        const pipes = build(randomSpecs(seed, 13, 0.1));
        const total = pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
        const input = { budget: Math.round(total * 0.4), minLengthM: 300, maxLengthM: 700 };
        const result = await plan(pipes, input.budget, input.minLengthM, input.maxLengthM);
        const optimum = bruteForcePlanRisk(pipes, input.budget, input.minLengthM, input.maxLengthM);
        expect(result.riskRemoved, `${name}, seed ${seed}`).toBeCloseTo(optimum, 9);
        expect(result.optimalityGap).toBe(0);
        if (optimum > 0) expect(result.result).toBe(PLAN_RESULT.SUCCESS);
        expectValidPlan(pipes, input, result);
      }
    }
  }, 60_000);

  it('plans a network too large to enumerate: valid, at least the greedy, gap reported', async () => {
    const specs = randomSpecs(11, 400, 0.05);
    const pipes = new PlannerBuilder().grid(14, 14, (k) => specs[k]!).build();
    const total = pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
    const input = { budget: total * 0.1, minLengthM: 500, maxLengthM: 1000 };
    // A generous time limit: on a busy machine the first large solve in a process is slow (cold WebAssembly).
    const result = await planProjects({ pipes, ...input, timeLimitS: 50 });
    expect(result.result).toBe(PLAN_RESULT.SUCCESS);
    expect(result.proposals.length).toBeGreaterThan(3);
    expect(result.optimalityGap).toBeGreaterThanOrEqual(0);
    expect(result.optimalityGap).toBeLessThanOrEqual(1e-4);
    expect(result).toMatchObject({ stoppedAtTimeLimit: false, timeLimitS: 50 });
    expect(result.explanation.pipesUncosted).toBe(pipes.filter((p) => p.cost === null).length);
    expect(result.explanation.pipesConsidered).toBe(pipes.length);
    expectValidPlan(pipes, input, result);
  }, 60_000);

  it('says when the solver stopped at its time limit, and still answers a valid plan (the greedy at worst)', async () => {
    const specs = randomSpecs(11, 400, 0.05);
    const pipes = new PlannerBuilder().grid(14, 14, (k) => specs[k]!).build();
    const total = pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
    const input = { budget: total * 0.1, minLengthM: 500, maxLengthM: 1000 };
    const result = await planProjects({ pipes, ...input, timeLimitS: 1e-3 });
    expect(result).toMatchObject({ result: PLAN_RESULT.SUCCESS, stoppedAtTimeLimit: true, timeLimitS: 1e-3 });
    expect(result.solver.stoppedAtWorkLimit).toBe(false);
    expect(result.riskRemoved).toBeGreaterThanOrEqual(result.greedyRiskRemoved);
    expect(result.optimalityGap).toBeGreaterThan(0);
    expectValidPlan(pipes, input, result);
  }, 60_000);

  it('stops at its work limit with the same plan on every run, whatever the clock (issue 41)', async () => {
    const specs = randomSpecs(11, 400, 0.05);
    const pipes = new PlannerBuilder().grid(14, 14, (k) => specs[k]!).build();
    const total = pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
    const input = { pipes, budget: total * 0.1, minLengthM: 500, maxLengthM: 1000, mipRelGap: 0 };
    // A work limit that stops the search part-way, and a time limit far beyond it: what stops the solver is
    // counted work, so a slower or busier machine (here: one run with a clock that races) finds the same plan.
    let t = 0;
    const stopped = { ...input, timeLimitS: 50, workLimit: { nodes: 1e6, lpIterations: 40 } };
    const first = await planProjects(stopped);
    const second = await planProjects({ ...stopped, clock: () => (t += 1e6) });
    expect(first.solver.stoppedAtWorkLimit).toBe(true);
    expect(first.stoppedAtTimeLimit).toBe(false);
    const { timings: _a, ...firstPlan } = first;
    const { timings: _b, ...secondPlan } = second;
    expect(secondPlan).toEqual(firstPlan);
    expect(first.riskRemoved).toBeGreaterThanOrEqual(first.greedyRiskRemoved);
    expectValidPlan(pipes, input, first);
    // Unstopped, it proves the optimum, again the same each time.
    const proven = await planProjects({ ...input, timeLimitS: 50 });
    expect(proven.solver.stoppedAtWorkLimit).toBe(false);
    expect(proven.optimalityGap).toBe(0);
    expect(proven.riskRemoved).toBeGreaterThanOrEqual(first.riskRemoved - 1e-9);
    const { timings: _c, ...provenPlan } = proven;
    const { timings: _d, ...againPlan } = await planProjects({ ...input, timeLimitS: 50 });
    expect(againPlan).toEqual(provenPlan);
  }, 60_000);

  it('beats the greedy baseline when the best risk per cost crowds out a better pair', async () => {
    // Three separate 2-pipe runs; greedy takes A (ratio 2) and cannot afford another.
    const run = (cost: number, risk: number): PipeSpec[] => [
      { lengthM: 300, cost: cost / 2, risk: risk / 2 },
      { lengthM: 300, cost: cost / 2, risk: risk / 2 },
    ];
    const pipes = new PlannerBuilder()
      .chain(['a0', 'a1', 'a2'], run(600, 1200))
      .chain(['b0', 'b1', 'b2'], run(500, 900))
      .chain(['c0', 'c1', 'c2'], run(500, 900))
      .build();
    const result = await plan(pipes, 1000, 500, 700);
    expect(result.greedyRiskRemoved).toBe(1200);
    expect(result.riskRemoved).toBe(1800);
    expect(result.proposals.map((p) => p.pipeIds)).toEqual([
      [3, 4],
      [5, 6],
    ]);
  });

  it('says LOW_BUDGET with the cheapest project when no project fits the budget', async () => {
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c', 'd'], Array(3).fill({ lengthM: 300, cost: 300 }))
      .build();
    const result = await plan(pipes, 500, 500, 1000);
    expect(result.result).toBe(PLAN_RESULT.LOW_BUDGET);
    expect(result.proposals).toEqual([]);
    expect(result.explanation.cheapestProjectCost).toBe(600);
    expect(result.explanation.candidates).toBeGreaterThan(0);
  });

  it('says OUT_RANGED_PROJECT_SIZE with the longest run when no group meets the bounds', async () => {
    // Runs of 2 × 100 m and 3 × 100 m, min 500 m; the uncosted pipe does not join the runs.
    const short = { lengthM: 100 };
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c'], [short, short])
      .chain(['c', 'd'], [{ lengthM: 100, cost: null }])
      .chain(['d', 'e', 'f', 'g'], [short, short, short])
      .build();
    const result = await plan(pipes, 1e6, 500, 1000);
    expect(result.result).toBe(PLAN_RESULT.OUT_RANGED_PROJECT_SIZE);
    expect(result.explanation.longestRunM).toBe(300);
    expect(result.explanation.pipesUncosted).toBe(1);
    expect(result.explanation.candidates).toBe(0);
    // Every pipe longer than the maximum: no run at all.
    const long = new PlannerBuilder().chain(['a', 'b', 'c'], Array(2).fill({ lengthM: 1200 })).build();
    const tooLong = await plan(long, 1e6, 500, 1000);
    expect(tooLong.result).toBe(PLAN_RESULT.OUT_RANGED_PROJECT_SIZE);
    expect(tooLong.explanation.longestRunM).toBeNull();
  });

  it('still proposes affordable projects when no pipe has any risk', async () => {
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c'], Array(2).fill({ lengthM: 300, risk: 0 }))
      .build();
    const result = await plan(pipes, 1e6, 500, 1000);
    expect(result.result).toBe(PLAN_RESULT.SUCCESS);
    expect(result.proposals.map((p) => p.pipeIds)).toEqual([[1, 2]]);
    expect(result.riskRemoved).toBe(0);
  });

  it('measures time with the given clock only', async () => {
    let t = 0;
    const pipes = new PlannerBuilder().chain(['a', 'b', 'c'], Array(2).fill({ lengthM: 300 })).build();
    const result = await plan(pipes, 1e6, 500, 1000, { clock: () => (t += 5) });
    expect(result.timings).toEqual({ candidatesMs: 5, solveMs: 5 });
  });

  it('accepts a sparse node numbering (an area cut out of a larger network)', async () => {
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c'], Array(2).fill({ lengthM: 300 }))
      .build()
      .map((p) => ({ ...p, from: p.from * 1e9, to: p.to * 1e9 }));
    const result = await plan(pipes, 1e6, 500, 1000);
    expect(result.proposals.map((p) => p.pipeIds)).toEqual([[1, 2]]);
  });

  it('rejects invalid input with RangeError', async () => {
    const pipes = new PlannerBuilder().pipe('a', 'b').build();
    await expect(plan(pipes, 100, 600, 500)).rejects.toThrow(RangeError);
    await expect(plan(pipes, 0, 100, 500)).rejects.toThrow(RangeError);
    await expect(plan(pipes, Number.NaN, 100, 500)).rejects.toThrow(RangeError);
    await expect(plan(pipes, 100, Number.NaN, 500)).rejects.toThrow(RangeError);
    await expect(plan([{ ...pipes[0]!, risk: Number.NaN }], 100, 100, 500)).rejects.toThrow(RangeError);
    await expect(plan([{ ...pipes[0]!, lengthM: -1 }], 100, 100, 500)).rejects.toThrow(RangeError);
    await expect(plan([{ ...pipes[0]!, from: 1.5 }], 100, 100, 500)).rejects.toThrow(RangeError);
  });
});
