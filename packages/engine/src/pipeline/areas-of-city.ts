// Which pipes lie in which polygon, by the midpoint along the pipe (what the server does in SQL with
// ST_LineInterpolatePoint + ST_Within), for datasets built in memory (from-city.ts). Even-odd ray casting
// in lon/lat, which is exact enough at town scale; polygons are pre-filtered by bounding box.
import type { LonLat } from './types.ts';

type Ring = readonly (readonly [number, number])[];
/** A polygon as rings (outer first, then holes); a multipolygon is several. */
export type Rings = readonly Ring[];

/** The point halfway along a polyline (planar in lon/lat). */
export function midpointAlong(points: readonly LonLat[]): LonLat | null {
  if (points.length === 0) return null;
  const lengths: number[] = [];
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const d = Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
    lengths.push(d);
    total += d;
  }
  let remaining = total / 2;
  for (let i = 1; i < points.length; i++) {
    const d = lengths[i - 1]!;
    if (remaining <= d && d > 0) {
      const t = remaining / d;
      const [ax, ay] = points[i - 1]!;
      const [bx, by] = points[i]!;
      return [ax + t * (bx - ax), ay + t * (by - ay)];
    }
    remaining -= d;
  }
  return points[0]!;
}

/**
 * Even-odd ray casting over every ring of an area (outer rings, holes, the parts of a multipolygon), with
 * the edges bucketed in horizontal bands so a point tests only the edges its ray's band crosses: a supply
 * area traced around a pressure zone has thousands of vertices and holds most of the pipes.
 */
function insideTest(polygons: readonly Rings[], box: Box): (point: LonLat) => boolean {
  const edges: number[] = [];
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
        edges.push(ring[j]![0], ring[j]![1], ring[i]![0], ring[i]![1]);
    }
  }
  const count = edges.length / 4;
  const bands = Math.max(1, Math.ceil(count / 8));
  const height = (box.y1 - box.y0) / bands || 1;
  const bandOf = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - box.y0) / height)));
  const byBand: number[][] = Array.from({ length: bands }, () => []);
  for (let e = 0; e < count; e++) {
    const [ya, yb] = [edges[4 * e + 1]!, edges[4 * e + 3]!];
    for (let b = bandOf(Math.min(ya, yb)); b <= bandOf(Math.max(ya, yb)); b++) byBand[b]!.push(e);
  }
  return ([x, y]) => {
    let inside = false;
    for (const e of byBand[bandOf(y)]!) {
      const [xj, yj, xi, yi] = [edges[4 * e]!, edges[4 * e + 1]!, edges[4 * e + 2]!, edges[4 * e + 3]!];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function boxOf(polygons: readonly Rings[]): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of polygons) {
    for (const [x, y] of rings[0] ?? []) {
      [x0, y0] = [Math.min(x0, x), Math.min(y0, y)];
      [x1, y1] = [Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return { x0, y0, x1, y1 };
}

/**
 * Indices of the points inside each area. Areas are indexed in a uniform grid of cells about the size of
 * a typical area (median bounding-box side), so each point tests only the few areas whose box covers its
 * cell: O(points + areas) for thousands of population regions and 100k pipes.
 */
export function pointsInAreas(
  points: readonly (LonLat | null)[],
  areas: readonly (readonly Rings[])[],
): number[][] {
  const boxes = areas.map(boxOf);
  const inside = areas.map((polygons, a) => insideTest(polygons, boxes[a]!));
  const sides = boxes
    .map((b) => Math.max(b.x1 - b.x0, b.y1 - b.y0))
    .filter((side) => side > 0 && Number.isFinite(side))
    .sort((a, b) => a - b);
  const cell = sides[Math.floor(sides.length / 2)] ?? 1;
  const grid = new Map<string, number[]>();
  boxes.forEach((b, a) => {
    if (!Number.isFinite(b.x0)) return;
    for (let cx = Math.floor(b.x0 / cell); cx <= Math.floor(b.x1 / cell); cx++) {
      for (let cy = Math.floor(b.y0 / cell); cy <= Math.floor(b.y1 / cell); cy++) {
        const key = `${cx},${cy}`;
        const list = grid.get(key);
        if (list === undefined) grid.set(key, [a]);
        else list.push(a);
      }
    }
  });
  const members: number[][] = areas.map(() => []);
  points.forEach((p, i) => {
    if (p === null) return;
    for (const a of grid.get(`${Math.floor(p[0] / cell)},${Math.floor(p[1] / cell)}`) ?? []) {
      const b = boxes[a]!;
      if (p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1 && inside[a]!(p)) members[a]!.push(i);
    }
  });
  return members;
}
