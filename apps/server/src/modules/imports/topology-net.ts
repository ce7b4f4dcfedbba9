// What the network check of a pipes layer works on: the links as read (id, row, vertices, node ids), the network
// built from them in one of two ways (topology-coordinates.ts, topology-node-ids.ts), and the bounded lists of
// findings it reports. Every example names the utility's own id and the row (issue 16).
import type { TopologyEnd, TopologyExample, TopologyFinding } from '@pipewise/domain';
import type { LocalProjection, Topology } from '@pipewise/engine';

type Xy = readonly [number, number];

/** One link of the layer as the check keeps it: never the row's other columns. */
export interface LinkRow {
  readonly nativeId: string;
  /** 1-based row of the file. */
  readonly row: number;
  /** [lon, lat] vertices; empty when the row has no geometry. */
  readonly lonLat: readonly Xy[];
  /** The stated (or drawn) length in metres; 0 for a link of no length. */
  readonly lengthM: number | null;
  readonly from: string | null;
  readonly to: string | null;
}

/** A network built for the check; topology link i is `links[i]`. */
export interface CheckedNet {
  readonly topology: Topology;
  /** Node positions in metres (x0, y0, …), NaN when no end of the node is drawn. */
  readonly nodeXyM: Float64Array;
  /** Link vertices in metres, by topology link; empty when not drawn. */
  readonly pipeXyM: readonly (readonly Xy[])[];
  readonly links: readonly LinkRow[];
}

export const MAX_EXAMPLES = 10;

/** Counts everything, keeps the examples `better` ranks first (default: the first met). */
export class FindingList {
  private count = 0;
  private readonly examples: { rank: number; example: TopologyExample }[] = [];

  add(example: TopologyExample, rank = this.count): void {
    this.count += 1;
    this.examples.push({ rank, example });
    // Keeps memory bounded on 100k-link layers: trim back to the best few once the list doubles.
    if (this.examples.length >= 4 * MAX_EXAMPLES) this.trim();
  }

  private trim(): void {
    this.examples.sort((a, b) => a.rank - b.rank);
    this.examples.length = Math.min(this.examples.length, MAX_EXAMPLES);
  }

  toJSON(): TopologyFinding {
    this.trim();
    return { count: this.count, examples: this.examples.map((e) => e.example) };
  }
}

export const START = 0;
export const END = 1;

/** An end of link `l` for a report: its id, row, which end, and its node id when the file gave one. */
export function endOf(net: Pick<CheckedNet, 'links'>, l: number, end: number, nodeId?: string): TopologyEnd {
  const link = net.links[l]!;
  return {
    native_id: link.nativeId,
    row: link.row,
    end: end === START ? 'start' : 'end',
    ...(nodeId !== undefined ? { node_id: nodeId } : {}),
  };
}

/** Link `l` for a report, when the finding is about the whole link (no length, too short, a self-loop). */
export function linkOf(net: Pick<CheckedNet, 'links'>, l: number): TopologyEnd {
  const link = net.links[l]!;
  return { native_id: link.nativeId, row: link.row };
}

/** The first or last vertex of a drawn link, in metres. */
export function endXy(xy: readonly Xy[], end: number): Xy | undefined {
  return end === START ? xy[0] : xy[xy.length - 1];
}

export function projectAll(links: readonly LinkRow[], projection: LocalProjection): Xy[][] {
  return links.map((l) => l.lonLat.map((p) => projection.toMetres(p[0], p[1])));
}

export function polylineM(xy: readonly Xy[]): number {
  let length = 0;
  for (let i = 1; i < xy.length; i++)
    length += Math.hypot(xy[i]![0] - xy[i - 1]![0], xy[i]![1] - xy[i - 1]![1]);
  return length;
}

/** Millimetres are what a survey can tell apart: 0.445 m stays 0.445 m. */
export const roundM = (m: number) => Math.round(m * 1000) / 1000;

/**
 * A node's drawn ends: each (link, end) once — a self-loop is listed twice in the incidence, and only self-loops
 * are looked up in a set (asked for every node of a 100k-pipe layer, where a set per node was garbage).
 */
export function incidentEnds(topology: Topology, node: number): { l: number; end: number }[] {
  const { incidentLinks, linkFrom, linkTo } = topology;
  const ends: { l: number; end: number }[] = [];
  let loops: Set<number> | null = null;
  for (let k = topology.incidentStart[node]!; k < topology.incidentStart[node + 1]!; k++) {
    const l = incidentLinks[k]!;
    if (linkFrom[l] === node && linkTo[l] === node) {
      if (loops?.has(l)) continue;
      (loops ??= new Set()).add(l);
    }
    if (linkFrom[l] === node) ends.push({ l, end: START });
    if (linkTo[l] === node) ends.push({ l, end: END });
  }
  return ends;
}

/** Beyond this many distinct positions at one node, only the most repeated ones are tried as its place. */
const MAX_PLACE_CANDIDATES = 256;

/**
 * The point most others lie within `tol` of (the first such on a tie). Equal points are counted together, so a node
 * with 100,000 links whose ends agree costs 100,000 steps, not 100,000² (issue 37: a crafted .inp of 100,002 pipes
 * between two junctions held a parse thread five minutes). With more than 256 distinct positions, the candidates are
 * the 256 most repeated, each counted against all: bounded at 256 steps per end. No library does this count.
 */
export function densestPoint(points: readonly Xy[], tol: number): Xy | undefined {
  const groups = new Map<string, { xy: Xy; n: number; first: number }>();
  points.forEach((xy, i) => {
    const key = `${xy[0]},${xy[1]}`;
    const g = groups.get(key);
    if (g) g.n += 1;
    else groups.set(key, { xy, n: 1, first: i });
  });
  const distinct = [...groups.values()];
  const candidates =
    distinct.length <= MAX_PLACE_CANDIDATES
      ? distinct
      : [...distinct]
          .sort((a, b) => b.n - a.n || a.first - b.first)
          .slice(0, MAX_PLACE_CANDIDATES)
          .sort((a, b) => a.first - b.first);
  let best: Xy | undefined;
  let agreeing = -1;
  for (const c of candidates) {
    let n = 0;
    for (const o of distinct) if (Math.hypot(o.xy[0] - c.xy[0], o.xy[1] - c.xy[1]) <= tol) n += o.n;
    if (n > agreeing) [best, agreeing] = [c.xy, n];
  }
  return best;
}
