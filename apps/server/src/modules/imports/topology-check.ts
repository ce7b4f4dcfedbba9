// The network check of a pipes layer's validation report (issue 16: "a topology report that names what it
// changed"). Nodes come from the file's node ids when every link has them (topology-node-ids.ts), as the analysis
// then builds them, else from joining ends within the node tolerance (topology-coordinates.ts), as the analysis
// then snaps them. Either way it reports the connected parts and their sizes, dangling ends, ends a digitising gap
// short of a pipe, links of no length, and existing valves no new pipe comes near. Holds vertices, never the rows.
import type { Geometry, Position } from 'geojson';
import type { TopologyReport } from '@pipewise/domain';
import {
  type LocalProjection,
  connectedComponents,
  danglingEnds,
  localProjection,
  snapPipesOf,
  snapValvePoints,
} from '@pipewise/engine';
import { coordinateNet } from './topology-coordinates.ts';
import {
  type CheckedNet,
  END,
  FindingList,
  type LinkRow,
  MAX_EXAMPLES,
  START,
  endOf,
  linkOf,
} from './topology-net.ts';
import { nodeIdNet } from './topology-node-ids.ts';
import { unsnappedEnds } from './unsnapped-ends.ts';

/** Ends closer than this are one node unless the user says otherwise: survey noise, not a gap. */
export const DEFAULT_NODE_TOLERANCE_M = 0.5;

const NONE = { count: 0, examples: [] };

export const EMPTY_TOPOLOGY: TopologyReport = {
  mode: 'coordinates',
  tolerance_m: DEFAULT_NODE_TOLERANCE_M,
  nodes: 0,
  links: 0,
  components: 0,
  largest_component_share: 0,
  component_sizes: [],
  dangling_ends: 0,
  dangling: NONE,
  unsnapped_ends: 0,
  unsnapped_examples: [],
  zero_length_links: NONE,
  merged_ends: NONE,
  largest_merge_m: 0,
  short_links: NONE,
  self_loops: NONE,
  coincident_nodes: NONE,
  far_ends: NONE,
  missing_node_ids: 0,
  valves_far: 0,
  valves_unknown_pipe: 0,
};

export interface PipeLine {
  readonly nativeId: string;
  readonly row: number;
  readonly geometry: Geometry | null;
  readonly lengthM: number | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

/** The links of the layer as the check needs them, collected row by row while the file streams past. */
export class PipeLines {
  readonly links: LinkRow[] = [];

  add(p: PipeLine): void {
    this.links.push({
      nativeId: p.nativeId,
      row: p.row,
      lonLat: verticesOf(p.geometry),
      lengthM: p.lengthM,
      from: p.from || null,
      to: p.to || null,
    });
  }
}

function verticesOf(g: Geometry | null): [number, number][] {
  if (g?.type === 'LineString') return xyOf(g.coordinates);
  if (g?.type === 'MultiLineString') return xyOf(g.coordinates.flat());
  return [];
}

/**
 * Each position's x and y. Positions of x and y only (validation drops Z and M) are kept as they are: a copy of each
 * of a 100k-pipe layer's 400,000 vertices was garbage the check did not need.
 */
function xyOf(positions: readonly Position[]): [number, number][] {
  let flat = true;
  for (const p of positions) if (p.length !== 2) flat = false;
  if (flat) return positions as [number, number][];
  return positions.map((p) => [p[0]!, p[1]!]);
}

export interface TopologyOptions {
  /** The node columns are mapped (or the file is an EPANET model): nodes by id when every link has both. */
  readonly nodeIds: boolean;
  /** Metres: ends this close are one node (coordinates), or agree with their node (node ids). */
  readonly nodeToleranceM: number;
  /** Metres: a dangling end this close to another pipe is reported as not joined. */
  readonly snapToleranceM: number;
}

export function topologyReport(
  pipes: Pick<PipeLines, 'links'>,
  o: TopologyOptions,
  existingValves: readonly (readonly [number, number])[],
): TopologyReport {
  const { links } = pipes;
  const missing = o.nodeIds ? links.filter((l) => l.from === null || l.to === null).length : 0;
  const byIds = o.nodeIds && links.length > 0 && missing === 0;
  const base = { ...EMPTY_TOPOLOGY, tolerance_m: o.nodeToleranceM, missing_node_ids: missing };
  const mean = meanProjection(links);
  if (!byIds && mean === null) return { ...base, valves_far: existingValves.length };
  const projection = mean ?? localProjection(0, 0);
  const found = byIds
    ? { ...nodeIdNet(links, o.nodeToleranceM, projection), mode: 'node_ids' as const }
    : { ...coordinateNet(links, o.nodeToleranceM, projection), mode: 'coordinates' as const };
  const { net } = found;
  const dangling = danglingEnds(net.topology);
  const unsnapped = o.snapToleranceM > o.nodeToleranceM ? unsnappedEnds(net, dangling, o.snapToleranceM) : [];
  return {
    ...base,
    mode: found.mode,
    nodes: net.topology.nodeIds.length,
    links: net.topology.linkIds.length,
    ...componentFigures(net),
    dangling_ends: dangling.length,
    dangling: danglingList(net, dangling, byIds),
    unsnapped_ends: unsnapped.length,
    unsnapped_examples: unsnapped.slice(0, MAX_EXAMPLES).map((u) => ({
      ...endOf(net, u.link, u.end),
      distance_m: Math.round(u.distance * 100) / 100,
    })),
    zero_length_links: zeroLength(net),
    self_loops: found.selfLoops.toJSON(),
    ...(found.mode === 'node_ids'
      ? { far_ends: found.farEnds.toJSON(), coincident_nodes: found.coincident.toJSON() }
      : {
          merged_ends: found.merged.toJSON(),
          largest_merge_m: found.largestMergeM,
          short_links: found.shortLinks.toJSON(),
        }),
    valves_far: valvesFar(net, existingValves, projection, Math.max(o.snapToleranceM, o.nodeToleranceM)),
  };
}

/**
 * engine projectionFor over every drawn vertex (their mean, summed in the same order), null when none is drawn;
 * without gathering the 400,000 vertices of a 100k-pipe layer into one array first.
 */
function meanProjection(links: readonly LinkRow[]): LocalProjection | null {
  let lon = 0;
  let lat = 0;
  let count = 0;
  for (const link of links)
    for (const xy of link.lonLat) {
      lon += xy[0];
      lat += xy[1];
      count += 1;
    }
  return count === 0 ? null : localProjection(lon / count, lat / count);
}

/** The connected parts by length (physical network: open and closed links alike), largest first. */
function componentFigures(net: CheckedNet) {
  const { topology } = net;
  const components = connectedComponents(topology);
  const parts = Array.from({ length: components.count }, (_, c) => ({
    nodes: components.sizes[c]!,
    links: 0,
    length: 0,
    first: -1,
  }));
  let total = 0;
  for (let l = 0; l < topology.linkIds.length; l++) {
    const part = parts[components.componentOfNode[topology.linkFrom[l]!]!]!;
    part.links += 1;
    part.length += topology.linkLengthM[l]!;
    if (part.first < 0) part.first = l;
    total += topology.linkLengthM[l]!;
  }
  parts.sort((a, b) => b.length - a.length || b.links - a.links);
  const largest = parts[0];
  return {
    components: components.count,
    largest_component_share:
      largest === undefined
        ? 0
        : Math.round((total > 0 ? largest.length / total : largest.links / topology.linkIds.length) * 1e4) /
          1e4,
    component_sizes: parts.slice(0, MAX_EXAMPLES).map((p) => ({
      nodes: p.nodes,
      links: p.links,
      length_m: Math.round(p.length * 10) / 10,
      native_id: net.links[p.first]!.nativeId,
      row: net.links[p.first]!.row,
    })),
  };
}

function danglingList(net: CheckedNet, dangling: readonly number[], byIds: boolean) {
  const { topology } = net;
  const list = new FindingList();
  for (const node of dangling) {
    const l = topology.incidentLinks[topology.incidentStart[node]!]!;
    const end = topology.linkFrom[l] === node ? START : END;
    list.add(endOf(net, l, end, byIds ? topology.nodeIds[node] : undefined));
  }
  return list.toJSON();
}

/** Pumps, valves and zero-length pipes: links between their two nodes, listed so the user sees they are kept. */
function zeroLength(net: CheckedNet) {
  const list = new FindingList();
  net.links.forEach((l, i) => {
    if (l.lengthM === 0) list.add(linkOf(net, i));
  });
  return list.toJSON();
}

/** Existing valves farther than the tolerance from every new drawn link. */
function valvesFar(
  net: CheckedNet,
  valves: readonly (readonly [number, number])[],
  projection: LocalProjection,
  toleranceM: number,
): number {
  if (valves.length === 0) return 0;
  const drawnLinks = snapPipesOf(net).filter((p) => p.xyM.length >= 2);
  const points = valves.map(([lon, lat], i) => {
    const [xM, yM] = projection.toMetres(lon, lat);
    return { id: String(i), xM, yM };
  });
  return snapValvePoints(points, drawnLinks, { toleranceM }).unsnapped.length;
}
