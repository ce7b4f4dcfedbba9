// Dangling ends that another pipe passes within the user's snap tolerance: a digitising gap (an end stopping short
// of the main it tees into), not a real dead end. A grid of pipe segments keeps it O(ends).
import { type CheckedNet, END, START } from './topology-net.ts';

export function unsnappedEnds(
  net: CheckedNet,
  dangling: readonly number[],
  tol: number,
): { link: number; end: number; distance: number }[] {
  const { topology, pipeXyM, nodeXyM } = net;
  const cell = Math.max(tol, 50);
  const grid = new Map<string, number[]>();
  const put = (p: number, ax: number, ay: number, bx: number, by: number) => {
    for (let cx = Math.floor(Math.min(ax, bx) / cell); cx <= Math.floor(Math.max(ax, bx) / cell); cx++)
      for (let cy = Math.floor(Math.min(ay, by) / cell); cy <= Math.floor(Math.max(ay, by) / cell); cy++) {
        const list = grid.get(`${cx},${cy}`);
        if (!list) grid.set(`${cx},${cy}`, [p]);
        else if (!list.includes(p)) list.push(p);
      }
  };
  pipeXyM.forEach((xy, p) => {
    for (let i = 1; i < xy.length; i++) {
      const [ax, ay] = xy[i - 1]!;
      const [bx, by] = xy[i]!;
      // Long segments go in cell-sized pieces: a diagonal's bounding box would cover cells² instead of cells.
      const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / cell));
      for (let k = 0; k < pieces; k++) {
        const [t0, t1] = [k / pieces, (k + 1) / pieces];
        put(p, ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1);
      }
    }
  });
  const out: { link: number; end: number; distance: number }[] = [];
  for (const node of dangling) {
    const x = nodeXyM[2 * node]!;
    const y = nodeXyM[2 * node + 1]!;
    if (Number.isNaN(x)) continue;
    const own = topology.incidentLinks[topology.incidentStart[node]!]!;
    let best = Infinity;
    for (let cx = Math.floor((x - tol) / cell); cx <= Math.floor((x + tol) / cell); cx++)
      for (let cy = Math.floor((y - tol) / cell); cy <= Math.floor((y + tol) / cell); cy++)
        for (const p of grid.get(`${cx},${cy}`) ?? []) {
          if (p === own || topology.linkFrom[p] === node || topology.linkTo[p] === node) continue;
          best = Math.min(best, distanceToPolyline(x, y, pipeXyM[p]!));
        }
    if (best <= tol)
      out.push({ link: own, end: topology.linkFrom[own] === node ? START : END, distance: best });
  }
  return out;
}

function distanceToPolyline(px: number, py: number, xy: readonly (readonly [number, number])[]): number {
  let best = Infinity;
  for (let i = 1; i < xy.length; i++) {
    const [ax, ay] = xy[i - 1]!;
    const [bx, by] = xy[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx - px, ay + t * dy - py));
  }
  return best;
}
