// Connectivity checks run on every import: isolated islands and dangling pipe ends usually reveal snapping
// or digitising errors rather than real network features.
import { UnionFind } from '../vis/union-find.ts';
import { type Topology, degree, isSource } from './topology.ts';

export interface Components {
  readonly count: number;
  /** Component label per node, 0..count-1 in order of first node. */
  readonly componentOfNode: Int32Array;
  /** Node count per component. */
  readonly sizes: Int32Array;
}

/** Connected components of the node graph over every link, open or closed (the physical network). */
export function connectedComponents(topology: Topology): Components {
  const n = topology.nodeIds.length;
  const uf = new UnionFind(n);
  const { linkFrom, linkTo } = topology;
  for (let i = 0; i < linkFrom.length; i++) uf.union(linkFrom[i]!, linkTo[i]!);
  const { labels, count } = uf.labels();
  const sizes = new Int32Array(count);
  for (let i = 0; i < n; i++) sizes[labels[i]!]! += 1;
  return { count, componentOfNode: labels, sizes };
}

/** Node indices of degree 1 that are not reservoirs or tanks: pipe ends that lead nowhere. */
export function danglingEnds(topology: Topology): number[] {
  const ends: number[] = [];
  for (let i = 0; i < topology.nodeIds.length; i++) {
    if (degree(topology, i) === 1 && !isSource(topology, i)) ends.push(i);
  }
  return ends;
}
