// Compact network topology for large networks: string ids mapped to dense ints, per-link arrays in typed
// arrays and node → link incidence in CSR form (offsets + flat list), so 100k+ links cost a few MB and
// graph passes touch contiguous memory.

/** Node kinds; reservoirs and tanks are sources (they feed the network). */
export const NodeKind = { Junction: 0, Reservoir: 1, Tank: 2 } as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/** Link kinds: an EPANET valve (PRV, FCV…) is a link; isolation valves are not links (see vis/). */
export const LinkKind = { Pipe: 0, Pump: 1, Valve: 2 } as const;
export type LinkKind = (typeof LinkKind)[keyof typeof LinkKind];

export interface NodeInput {
  readonly id: string;
  readonly kind?: NodeKind;
}

export interface LinkInput {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly kind?: LinkKind;
  readonly lengthM?: number;
  /** Closed in normal operation (EPANET status CLOSED). */
  readonly closed?: boolean;
}

export interface Topology {
  readonly nodeIds: readonly string[];
  readonly nodeIndex: ReadonlyMap<string, number>;
  readonly nodeKind: Uint8Array;
  readonly linkIds: readonly string[];
  readonly linkIndex: ReadonlyMap<string, number>;
  readonly linkKind: Uint8Array;
  readonly linkFrom: Int32Array;
  readonly linkTo: Int32Array;
  readonly linkLengthM: Float64Array;
  readonly linkClosed: Uint8Array;
  /** Links at node i are incidentLinks[incidentStart[i] .. incidentStart[i+1]). */
  readonly incidentStart: Int32Array;
  readonly incidentLinks: Int32Array;
}

export class TopologyError extends Error {
  override readonly name = 'TopologyError';
}

function indexIds(ids: readonly string[], what: string): Map<string, number> {
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (index.has(id)) throw new TopologyError(`duplicate ${what} id '${id}'`);
    index.set(id, i);
  });
  return index;
}

export function buildTopology(nodes: readonly NodeInput[], links: readonly LinkInput[]): Topology {
  const nodeIds = nodes.map((n) => n.id);
  const nodeIndex = indexIds(nodeIds, 'node');
  const linkIds = links.map((l) => l.id);
  const linkIndex = indexIds(linkIds, 'link');
  const n = nodes.length;
  const m = links.length;
  const nodeKind = Uint8Array.from(nodes, (node) => node.kind ?? NodeKind.Junction);
  const linkKind = new Uint8Array(m);
  const linkFrom = new Int32Array(m);
  const linkTo = new Int32Array(m);
  const linkLengthM = new Float64Array(m);
  const linkClosed = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    const link = links[i]!;
    const from = nodeIndex.get(link.from);
    const to = nodeIndex.get(link.to);
    if (from === undefined)
      throw new TopologyError(`link '${link.id}' starts at unknown node '${link.from}'`);
    if (to === undefined) throw new TopologyError(`link '${link.id}' ends at unknown node '${link.to}'`);
    linkFrom[i] = from;
    linkTo[i] = to;
    linkKind[i] = link.kind ?? LinkKind.Pipe;
    linkLengthM[i] = link.lengthM ?? 0;
    linkClosed[i] = link.closed ? 1 : 0;
  }
  const { incidentStart, incidentLinks } = buildIncidence(n, linkFrom, linkTo);
  return {
    nodeIds,
    nodeIndex,
    nodeKind,
    linkIds,
    linkIndex,
    linkKind,
    linkFrom,
    linkTo,
    linkLengthM,
    linkClosed,
    incidentStart,
    incidentLinks,
  };
}

/** CSR incidence by counting sort: O(n + m), two passes. */
export function buildIncidence(
  nodeCount: number,
  linkFrom: Int32Array,
  linkTo: Int32Array,
): { incidentStart: Int32Array; incidentLinks: Int32Array } {
  const incidentStart = new Int32Array(nodeCount + 1);
  const m = linkFrom.length;
  for (let i = 0; i < m; i++) {
    incidentStart[linkFrom[i]! + 1]! += 1;
    incidentStart[linkTo[i]! + 1]! += 1;
  }
  for (let i = 0; i < nodeCount; i++) incidentStart[i + 1]! += incidentStart[i]!;
  const cursor = incidentStart.slice(0, nodeCount);
  const incidentLinks = new Int32Array(2 * m);
  for (let i = 0; i < m; i++) {
    incidentLinks[cursor[linkFrom[i]!]!++] = i;
    incidentLinks[cursor[linkTo[i]!]!++] = i;
  }
  return { incidentStart, incidentLinks };
}

export function degree(topology: Topology, node: number): number {
  return topology.incidentStart[node + 1]! - topology.incidentStart[node]!;
}

export function isSource(topology: Topology, node: number): boolean {
  return topology.nodeKind[node] !== NodeKind.Junction;
}
