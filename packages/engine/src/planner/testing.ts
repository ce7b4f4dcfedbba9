// Test helpers for the planner (STYLE.md: builders, never a topology wired by hand in every test) and the
// brute-force references the optimiser is checked against. The references share no code with the planner.
import { mulberry32 } from '../random/mulberry32.ts';
import type { Candidate, PlannerPipe } from './types.ts';

export interface PipeSpec {
  readonly lengthM?: number;
  /** null = unknown diameter. Default: lengthM (a rate of 1 per metre). */
  readonly cost?: number | null;
  readonly risk?: number;
}

/** Planner pipes between named nodes; ids 1, 2, 3, … in order of declaration unless given. */
export class PlannerBuilder {
  private readonly nodes = new Map<string, number>();
  private readonly pipes: PlannerPipe[] = [];

  pipe(from: string, to: string, spec: PipeSpec = {}, id = this.pipes.length + 1): this {
    const lengthM = spec.lengthM ?? 100;
    this.pipes.push({
      id,
      lengthM,
      cost: spec.cost === undefined ? lengthM : spec.cost,
      risk: spec.risk ?? 1,
      from: this.node(from),
      to: this.node(to),
    });
    return this;
  }

  /** Pipes along the nodes in order, one spec per pipe (nodes.length − 1 of them). */
  chain(nodes: readonly string[], specs: readonly PipeSpec[]): this {
    for (let i = 1; i < nodes.length; i++) this.pipe(nodes[i - 1]!, nodes[i]!, specs[i - 1]);
    return this;
  }

  /** A rows × cols grid of nodes r,c joined horizontally then vertically; spec(k) for the k-th pipe. */
  grid(rows: number, cols: number, spec: (k: number) => PipeSpec): this {
    let k = 0;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c + 1 < cols; c++) this.pipe(`${r},${c}`, `${r},${c + 1}`, spec(k++));
    for (let r = 0; r + 1 < rows; r++)
      for (let c = 0; c < cols; c++) this.pipe(`${r},${c}`, `${r + 1},${c}`, spec(k++));
    return this;
  }

  build(): PlannerPipe[] {
    return [...this.pipes];
  }

  private node(name: string): number {
    let index = this.nodes.get(name);
    if (index === undefined) this.nodes.set(name, (index = this.nodes.size));
    return index;
  }
}

/** Random pipe specs from a seeded stream: lengths 50–450 m, costs 0.5–2 per metre, risks 0–1. */
export function randomSpecs(seed: number, count: number, uncostedShare = 0): PipeSpec[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const lengthM = Math.round(50 + 400 * random());
    const cost = random() < uncostedShare ? null : Math.round(lengthM * (0.5 + 1.5 * random()));
    return { lengthM, cost, risk: Math.round(1000 * random()) / 1000 };
  });
}

/** Best Σ risk of pairwise disjoint candidates within the budget, by trying every subset. */
export function bruteForceBestRisk(candidates: readonly Candidate[], budget: number): number {
  let best = 0;
  const visit = (k: number, used: Set<number>, cost: number, risk: number): void => {
    best = Math.max(best, risk);
    for (let j = k; j < candidates.length; j++) {
      const c = candidates[j]!;
      if (cost + c.cost > budget || Array.from(c.pipes).some((p) => used.has(p))) continue;
      const next = new Set(used);
      for (const p of c.pipes) next.add(p);
      visit(j + 1, next, cost + c.cost, risk + c.risk);
    }
  };
  visit(0, new Set(), 0, 0);
  return best;
}

/**
 * Best Σ risk over every way to pick disjoint connected groups of costed pipes with lengths in
 * [min, max] and total cost within the budget: all subsets of pipes, connectivity by union-find.
 */
export function bruteForcePlanRisk(
  pipes: readonly PlannerPipe[],
  budget: number,
  min: number,
  max: number,
): number {
  const costed = pipes.filter((p) => p.cost !== null);
  const groups: Candidate[] = [];
  for (let mask = 1; mask < 1 << costed.length; mask++) {
    const members = costed.filter((_, i) => mask & (1 << i));
    const lengthM = members.reduce((s, p) => s + p.lengthM, 0);
    if (lengthM < min || lengthM > max || !connected(members)) continue;
    groups.push({
      pipes: Int32Array.from(members, (p) => p.id),
      lengthM,
      cost: members.reduce((s, p) => s + p.cost!, 0),
      risk: members.reduce((s, p) => s + p.risk, 0),
    });
  }
  return bruteForceBestRisk(groups, budget);
}

function connected(members: readonly PlannerPipe[]): boolean {
  const parent = new Map<number, number>();
  const find = (v: number): number => {
    while (parent.get(v) !== undefined && parent.get(v) !== v) v = parent.get(v)!;
    return v;
  };
  for (const p of members) {
    if (!parent.has(p.from)) parent.set(p.from, p.from);
    if (!parent.has(p.to)) parent.set(p.to, p.to);
    parent.set(find(p.from), find(p.to));
  }
  return new Set(members.map((p) => find(p.from))).size === 1;
}
