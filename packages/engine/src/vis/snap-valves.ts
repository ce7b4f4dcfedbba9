// Valves delivered as points (GIS layers) are placed WNTR-style on (pipe, node): the nearest pipe within a
// tolerance, and the end of that pipe nearer along the pipe — a valve 10 m into a 200 m main isolates it from
// the junction it stands next to. Pure: geometry in metres in, valve placements out.
import type { Topology } from '../network/topology.ts';
import type { IsolationValve } from './valves.ts';

export interface ValvePoint {
  readonly id: string;
  readonly xM: number;
  readonly yM: number;
  readonly operable?: boolean;
  readonly closed?: boolean;
}

export interface SnapPipe {
  readonly id: string;
  readonly fromNodeId: string;
  readonly toNodeId: string;
  /** Polyline in metres, from the from-node to the to-node. */
  readonly xyM: readonly (readonly [number, number])[];
}

export interface ValveSnapResult {
  readonly valves: IsolationValve[];
  /** Valves with no pipe within the tolerance. */
  readonly unsnapped: string[];
}

interface Hit {
  distance: number;
  pipe: number;
  along: number;
}

/** Closest point of segment ab to p: squared distance and the fraction t along ab. */
function project(px: number, py: number, ax: number, ay: number, bx: number, by: number): [number, number] {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return [(ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2, t];
}

export function snapValvePoints(
  points: readonly ValvePoint[],
  pipes: readonly SnapPipe[],
  options: { readonly toleranceM: number; readonly cellSizeM?: number },
): ValveSnapResult {
  const tol = options.toleranceM;
  const cell = options.cellSizeM ?? Math.max(tol, 25);
  // Grid of pipe segments by bounding box, so each valve only looks at pipes nearby.
  const grid = new Map<string, number[]>();
  const lengths = pipes.map((pipe, p) => {
    let length = 0;
    for (let i = 1; i < pipe.xyM.length; i++) {
      const [ax, ay] = pipe.xyM[i - 1]!;
      const [bx, by] = pipe.xyM[i]!;
      length += Math.hypot(bx - ax, by - ay);
      for (let cx = Math.floor(Math.min(ax, bx) / cell); cx <= Math.floor(Math.max(ax, bx) / cell); cx++) {
        for (let cy = Math.floor(Math.min(ay, by) / cell); cy <= Math.floor(Math.max(ay, by) / cell); cy++) {
          const key = `${cx},${cy}`;
          const list = grid.get(key);
          if (list === undefined) grid.set(key, [p]);
          else if (list[list.length - 1] !== p) list.push(p);
        }
      }
    }
    return length;
  });
  const valves: IsolationValve[] = [];
  const unsnapped: string[] = [];
  for (const point of points) {
    const hit = nearestPipe(point, pipes, grid, cell, tol);
    if (hit === null) {
      unsnapped.push(point.id);
      continue;
    }
    const pipe = pipes[hit.pipe]!;
    valves.push({
      id: point.id,
      linkId: pipe.id,
      nodeId: hit.along <= lengths[hit.pipe]! / 2 ? pipe.fromNodeId : pipe.toNodeId,
      operable: point.operable ?? true,
      closed: point.closed ?? false,
    });
  }
  return { valves, unsnapped };
}

function nearestPipe(
  point: ValvePoint,
  pipes: readonly SnapPipe[],
  grid: Map<string, number[]>,
  cell: number,
  tol: number,
): Hit | null {
  let best: Hit | null = null;
  const seen = new Set<number>();
  for (let cx = Math.floor((point.xM - tol) / cell); cx <= Math.floor((point.xM + tol) / cell); cx++) {
    for (let cy = Math.floor((point.yM - tol) / cell); cy <= Math.floor((point.yM + tol) / cell); cy++) {
      for (const p of grid.get(`${cx},${cy}`) ?? []) {
        if (seen.has(p)) continue;
        seen.add(p);
        const xy = pipes[p]!.xyM;
        let along = 0;
        for (let i = 1; i < xy.length; i++) {
          const [ax, ay] = xy[i - 1]!;
          const [bx, by] = xy[i]!;
          const [d2, t] = project(point.xM, point.yM, ax, ay, bx, by);
          const segment = Math.hypot(bx - ax, by - ay);
          const distance = Math.sqrt(d2);
          // Ties go to the lower pipe index so the result does not depend on grid iteration order.
          if (
            distance <= tol &&
            (best === null || distance < best.distance || (distance === best.distance && p < best.pipe))
          ) {
            best = { distance, pipe: p, along: along + t * segment };
          }
          along += segment;
        }
      }
    }
  }
  return best;
}

/** The pipes of a network built from geometries, ready for snapValvePoints (same metric frame). */
export function snapPipesOf(network: {
  readonly topology: Topology;
  readonly pipeXyM: readonly (readonly (readonly [number, number])[])[];
}): SnapPipe[] {
  const { topology, pipeXyM } = network;
  return pipeXyM.map((xyM, l) => ({
    id: topology.linkIds[l]!,
    fromNodeId: topology.nodeIds[topology.linkFrom[l]!]!,
    toNodeId: topology.nodeIds[topology.linkTo[l]!]!,
    xyM,
  }));
}
