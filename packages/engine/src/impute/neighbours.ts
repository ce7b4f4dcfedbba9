// Who informs whom. Pipes laid together share era, material and size, so a pipe's neighbours are
// (1) pipes meeting it at a node (the network, or ends within 1 m), (2) pipes on the same street or road
// segment, and (3) its k nearest pipes by midpoint (a uniform grid, so O(n·k), never O(n²)), weighted
// down with distance. Weights add up when a pair qualifies more than once.
import { topologyFromLines, type LinePipe } from '../network/snap-nodes.ts';
import { projectionFor } from '../network/projection.ts';
import type { Topology } from '../network/topology.ts';
import { EdgeAccumulator } from './edges.ts';
import type { ImputePipe, LonLatPair } from './types.ts';

export interface NeighbourGraph {
  /** Neighbours of pipe i are index[start[i] .. start[i+1]) with weight[…]. */
  readonly start: Int32Array;
  readonly index: Int32Array;
  readonly weight: Float64Array;
}

export interface NeighbourOptions {
  readonly kNearest: number;
  readonly maxNeighbourM: number;
}

const CONNECTED_WEIGHT = 1;
const STREET_WEIGHT = 1;
const NEAR_WEIGHT = 0.6;
const NEAR_SCALE_M = 100;
const SNAP_TOLERANCE_M = 1;
/** Street groups larger than this link each pipe to its nearest members only. */
const MAX_STREET_LINKS = 16;

function endsOf(p: ImputePipe): readonly [LonLatPair, LonLatPair] | null {
  if (p.endpoints) return p.endpoints;
  const c = p.coordinates;
  return c && c.length >= 2 ? [c[0]!, c[c.length - 1]!] : null;
}

function midpointOf(p: ImputePipe): LonLatPair | null {
  if (p.midpoint) return p.midpoint;
  const c = p.coordinates;
  if (c && c.length >= 3) return c[Math.floor(c.length / 2)]!;
  const e = endsOf(p);
  return e ? [(e[0][0] + e[1][0]) / 2, (e[0][1] + e[1][1]) / 2] : null;
}

function nodesOfPipes(pipes: readonly ImputePipe[], topology: Topology | undefined): Int32Array[] {
  const byNode = new Map<number, number[]>();
  let links: { topology: Topology; pipeOfLink: Int32Array };
  if (topology) {
    const pipeOfLink = new Int32Array(topology.linkIds.length).fill(-1);
    pipes.forEach((p, i) => {
      const l = topology.linkIndex.get(p.id);
      if (l !== undefined) pipeOfLink[l] = i;
    });
    links = { topology, pipeOfLink };
  } else {
    const lines: LinePipe[] = [];
    const owners: number[] = [];
    pipes.forEach((p, i) => {
      const e = endsOf(p);
      if (!e) return;
      lines.push({ id: String(lines.length), coordinates: e });
      owners.push(i);
    });
    if (lines.length === 0) return [];
    const snapped = topologyFromLines(lines, { toleranceM: SNAP_TOLERANCE_M, coordinates: 'lonlat' });
    links = { topology: snapped.topology, pipeOfLink: Int32Array.from(owners) };
  }
  const { topology: t, pipeOfLink } = links;
  for (let l = 0; l < t.linkIds.length; l++) {
    const pipe = pipeOfLink[l]!;
    if (pipe < 0) continue;
    for (const node of [t.linkFrom[l]!, t.linkTo[l]!]) {
      const list = byNode.get(node);
      if (list) list.push(pipe);
      else byNode.set(node, [pipe]);
    }
  }
  return [...byNode.values()].map((l) => Int32Array.from(l));
}

export function buildNeighbours(
  pipes: readonly ImputePipe[],
  topology: Topology | undefined,
  options: NeighbourOptions,
): NeighbourGraph {
  const edges = new EdgeAccumulator(pipes.length);
  const add = (i: number, j: number, w: number) => edges.add(i, j, w);
  for (const atNode of nodesOfPipes(pipes, topology)) {
    for (const i of atNode) for (const j of atNode) add(i, j, CONNECTED_WEIGHT);
  }
  const mids = pipes.map(midpointOf);
  const present = mids.filter((m): m is LonLatPair => m !== null);
  const projection = projectionFor(present);
  const xy = mids.map((m) => (m ? projection.toMetres(m[0], m[1]) : null));
  const grid = new MidpointGrid(xy, options.maxNeighbourM / 4);
  for (let i = 0; i < pipes.length; i++) {
    for (const [j, d] of grid.nearest(i, options.kNearest, options.maxNeighbourM)) {
      add(i, j, NEAR_WEIGHT * Math.exp(-d / NEAR_SCALE_M));
    }
  }
  const streets = new Map<string, number[]>();
  pipes.forEach((p, i) => {
    if (p.street == null || p.street === '') return;
    const list = streets.get(p.street);
    if (list) list.push(i);
    else streets.set(p.street, [i]);
  });
  for (const members of streets.values()) {
    const ordered = members.length <= MAX_STREET_LINKS + 1 ? members : alongStreet(members, xy);
    for (let a = 0; a < ordered.length; a++) {
      const from = Math.max(0, Math.min(a - MAX_STREET_LINKS / 2, ordered.length - MAX_STREET_LINKS - 1));
      for (let b = from; b < Math.min(ordered.length, from + MAX_STREET_LINKS + 1); b++) {
        add(ordered[a]!, ordered[b]!, STREET_WEIGHT);
      }
    }
  }
  return edges.toGraph();
}

/**
 * Members of a long street in order along it (midpoints sorted on the wider axis of their extent), so
 * each is linked to the pieces nearest along the street in O(L log L); input order without geometry.
 */
function alongStreet(members: readonly number[], xy: readonly ([number, number] | null)[]): number[] {
  const located = members.filter((i) => xy[i]);
  if (located.length < members.length) return [...members];
  const span = (axis: 0 | 1) => {
    const v = located.map((i) => xy[i]![axis]);
    return Math.max(...v) - Math.min(...v);
  };
  const axis = span(0) >= span(1) ? 0 : 1;
  return [...members].sort((a, b) => xy[a]![axis] - xy[b]![axis] || a - b);
}

/** Uniform grid over midpoints (metres) for k-nearest queries in expanding rings. */
class MidpointGrid {
  private readonly cells = new Map<number, number[]>();
  constructor(
    private readonly xy: readonly ([number, number] | null)[],
    private readonly cellM: number,
  ) {
    xy.forEach((p, i) => {
      if (!p) return;
      const key = this.key(Math.floor(p[0] / cellM), Math.floor(p[1] / cellM));
      const cell = this.cells.get(key);
      if (cell) cell.push(i);
      else this.cells.set(key, [i]);
    });
  }

  private key(cx: number, cy: number): number {
    return (cx + 1e6) * 2e6 + (cy + 1e6);
  }

  nearest(i: number, k: number, maxM: number): [number, number][] {
    const p = this.xy[i];
    if (!p || k <= 0) return [];
    const cx = Math.floor(p[0] / this.cellM);
    const cy = Math.floor(p[1] / this.cellM);
    const found: [number, number][] = [];
    const maxRing = Math.ceil(maxM / this.cellM);
    for (let r = 0; r <= maxRing; r++) {
      for (let dx = -r; dx <= r; dx++) {
        for (let dy = -r; dy <= r; dy++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          for (const j of this.cells.get(this.key(cx + dx, cy + dy)) ?? []) {
            const q = this.xy[j]!;
            const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
            if (j !== i && d <= maxM) found.push([j, d]);
          }
        }
      }
      // Everything within r cells is now seen, so the k closest are final once k lie within r·cell.
      if (found.filter(([, d]) => d <= r * this.cellM).length >= k) break;
    }
    return found.sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, k);
  }
}
