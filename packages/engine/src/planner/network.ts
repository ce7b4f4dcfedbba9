// The planner's view of the network: pipes in typed arrays and node → eligible-pipe incidence in CSR form,
// built once in O(pipes). Only eligible pipes (costed, each no longer than the maximum project length) are
// linked: an uncosted pipe can never be in a project, so it cannot connect one either (a project is a
// group of pipes repaired together, contiguous through the nodes they share).
import type { PlannerPipe } from './types.ts';

export interface PlannerNetwork {
  readonly pipeCount: number;
  readonly lengthM: Float64Array;
  /** NaN when unknown. */
  readonly cost: Float64Array;
  readonly risk: Float64Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly eligible: Uint8Array;
  readonly eligibleCount: number;
  /** Eligible pipes at node v are nodePipes[nodeStart[v] .. nodeStart[v + 1]). */
  readonly nodeStart: Int32Array;
  readonly nodePipes: Int32Array;
}

/**
 * Node indices are meant to be dense, but a caller that plans an area of a larger network may pass the
 * whole network's numbering; beyond 4 per pipe we renumber through a Map so memory stays O(pipes).
 */
function denseEnds(pipes: readonly PlannerPipe[]): { from: Int32Array; to: Int32Array; nodeCount: number } {
  const n = pipes.length;
  let maxNode = -1;
  for (const p of pipes) maxNode = Math.max(maxNode, p.from, p.to);
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  if (maxNode < 4 * n + 16) {
    for (let i = 0; i < n; i++) [from[i], to[i]] = [pipes[i]!.from, pipes[i]!.to];
    return { from, to, nodeCount: maxNode + 1 };
  }
  const index = new Map<number, number>();
  const dense = (node: number): number => {
    let v = index.get(node);
    if (v === undefined) index.set(node, (v = index.size));
    return v;
  };
  for (let i = 0; i < n; i++) [from[i], to[i]] = [dense(pipes[i]!.from), dense(pipes[i]!.to)];
  return { from, to, nodeCount: index.size };
}

export function buildPlannerNetwork(pipes: readonly PlannerPipe[], maxLengthM: number): PlannerNetwork {
  const n = pipes.length;
  const { from, to, nodeCount } = denseEnds(pipes);
  const lengthM = new Float64Array(n);
  const cost = new Float64Array(n);
  const risk = new Float64Array(n);
  const eligible = new Uint8Array(n);
  const nodeStart = new Int32Array(nodeCount + 1);
  let eligibleCount = 0;
  for (let i = 0; i < n; i++) {
    const p = pipes[i]!;
    lengthM[i] = p.lengthM;
    cost[i] = p.cost ?? Number.NaN;
    risk[i] = p.risk;
    if (p.cost !== null && p.lengthM <= maxLengthM) {
      eligible[i] = 1;
      eligibleCount++;
      nodeStart[from[i]! + 1]!++;
      if (to[i] !== from[i]) nodeStart[to[i]! + 1]!++;
    }
  }
  for (let v = 0; v < nodeCount; v++) nodeStart[v + 1]! += nodeStart[v]!;
  const nodePipes = new Int32Array(nodeStart[nodeCount]!);
  const fill = nodeStart.slice(0, nodeCount);
  for (let i = 0; i < n; i++) {
    if (!eligible[i]) continue;
    nodePipes[fill[from[i]!]!++] = i;
    if (to[i] !== from[i]) nodePipes[fill[to[i]!]!++] = i;
  }
  return { pipeCount: n, lengthM, cost, risk, from, to, eligible, eligibleCount, nodeStart, nodePipes };
}

/** Total length of the longest connected run of eligible pipes (union-find over nodes); null when none. */
export function longestRunM(net: PlannerNetwork): number | null {
  if (net.eligibleCount === 0) return null;
  const parent = new Int32Array(net.nodeStart.length - 1);
  for (let v = 0; v < parent.length; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]!]!;
    return v;
  };
  for (let i = 0; i < net.pipeCount; i++) {
    if (net.eligible[i]) parent[find(net.from[i]!)] = find(net.to[i]!);
  }
  const runM = new Float64Array(parent.length);
  let longest = 0;
  for (let i = 0; i < net.pipeCount; i++) {
    if (!net.eligible[i]) continue;
    const root = find(net.from[i]!);
    runM[root]! += net.lengthM[i]!;
    longest = Math.max(longest, runM[root]!);
  }
  return longest;
}
