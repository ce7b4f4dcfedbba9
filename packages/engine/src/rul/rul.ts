// Remaining useful life: years until a pipe's predicted break rate (breaks per km·year) reaches a threshold,
// found by ageing the pipe in the LOF model one year at a time (its age and years since the last break
// advance; material, vintage and history stay). 0 = already at or above the threshold; 100 (domain
// RUL_OVER_LIMIT_YEARS, shown as '100+ years') = not reached within 100 years; null = n/a (no length, not
// laid yet). The trees cannot extrapolate: past the oldest age seen in training the rate stays flat.
//
// Default threshold 0.5 breaks/km/year. Shamir & Howard (1979, "An analytic approach to scheduling pipe
// replacement", JAWWA 71(5)) show replacement pays once the break rate's repair cost exceeds the annualised
// replacement cost; with typical North American repair/replacement cost ratios that break-even lies in the
// order of 0.3–1 breaks/km/year (Kleiner & Rajani 2001, Urban Water 3(3), review of such thresholds), and
// 0.5 is about six times the 2018 US/Canada average of ~0.09 breaks/km/year (Folkman 2018, Utah State
// University). It is a policy choice: configure it per utility.
import { RUL_OVER_LIMIT_YEARS } from '@pipewise/domain';
import { numericBin } from '../lof/binning.ts';
import { compileTree, leafOfPacked, walkTable, type CompiledTree } from '../lof/predict.ts';
import { packRows } from '../lof/tree.ts';
import { buildFrame, YEARS_SINCE_BREAK_CAP } from '../lof/features.ts';
import { binFrame } from '../lof/binning.ts';
import type { BreakHistory } from '../lof/history.ts';
import type { LofModel } from '../lof/model.ts';
import { exposureOf, isScorable } from '../lof/panel.ts';
import type { LofPipe } from '../lof/types.ts';

export interface RulOptions {
  readonly thresholdBreaksPerKmYear: number;
  /** Rates of shorter pipes are taken over this length, so one fitting on a 5 m stub is not 200/km. */
  readonly minLengthM: number;
  readonly maxYears: number;
}

export const DEFAULT_RUL_OPTIONS: RulOptions = {
  thresholdBreaksPerKmYear: 0.5,
  minLengthM: 100,
  maxYears: RUL_OVER_LIMIT_YEARS,
};

/** RUL in whole years per pipe (null = n/a; maxYears = not reached, '100+'). */
export function remainingUsefulLife(
  model: LofModel,
  pipes: readonly LofPipe[],
  history: BreakHistory,
  asOfYear: number,
  options: Partial<RulOptions> = {},
): (number | null)[] {
  const o = { ...DEFAULT_RUL_OPTIONS, ...options };
  const indices = Uint32Array.from(pipes.keys()).filter((i) => isScorable(pipes[i]!, asOfYear));
  const frame = buildFrame(pipes, history, model.context, { cutoffYear: asOfYear, pipeIndices: indices });
  const bins = binFrame(frame, model.booster.bins);
  const names = frame.specs.map((s) => s.name);
  const ageJ = names.indexOf('ageYears');
  const sinceJ = names.indexOf('yearsSinceLastBreak');
  const age0 = frame.columns[ageJ] as Float64Array;
  const since0 = frame.columns[sinceJ] as Float64Array;
  const edges = (j: number) => {
    const b = model.booster.bins[j]!;
    return b.kind === 'numeric' ? b.edges : [];
  };
  // Rows packed row-major and trees as lookup tables (predict.ts): the aged trees are walked again at every change
  // of the aged bins, up to ~100 times per pipe, so the walk is what RUL costs.
  const packed = packRows(
    bins,
    bins.map((_, j) => j),
  );
  const { data, stride } = packed;
  const atAge = packed.position[ageJ]!;
  const atSince = packed.position[sinceJ]!;
  const trees = model.booster.trees.map((t) => {
    const compiled = compileTree(t);
    return {
      compiled,
      t: walkTable(compiled, packed.position),
      aged: t.feature.some((f) => f === ageJ || f === sinceJ),
    };
  });
  const staticTrees = trees.filter((x) => !x.aged).map((x) => x.t);
  const agedTrees = trees.filter((x) => x.aged).map((x) => x.t);
  const agedCompiled = trees.filter((x) => x.aged).map((x) => x.compiled);
  const stack = new Int32Array(256);
  /**
   * The largest leaf value a tree can give this pipe over the years ahead: its static bins fixed, the aged ones
   * anywhere in [lo, hi] (age and years since the last break only grow: no new breaks are assumed).
   */
  const maxAhead = (t: CompiledTree, offset: number, range: Int32Array): number => {
    let best = -Infinity;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top]!;
      const f = t.feature[node]!;
      if (f < 0) {
        if (t.value[node]! > best) best = t.value[node]!;
        continue;
      }
      if (f === ageJ || f === sinceJ) {
        const k = f === ageJ ? 0 : 2;
        if (range[k]! <= t.threshold[node]!) stack[top++] = t.left[node]!;
        if (range[k + 1]! > t.threshold[node]!) stack[top++] = t.right[node]!;
        continue;
      }
      const b = data[offset + packed.position[f]!]!;
      const mask = t.masks[node];
      stack[top++] = (mask ? mask[b] === 1 : b <= t.threshold[node]!) ? t.left[node]! : t.right[node]!;
    }
    return best;
  };
  const range = new Int32Array(4);
  const ageEdges = edges(ageJ);
  const sinceEdges = edges(sinceJ);
  // Once both aged features sit in their final bins the rate cannot change any more.
  const finalKey = ageEdges.length * 256 + numericBin(sinceEdges, YEARS_SINCE_BREAK_CAP);
  const out: (number | null)[] = pipes.map(() => null);
  indices.forEach((pipeIndex, r) => {
    const offset = r * stride;
    let staticSum = model.booster.baseScore;
    for (const t of staticTrees) staticSum += t.value[leafOfPacked(t, data, offset)]!;
    const lengthM = pipes[pipeIndex]!.lengthM;
    // Expected breaks a year = exposure × e^F, exposure = (km)^β (lof/panel.ts exposureOf); per km of at least
    // minLengthM: e^F × km^β ÷ max(km, min km). With β = 1 this is ln(L ÷ max(L, min)).
    const logScale =
      Math.log(exposureOf(lengthM, model.panel)) - Math.log(Math.max(lengthM, o.minLengthM) / 1000);
    const logThreshold = Math.log(o.thresholdBreaksPerKmYear);
    // Most pipes never reach the threshold within the horizon (59 % of a 100k-pipe town): if even the largest value
    // each aged tree can reach stays below it, the answer is 100+ without walking the years (exact: every year's
    // rate is at most this bound).
    range[0] = numericBin(ageEdges, age0[r]!);
    range[1] = numericBin(ageEdges, age0[r]! + o.maxYears - 1);
    range[2] = numericBin(sinceEdges, Math.min(YEARS_SINCE_BREAK_CAP, since0[r]!));
    range[3] = numericBin(sinceEdges, Math.min(YEARS_SINCE_BREAK_CAP, since0[r]! + o.maxYears - 1));
    let bound = staticSum;
    for (const t of agedCompiled) bound += maxAhead(t, offset, range);
    if (bound + logScale < logThreshold) {
      out[pipeIndex] = o.maxYears;
      return;
    }
    let previousKey = -1;
    let f = 0;
    let years = o.maxYears;
    for (let k = 0; k < o.maxYears; k++) {
      const ageBin = numericBin(ageEdges, age0[r]! + k);
      const sinceBin = numericBin(sinceEdges, Math.min(YEARS_SINCE_BREAK_CAP, since0[r]! + k));
      const key = ageBin * 256 + sinceBin;
      if (key !== previousKey) {
        data[offset + atAge] = ageBin;
        data[offset + atSince] = sinceBin;
        f = staticSum;
        for (const t of agedTrees) f += t.value[leafOfPacked(t, data, offset)]!;
        previousKey = key;
      }
      if (f + logScale >= logThreshold) {
        years = k;
        break;
      }
      if (key === finalKey) break;
    }
    out[pipeIndex] = years;
  });
  return out;
}
