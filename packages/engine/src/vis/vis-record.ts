// The VIS record of spec §3 (id, installYear, breaks, pipes, valves, pipesAggLen, projectedPopulation) as
// the engine produces it; the server serialises it to snake_case and adds the dataset's token.
import type { ByHorizon } from './lof.ts';
import type { VisSegment } from './segment-summary.ts';

export interface VisRecord {
  readonly id: number;
  readonly installYear: number | null;
  readonly breaks: number;
  readonly pipes: readonly string[];
  readonly valves: readonly string[];
  /** Aggregated pipe length in metres (stored SI; converted for display only). */
  readonly pipesAggLen: number;
  readonly projectedPopulation: number;
  readonly lof: ByHorizon<number>;
  readonly expectedBreaksPerKm: ByHorizon<number | null>;
}

export function toVisRecord(segment: VisSegment): VisRecord {
  return {
    id: segment.id,
    installYear: segment.installYear,
    breaks: segment.breaks,
    pipes: segment.pipeIds,
    valves: segment.valveIds,
    pipesAggLen: segment.lengthM,
    projectedPopulation: segment.population,
    lof: segment.lof,
    expectedBreaksPerKm: segment.expectedBreaksPerKm,
  };
}
