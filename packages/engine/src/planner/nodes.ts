// Node indices for the planner from pipe end coordinates, for data without a node table: ends within the
// tolerance become one node. Reuses the network package's uniform-grid snapping (O(ends), no pairwise
// distances) so planner and analysis agree on which pipes touch.
import { type LinePipe, topologyFromLines } from '../network/snap-nodes.ts';

export const DEFAULT_NODE_TOLERANCE_M = 0.5;

export interface PipeEnds {
  /** [lon, lat] in degrees. */
  readonly start: readonly [number, number];
  readonly end: readonly [number, number];
}

/** Dense node indices (0-based, in order of first appearance) of each pipe's two ends. */
export function nodesFromEnds(
  ends: readonly PipeEnds[],
  toleranceM: number = DEFAULT_NODE_TOLERANCE_M,
): { from: number; to: number }[] {
  if (ends.length === 0) return [];
  const lines: LinePipe[] = ends.map((e, i) => ({
    id: String(i),
    coordinates: [e.start, e.end],
    lengthM: 0,
  }));
  const { topology } = topologyFromLines(lines, { toleranceM, coordinates: 'lonlat' });
  return ends.map((_, i) => ({ from: topology.linkFrom[i]!, to: topology.linkTo[i]! }));
}
