// What happens when a pipe breaks (COF details: affectedPipes / affectedValves): the crew closes the open
// valves around its segment, every pipe of the segment is out, and segments that thereby lose all sources
// go dry as well.
import type { VisAnalysis } from './analysis.ts';

export interface PipeIsolation {
  readonly pipeId: string;
  readonly segmentId: number;
  /** Valves to close (the affectedValves of the spec): the segment's open bounding valves. */
  readonly valvesToClose: readonly string[];
  /** Pipes out of service while the segment is isolated (the spec's affectedPipes), the broken one included. */
  readonly affectedPipes: readonly string[];
  readonly affectedNodes: readonly string[];
  /** Population of the segment itself. */
  readonly population: number;
  /** False when no valve bounds the segment: only shutting sources or pumps can stop the water. */
  readonly isolatable: boolean;
  /** Segments left without any reservoir or tank, and their pipes and population. */
  readonly cutOff: {
    readonly segmentIds: readonly number[];
    readonly pipeIds: readonly string[];
    readonly population: number;
  };
}

export function isolatePipe(analysis: VisAnalysis, pipeId: string): PipeIsolation | null {
  const link = analysis.topology.linkIndex.get(pipeId);
  if (link === undefined) return null;
  const segmentId = analysis.segmentation.segmentOfLink[link]!;
  const segment = analysis.segments[segmentId]!;
  const cutOffIds = analysis.supply.cutOffSegments(segmentId);
  const cutOffSegments = cutOffIds.map((s) => analysis.segments[s]!);
  return {
    pipeId,
    segmentId,
    valvesToClose: segment.valvesToClose,
    affectedPipes: segment.pipeIds,
    affectedNodes: segment.nodeIds,
    population: segment.population,
    isolatable: segment.valveIds.length > 0,
    cutOff: {
      segmentIds: cutOffIds,
      pipeIds: cutOffSegments.flatMap((s) => s.pipeIds),
      population: cutOffSegments.reduce((sum, s) => sum + s.population, 0),
    },
  };
}
