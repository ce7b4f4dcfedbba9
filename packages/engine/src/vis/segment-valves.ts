// Which valves bound which segment. A valve whose link side and node side ended up in the same segment
// (the water goes round it) bounds nothing: WNTR gives such valves criticality 0 for the same reason.
import type { Segmentation } from './segments.ts';

export interface SegmentValves {
  /** Valve indices (into Segmentation.valves) on the boundary of segment s. */
  bounding(s: number): number[];
  /** Inoperable, open valves inside segment s (they kept their adjacency). */
  inoperable(s: number): number[];
}

export function segmentValves(seg: Segmentation): SegmentValves {
  const bounding: number[][] = Array.from({ length: seg.count }, () => []);
  const inoperable: number[][] = Array.from({ length: seg.count }, () => []);
  const { link, node, isolates } = seg.valves;
  for (let v = 0; v < link.length; v++) {
    const linkSide = seg.segmentOfLink[link[v]!]!;
    if (isolates[v] === 0) {
      inoperable[linkSide]!.push(v);
      continue;
    }
    const nodeSide = seg.segmentOfNode[node[v]!]!;
    if (linkSide === nodeSide) continue;
    bounding[linkSide]!.push(v);
    bounding[nodeSide]!.push(v);
  }
  return { bounding: (s) => bounding[s] ?? [], inoperable: (s) => inoperable[s] ?? [] };
}
