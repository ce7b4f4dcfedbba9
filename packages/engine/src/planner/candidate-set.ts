// Deduplicated candidate projects. Neighbouring seeds often grow into the same group, so a candidate is
// keyed by its sorted pipe indices; the set keeps at most `limit` candidates, which bounds both memory and
// the MILP's size whatever the network's size.
import type { PlannerNetwork } from './network.ts';
import type { Candidate } from './types.ts';

export class CandidateSet {
  readonly candidates: Candidate[] = [];
  private readonly keys = new Set<string>();

  constructor(
    private readonly net: PlannerNetwork,
    readonly limit: number,
  ) {}

  get full(): boolean {
    return this.candidates.length >= this.limit;
  }

  /** Adds the group pipes[0 .. count) if new; returns whether it was added. */
  add(pipes: Int32Array, count: number): boolean {
    if (this.full || count === 0) return false;
    const sorted = pipes.slice(0, count).sort();
    const key = sorted.join(',');
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    let lengthM = 0;
    let cost = 0;
    let risk = 0;
    for (const p of sorted) {
      lengthM += this.net.lengthM[p]!;
      cost += this.net.cost[p]!;
      risk += this.net.risk[p]!;
    }
    this.candidates.push({ pipes: sorted, lengthM, cost, risk });
    return true;
  }
}
