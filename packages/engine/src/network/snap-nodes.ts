// Builds a topology from pipe geometries alone (GIS exports have no node table): pipe ends closer than a
// tolerance become one node. A uniform grid with cells of the tolerance's size finds candidates in the 3×3
// neighbourhood, so snapping is O(ends) instead of O(ends²). Greedy and in input order: an end joins the
// nearest existing node within the tolerance, else founds a new one (nodes are therefore ≥ tolerance apart).
import { type LocalProjection, projectionFor } from './projection.ts';
import { LinkKind, type LinkInput, type NodeInput, type Topology, buildTopology } from './topology.ts';

export interface LinePipe {
  readonly id: string;
  /** Vertices in order; metres, or [lon, lat] degrees when `coordinates` is 'lonlat'. */
  readonly coordinates: readonly (readonly [number, number])[];
  /** Length if known; otherwise the polyline length in metres. */
  readonly lengthM?: number;
  readonly closed?: boolean;
}

export interface SnapOptions {
  readonly toleranceM: number;
  readonly coordinates: 'metres' | 'lonlat';
}

export interface SnappedNetwork {
  readonly topology: Topology;
  /** Node positions in metres (x0, y0, x1, y1, …), in the local projection for lon/lat input. */
  readonly nodeXyM: Float64Array;
  /** Pipe geometries in metres, as the vis/ valve snapping takes them. */
  readonly pipeXyM: readonly (readonly (readonly [number, number])[])[];
  readonly projection: LocalProjection | null;
}

function polylineLengthM(points: readonly (readonly [number, number])[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  }
  return length;
}

export function topologyFromLines(pipes: readonly LinePipe[], options: SnapOptions): SnappedNetwork {
  const tol = options.toleranceM;
  if (!(tol > 0)) throw new RangeError('toleranceM must be positive');
  const projection =
    options.coordinates === 'lonlat' ? projectionFor(pipes.flatMap((p) => p.coordinates)) : null;
  const pipeXyM = pipes.map((p) =>
    projection ? p.coordinates.map(([lon, lat]) => projection.toMetres(lon, lat)) : p.coordinates,
  );
  // The grid is one Map from a small-integer hash of the cell to its entries (cell x, cell y, node), in insertion
  // order, and a lookup takes only the entries of the exact cell, so nodes are met in the order of an exact grid.
  // Small integers because V8 hashes them without allocating: string keys allocated 9 strings per pipe end, and one
  // number of both coordinates (up to 2^51, exact only under 2^25 cells an axis) a heap number per lookup (issue
  // 41). No library keeps such an incremental grid: Flatbush and KDBush are built once, and nodes come one by one.
  const [ox, oy] = pipeXyM[0]?.[0] ?? [0, 0];
  const grid = new Map<number, number[]>();
  const cellHash = (cx: number, cy: number) =>
    (Math.imul(cx | 0, 0x9e3779b1) ^ Math.imul(cy | 0, 0x85ebca77)) >> 1;
  const xy: number[] = [];
  const nodeAt = (x: number, y: number): number => {
    const cx = Math.floor((x - ox) / tol);
    const cy = Math.floor((y - oy) / tol);
    let best = -1;
    let bestDistance = tol;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const entries = grid.get(cellHash(cx + dx, cy + dy));
        if (entries === undefined) continue;
        for (let k = 0; k < entries.length; k += 3) {
          if (entries[k] !== cx + dx || entries[k + 1] !== cy + dy) continue;
          const node = entries[k + 2]!;
          const d = Math.hypot(xy[2 * node]! - x, xy[2 * node + 1]! - y);
          if (d <= bestDistance) {
            best = node;
            bestDistance = d;
          }
        }
      }
    }
    if (best >= 0) return best;
    const node = xy.length / 2;
    xy.push(x, y);
    const key = cellHash(cx, cy);
    const entries = grid.get(key);
    if (entries) entries.push(cx, cy, node);
    else grid.set(key, [cx, cy, node]);
    return node;
  };
  const links: LinkInput[] = pipes.map((pipe, i) => {
    const points = pipeXyM[i]!;
    if (points.length < 2) throw new RangeError(`pipe '${pipe.id}' needs at least two vertices`);
    const [x0, y0] = points[0]!;
    const [x1, y1] = points[points.length - 1]!;
    const from = nodeAt(x0, y0);
    const to = nodeAt(x1, y1);
    return {
      id: pipe.id,
      from: `N${from}`,
      to: `N${to}`,
      kind: LinkKind.Pipe,
      lengthM: pipe.lengthM ?? polylineLengthM(points),
      closed: pipe.closed ?? false,
    };
  });
  const nodes: NodeInput[] = Array.from({ length: xy.length / 2 }, (_, i) => ({ id: `N${i}` }));
  return { topology: buildTopology(nodes, links), nodeXyM: Float64Array.from(xy), pipeXyM, projection };
}
