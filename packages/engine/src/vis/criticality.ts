// Valve criticality as WNTR computes it (wntr.metrics.topographic.valve_criticality_* and its private
// _valve_criticality / _valve_criticality_length / _valve_criticality_demand), after Walski's idea of
// measuring what a valve failure costs:
//   surroundingValves: valves on the links or nodes of the two segments the valve separates, minus itself;
//   lengthIncrease:    (L_link + L_node) / max(L_link, L_node) − 1, the pipe length of the two segments;
//   demandIncrease:    the same ratio with the node demands of the two segments.
// All are 0 when the valve's link and node sides are already one segment, or both sides are empty.
import type { Topology } from '../network/topology.ts';
import type { Segmentation } from './segments.ts';

export interface ValveCriticality {
  readonly valveId: string;
  readonly surroundingValves: number;
  readonly lengthIncrease: number;
  /** Null when no node demands were given. */
  readonly demandIncrease: number | null;
}

function increase(a: number, b: number): number {
  return a === 0 && b === 0 ? 0 : (a + b) / Math.max(a, b) - 1;
}

export function valveCriticality(
  topology: Topology,
  seg: Segmentation,
  nodeDemand?: Readonly<Record<string, number>>,
): ValveCriticality[] {
  const lengthOf = new Float64Array(seg.count);
  seg.segmentOfLink.forEach((s, l) => (lengthOf[s]! += topology.linkLengthM[l]!));
  const demandOf = new Float64Array(seg.count);
  if (nodeDemand)
    seg.segmentOfNode.forEach((s, i) => (demandOf[s]! += nodeDemand[topology.nodeIds[i]!] ?? 0));
  const { link, node, ids } = seg.valves;
  // Valves touching each segment through their link or their node.
  const touching: number[][] = Array.from({ length: seg.count }, () => []);
  for (let v = 0; v < link.length; v++) {
    touching[seg.segmentOfLink[link[v]!]!]!.push(v);
    touching[seg.segmentOfNode[node[v]!]!]!.push(v);
  }
  return ids.map((valveId, v) => {
    const a = seg.segmentOfLink[link[v]!]!;
    const b = seg.segmentOfNode[node[v]!]!;
    if (a === b)
      return { valveId, surroundingValves: 0, lengthIncrease: 0, demandIncrease: nodeDemand ? 0 : null };
    const around = new Set([...touching[a]!, ...touching[b]!]);
    return {
      valveId,
      surroundingValves: around.size - 1,
      lengthIncrease: increase(lengthOf[a]!, lengthOf[b]!),
      demandIncrease: nodeDemand ? increase(demandOf[a]!, demandOf[b]!) : null,
    };
  });
}
