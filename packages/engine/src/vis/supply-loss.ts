// Unintended isolation (Walski 1993; Jun & Loganathan 2007): closing a segment's valves can also cut
// segments further on off from every reservoir and tank. On the segment graph (segments joined by their
// open bounding valves) plus a virtual root joined to every segment holding a source, the segments cut off
// by removing segment s are the DFS subtrees under s whose low-link cannot climb above s (the articulation
// point test, Tarjan 1972). Every answer is a set of preorder ranges, so all segments are done in O(S + V).
import { NodeKind, type Topology } from '../network/topology.ts';
import type { Segmentation } from './segments.ts';

export interface SupplyLoss {
  /** Segments left without any source when segment s is isolated (excluding s itself). */
  cutOffSegments(s: number): number[];
}

export function supplyLoss(topology: Topology, seg: Segmentation): SupplyLoss {
  const root = seg.count;
  const adjacency = segmentGraph(topology, seg);
  const count = root + 1;
  const disc = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const parent = new Int32Array(count).fill(-1);
  const next = new Int32Array(count);
  const order = new Int32Array(count);
  const subtree = new Int32Array(count).fill(1);
  let time = 0;
  const stack = [root];
  disc[root] = low[root] = time;
  order[time++] = root;
  while (stack.length > 0) {
    const u = stack[stack.length - 1]!;
    const neighbours = adjacency[u]!;
    if (next[u]! < neighbours.length) {
      const w = neighbours[next[u]!++]!;
      if (disc[w] === -1) {
        parent[w] = u;
        disc[w] = low[w] = time;
        order[time++] = w;
        stack.push(w);
      } else if (w !== parent[u]) low[u] = Math.min(low[u]!, disc[w]!);
      continue;
    }
    stack.pop();
    const p = parent[u]!;
    if (p >= 0) {
      low[p] = Math.min(low[p]!, low[u]!);
      subtree[p]! += subtree[u]!;
    }
  }
  return {
    cutOffSegments(s) {
      if (disc[s] === -1) return []; // no source reachable even before: nothing more to lose
      const lost: number[] = [];
      const seen = new Set<number>(); // parallel valves list the same child twice
      for (const w of adjacency[s]!) {
        if (parent[w] !== s || low[w]! < disc[s]! || seen.has(w)) continue;
        seen.add(w);
        for (let k = disc[w]!; k < disc[w]! + subtree[w]!; k++) lost.push(order[k]!);
      }
      return lost;
    },
  };
}

/** Segment adjacency through open bounding valves, plus the virtual root (index count) to source segments. */
function segmentGraph(topology: Topology, seg: Segmentation): number[][] {
  const adjacency: number[][] = Array.from({ length: seg.count + 1 }, () => []);
  const { link, node, isolates, closed } = seg.valves;
  for (let v = 0; v < link.length; v++) {
    if (isolates[v] === 0 || closed[v] === 1) continue; // interior, or shut already: carries no water
    const a = seg.segmentOfLink[link[v]!]!;
    const b = seg.segmentOfNode[node[v]!]!;
    if (a === b) continue;
    adjacency[a]!.push(b);
    adjacency[b]!.push(a);
  }
  const withSource = new Set<number>();
  for (let i = 0; i < topology.nodeIds.length; i++) {
    if (topology.nodeKind[i] !== NodeKind.Junction) withSource.add(seg.segmentOfNode[i]!);
  }
  for (const s of withSource) {
    adjacency[seg.count]!.push(s);
    adjacency[s]!.push(seg.count);
  }
  return adjacency;
}
