// LOF of valve isolation segments and of areas (mesh cells, districts, custom zones).
// - Segment: P(at least one member breaks) = 1 − Π(1 − lof_i) per horizon and expected breaks per km
//   (vis/lof.ts LofAccumulator), members taken from the stored preprocess segments.
// - Area: pipes and length of its non-abandoned members; lof12 = 1 − Π(1 − lof12_i) over its scored
//   members (null when none is scored); risk drivers = the five codes with the highest
//   Σ_i lofAbsolute12_i × DRIVER_POSITION_WEIGHTS[position of the code in pipe i's drivers], i.e. a pipe's
//   strongest driver counts 5×, its fifth 1×, scaled by the pipe's expected breaks (ties: lower code first);
//   totalCof and totalBre = Σ of its members' COF and BRE (once the COF stage has priced them; else 0).
// - Area, what tells areas apart (issue 15): lof12 saturates — over 5,000 pipes of 1 % each it is 1 − 0.99^5000,
//   100 % in every district — so an area also gets its expected breaks in a year (Σ of its members', see
//   expectedBreaks12 below), from which its breaks per km and year follow, and the length of its members in the top
//   risk tiers (BRE level ≥ TOP_RISK_MIN_LEVEL: 'high' and 'very high'). Both are sums, so they grow with the area
//   and never saturate.
import { LOF_MONTHS, TOP_RISK_MIN_LEVEL } from '@pipewise/domain';
import { type ByHorizon, LofAccumulator } from '../vis/lof.ts';
import type {
  AreaResult,
  CofPipeFigures,
  DatasetAreaMembership,
  DatasetPipe,
  PipeLofResult,
  SegmentLof,
  SegmentRecord,
} from './types.ts';

export const DRIVER_POSITION_WEIGHTS: readonly number[] = [5, 4, 3, 2, 1];
const TOP_DRIVERS = 5;

/** The largest real (float4, the lof_12 column) below 1: a stored 1 stands for anything past 16.6 expected breaks. */
const MAX_STORED_PROBABILITY = 1 - 2 ** -24;

/**
 * A pipe's expected breaks in 12 months. The LOF model's own figure when there is one: lofAbsolute12 is the Poisson
 * mean Σ length × rate over the year (lof/score.ts), the quantity that adds up over pipes. Else the same mean
 * recovered from the stored probability, −ln(1 − lof12), since the model defines lof12 = 1 − exp(−lofAbsolute12): a
 * row that kept only the probability gives the same number, not a second estimate. Null for an unscored pipe.
 */
export function expectedBreaks12(
  figures: Pick<CofPipeFigures, 'lof12' | 'lofAbsolute12'> | undefined,
): number | null {
  if (figures === undefined) return null;
  if (figures.lofAbsolute12 != null) return figures.lofAbsolute12;
  const p = figures.lof12;
  if (p == null) return null;
  return -Math.log1p(-Math.min(Math.max(p, 0), MAX_STORED_PROBABILITY));
}

function byHorizon(values: Readonly<Record<string, number>> | null): Partial<ByHorizon<number>> | undefined {
  if (values === null) return undefined;
  return Object.fromEntries(LOF_MONTHS.map((m) => [m, values[String(m)]]));
}

function stringKeyed<T>(values: ByHorizon<T>): Record<string, T> {
  return Object.fromEntries(LOF_MONTHS.map((m) => [String(m), values[m]]));
}

export function segmentLofs(
  segments: readonly Pick<SegmentRecord, 'id' | 'pipeIds' | 'lengthM'>[],
  lofById: ReadonlyMap<string, Pick<PipeLofResult, 'lof' | 'lofAbsolute'>>,
): SegmentLof[] {
  return segments.map((s) => {
    const acc = new LofAccumulator();
    for (const id of s.pipeIds) {
      const l = lofById.get(id);
      if (l !== undefined) acc.add(byHorizon(l.lof), byHorizon(l.lofAbsolute));
    }
    return {
      segmentId: s.id,
      lof: stringKeyed(acc.lof()),
      expectedBreaksPerKm: stringKeyed(acc.breaksPerKm(s.lengthM)),
    };
  });
}

export function areaResults(
  areas: readonly DatasetAreaMembership[],
  pipesById: ReadonlyMap<string, Pick<DatasetPipe, 'lengthM' | 'abandoned'>>,
  lofById: ReadonlyMap<string, Pick<CofPipeFigures, 'lof12' | 'lofAbsolute12' | 'riskDrivers'>>,
  cofById: ReadonlyMap<
    string,
    { readonly cofTotal: number; readonly bre: number | null; readonly breLevel?: number | null }
  > = new Map(),
): AreaResult[] {
  return areas.map((area) => {
    let pipes = 0;
    let lengthM = 0;
    let logSurvival = 0;
    let scored = 0;
    let expected = 0;
    let topRiskLengthM = 0;
    let totalCof = 0;
    let totalBre = 0;
    const driverScore = new Map<number, number>();
    for (const id of area.pipeIds) {
      const pipe = pipesById.get(id);
      if (pipe === undefined || pipe.abandoned) continue;
      pipes++;
      lengthM += pipe.lengthM;
      const c = cofById.get(id);
      totalCof += c?.cofTotal ?? 0;
      totalBre += c?.bre ?? 0;
      if (c?.breLevel != null && c.breLevel >= TOP_RISK_MIN_LEVEL) topRiskLengthM += pipe.lengthM;
      const l = lofById.get(id);
      const p = l?.lof12;
      if (l === undefined || p == null) continue;
      scored++;
      logSurvival += p >= 1 ? -Infinity : Math.log1p(-p);
      expected += expectedBreaks12(l) ?? 0;
      const weight = l.lofAbsolute12 ?? 0;
      l.riskDrivers.slice(0, DRIVER_POSITION_WEIGHTS.length).forEach((code, k) => {
        driverScore.set(code, (driverScore.get(code) ?? 0) + weight * DRIVER_POSITION_WEIGHTS[k]!);
      });
    }
    const riskDrivers = [...driverScore]
      .filter(([, score]) => score > 0)
      .sort(([a, x], [b, y]) => y - x || a - b)
      .slice(0, TOP_DRIVERS)
      .map(([code]) => code);
    return {
      areaId: area.areaId,
      pipes,
      lengthM,
      lof12: scored === 0 ? null : -Math.expm1(logSurvival),
      expectedBreaks12: scored === 0 ? null : expected,
      topRiskLengthM,
      riskDrivers,
      totalCof,
      totalBre,
    };
  });
}
