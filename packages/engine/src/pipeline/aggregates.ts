// LOF of valve isolation segments and of areas (mesh cells, districts, custom zones).
// - Segment: P(at least one member breaks) = 1 − Π(1 − lof_i) per horizon and expected breaks per km
//   (vis/lof.ts LofAccumulator), members taken from the stored preprocess segments.
// - Area: pipes and length of its non-abandoned members; lof12 = 1 − Π(1 − lof12_i) over its scored
//   members (null when none is scored); risk drivers = the five codes with the highest
//   Σ_i lofAbsolute12_i × DRIVER_POSITION_WEIGHTS[position of the code in pipe i's drivers], i.e. a pipe's
//   strongest driver counts 5×, its fifth 1×, scaled by the pipe's expected breaks (ties: lower code first);
//   totalCof and totalBre = Σ of its members' COF and BRE (once the COF stage has priced them; else 0).
import { LOF_MONTHS } from '@pipewise/domain';
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
  cofById: ReadonlyMap<string, { readonly cofTotal: number; readonly bre: number | null }> = new Map(),
): AreaResult[] {
  return areas.map((area) => {
    let pipes = 0;
    let lengthM = 0;
    let logSurvival = 0;
    let scored = 0;
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
      const l = lofById.get(id);
      const p = l?.lof12;
      if (l === undefined || p == null) continue;
      scored++;
      logSurvival += p >= 1 ? -Infinity : Math.log1p(-p);
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
      riskDrivers,
      totalCof,
      totalBre,
    };
  });
}
