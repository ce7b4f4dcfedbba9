import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CANDIDATES, generateCandidates } from './candidates.ts';
import { EXACT_MAX_PIPES } from './enumerate.ts';
import { buildPlannerNetwork } from './network.ts';
import { PlannerBuilder, randomSpecs } from './testing.ts';
import type { Candidate, PlannerPipe } from './types.ts';

const idsOf = (pipes: readonly PlannerPipe[], c: Candidate) => Array.from(c.pipes, (p) => pipes[p]!.id);

function generate(
  pipes: readonly PlannerPipe[],
  min: number,
  max: number,
  budget = 1e9,
  maxCandidates?: number,
) {
  const net = buildPlannerNetwork(pipes, max);
  const bounds = {
    minLengthM: min,
    maxLengthM: max,
    budget,
    maxCandidates: maxCandidates ?? DEFAULT_MAX_CANDIDATES,
  };
  return generateCandidates(net, bounds);
}

/** Every candidate: connected through shared nodes, within the bounds, costed pipes only, unique. */
function expectWellFormed(
  pipes: readonly PlannerPipe[],
  candidates: readonly Candidate[],
  min: number,
  max: number,
) {
  const keys = new Set<string>();
  for (const c of candidates) {
    const members = Array.from(c.pipes, (p) => pipes[p]!);
    expect(members.every((p) => p.cost !== null)).toBe(true);
    expect(c.lengthM).toBeGreaterThanOrEqual(min);
    expect(c.lengthM).toBeLessThanOrEqual(max);
    expect(c.lengthM).toBeCloseTo(
      members.reduce((s, p) => s + p.lengthM, 0),
      9,
    );
    expect(c.cost).toBeCloseTo(
      members.reduce((s, p) => s + p.cost!, 0),
      9,
    );
    expect(c.risk).toBeCloseTo(
      members.reduce((s, p) => s + p.risk, 0),
      9,
    );
    const reached = new Set([members[0]!.from, members[0]!.to]);
    const left = new Set(members.slice(1));
    for (let grew = true; grew;) {
      grew = false;
      for (const p of left) {
        if (!reached.has(p.from) && !reached.has(p.to)) continue;
        [p.from, p.to].forEach((v) => reached.add(v));
        left.delete(p);
        grew = true;
      }
    }
    expect(left.size).toBe(0);
    const key = Array.from(c.pipes).join(',');
    expect(keys.has(key)).toBe(false);
    keys.add(key);
  }
}

describe('candidate generation', () => {
  it('enumerates every connected group within the bounds on a tiny network', () => {
    // A path of 4 pipes of 100 m: groups of 2 adjacent pipes are the only ones in [150, 250].
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c', 'd', 'e'], Array(4).fill({ lengthM: 100 }))
      .build();
    const { candidates, exact } = generate(pipes, 150, 250);
    expect(exact).toBe(true);
    expect(candidates.map((c) => idsOf(pipes, c)).sort()).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
  });

  it('joins pipes only through shared nodes, and counts a star as connected', () => {
    // Star of three 100 m pipes at hub h, plus a detached pipe: 2-pipe groups come from the star only.
    const pipes = new PlannerBuilder()
      .pipe('h', 'a', { lengthM: 100 })
      .pipe('h', 'b', { lengthM: 100 })
      .pipe('h', 'c', { lengthM: 100 })
      .pipe('x', 'y', { lengthM: 100 })
      .build();
    const { candidates } = generate(pipes, 200, 300);
    expect(candidates.map((c) => idsOf(pipes, c)).sort()).toEqual([
      [1, 2],
      [1, 2, 3],
      [1, 3],
      [2, 3],
    ]);
  });

  it('never uses an uncosted pipe or one longer than the maximum, not even as a connector', () => {
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c'], [{ lengthM: 100 }, { lengthM: 100, cost: null }])
      .chain(['c', 'd', 'e'], [{ lengthM: 100 }, { lengthM: 900 }])
      .build();
    const { candidates } = generate(pipes, 100, 500);
    const used = new Set(candidates.flatMap((c) => idsOf(pipes, c)));
    expect(used.has(2)).toBe(false);
    expect(used.has(4)).toBe(false);
    // Pipe 1 and pipe 3 would connect only through the uncosted pipe 2.
    expect(candidates.some((c) => idsOf(pipes, c).length > 1)).toBe(false);
  });

  it('grows well-formed candidates on a network too large to enumerate', () => {
    const specs = randomSpecs(7, 220, 0.05);
    const pipes = new PlannerBuilder().grid(10, 12, (k) => specs[k]!).build();
    expect(pipes.length).toBeGreaterThan(EXACT_MAX_PIPES);
    const { candidates, exact, cheapestCost } = generate(pipes, 500, 1000, 5000);
    expect(exact).toBe(false);
    expect(candidates.length).toBeGreaterThan(50);
    expectWellFormed(pipes, candidates, 500, 1000);
    expect(cheapestCost).toBe(Math.min(...candidates.map((c) => c.cost)));
  });

  it('crosses a low-risk connector to reach high-risk pipes behind it', () => {
    // Two risky 300 m pairs joined by a riskless 100 m pipe; min 700 m needs both sides.
    const risky = { lengthM: 150, risk: 1 };
    const pipes = new PlannerBuilder()
      .chain(['a', 'b', 'c', 'd', 'e', 'f'], [risky, risky, { lengthM: 100, risk: 0 }, risky, risky])
      .chain(
        ['a', 'z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7', 'z8', 'z9', 'z10', 'z11', 'z12', 'z13'],
        Array(13).fill({ lengthM: 150, risk: 0.01 }),
      )
      .build();
    const { candidates, exact } = generate(pipes, 700, 800);
    expect(exact).toBe(false);
    expect(candidates.some((c) => [1, 2, 3, 4, 5].every((id) => idsOf(pipes, c).includes(id)))).toBe(true);
  });

  it('stops at maxCandidates', () => {
    const specs = randomSpecs(3, 400);
    const pipes = new PlannerBuilder().grid(14, 14, (k) => specs[k]!).build();
    expect(generate(pipes, 300, 1000, 1e9, 25).candidates).toHaveLength(25);
  });

  it('looks beyond the seed pool when nothing there is affordable', () => {
    // 300 costly risky pipes; far away, one cheap riskless pair is the only project within the budget.
    const pipes = new PlannerBuilder()
      .chain(
        Array.from({ length: 301 }, (_, i) => `n${i}`),
        Array(300).fill({ lengthM: 100, cost: 1000, risk: 1 }),
      )
      .chain(
        ['p', 'q', 'r'],
        [
          { lengthM: 100, cost: 10, risk: 0 },
          { lengthM: 100, cost: 10, risk: 0 },
        ],
      )
      .build();
    const { cheapestCost, candidates } = generate(pipes, 200, 200, 100);
    expect(cheapestCost).toBe(20);
    expect(candidates.some((c) => c.cost === 20)).toBe(true);
  });
});
