// The risk strategy's projects after its first year (issue 39: a 20-year, three-scenario programme on 100,000 pipes
// within a minute). The auto planner's candidate generation (planner/candidates.ts) costs most of a plan, so it runs
// once for several years' money and its connected groups are re-scored each year with the pipes' aged risk; a group
// holding a renewed main is dropped. When what is left of the pool costs less than twice the year's money, it is
// generated again from the mains not yet renewed, as it is when a year from it would leave a tenth of its money
// unspent. Each year spends by the planner's greedy rule: best risk removed
// per cost first, a project taken when it fits and shares no main with one taken.
import { density } from '../planner/grow.ts';
import { DEFAULT_MAX_CANDIDATES, generateCandidates } from '../planner/candidates.ts';
import { buildPlannerNetwork } from '../planner/network.ts';
import type { Candidate, PlannerPipe } from '../planner/types.ts';
import type { YearSelection, YearState } from './strategies.ts';
import type { ProgrammeNetwork } from './types.ts';

/** A pool is generated for this many years of the current year's money. */
export const POOL_YEARS = 5;
const REGENERATE_BELOW = 2;
/** A year from an older pool that spends less than this share of its money is planned again from a fresh one. */
const SPEND_AT_LEAST = 0.9;

export class ProjectPool {
  private candidates: Candidate[] = [];
  private readonly taken: Uint8Array;

  constructor(
    private readonly net: ProgrammeNetwork,
    private readonly maxCandidates = DEFAULT_MAX_CANDIDATES,
  ) {
    this.taken = new Uint8Array(net.pipes.length);
  }

  selectYear(state: YearState): YearSelection {
    if (!(state.available > 0)) return { groups: [], spend: 0 };
    let fresh = false;
    let live = this.liveCandidates(state);
    if (this.costOf(live) < REGENERATE_BELOW * state.available) {
      this.generate(state);
      fresh = true;
      live = this.liveCandidates(state);
    }
    const selection = this.greedy(live, state);
    // A worn pool can leave money unspent that fresh groups would use: the year would renew less than it can.
    if (fresh || selection.spend >= SPEND_AT_LEAST * state.available) return selection;
    this.generate(state);
    return this.greedy(this.liveCandidates(state), state);
  }

  private generate(state: YearState): void {
    const pipes: PlannerPipe[] = this.net.pipes.map((p, i) => ({
      id: i,
      lengthM: p.lengthM,
      cost: state.renewed[i] === 1 ? null : p.cost,
      risk: state.risk[i]!,
      from: p.from,
      to: p.to,
    }));
    const plannerNet = buildPlannerNetwork(pipes, this.net.maxLengthM);
    this.candidates = generateCandidates(plannerNet, {
      minLengthM: this.net.minLengthM,
      maxLengthM: this.net.maxLengthM,
      budget: POOL_YEARS * state.available,
      maxCandidates: this.maxCandidates,
    }).candidates;
  }

  /** Indices of the candidates with no renewed main, and their risk this year. */
  private liveCandidates(state: YearState): { index: number; risk: number }[] {
    const live: { index: number; risk: number }[] = [];
    this.candidates.forEach((c, k) => {
      let risk = 0;
      for (const p of c.pipes) {
        if (state.renewed[p] === 1) return;
        risk += state.risk[p]!;
      }
      live.push({ index: k, risk });
    });
    return live;
  }

  private costOf(live: readonly { index: number }[]): number {
    return live.reduce((s, l) => s + this.candidates[l.index]!.cost, 0);
  }

  private greedy(live: { index: number; risk: number }[], state: YearState): YearSelection {
    const cost = (l: { index: number }) => this.candidates[l.index]!.cost;
    const ranked = live
      .filter((l) => l.risk > 0 && cost(l) <= state.available)
      .sort(
        (a, b) => density(b.risk, cost(b)) - density(a.risk, cost(a)) || b.risk - a.risk || a.index - b.index,
      );
    const groups: number[][] = [];
    let spend = 0;
    for (const l of ranked) {
      const c = this.candidates[l.index]!;
      if (spend + c.cost > state.available || c.pipes.some((p) => this.taken[p] === 1)) continue;
      for (const p of c.pipes) this.taken[p] = 1;
      spend += c.cost;
      groups.push(Array.from(c.pipes));
    }
    for (const g of groups) for (const p of g) this.taken[p] = 0;
    return { groups, spend };
  }
}
