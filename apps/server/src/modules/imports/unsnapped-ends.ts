// Dangling ends that another pipe passes within the user's snap tolerance: a digitising gap (an end stopping short
// of the main it tees into), not a real dead end. An R-tree of pipe segments keeps it O(ends log segments).
import Flatbush from 'flatbush';
import { type CheckedNet, END, START } from './topology-net.ts';

/** At most this many index entries per pipe segment, whatever its length (see below). */
const MAX_PIECES = 64;

export function unsnappedEnds(
  net: CheckedNet,
  dangling: readonly number[],
  tol: number,
): { link: number; end: number; distance: number }[] {
  const { topology, pipeXyM, nodeXyM } = net;
  // Segments go into a packed R-tree (Flatbush) in pieces of about `cell`, so a diagonal's box does not cover a
  // whole map; a segment gets at most MAX_PIECES pieces, so memory stays linear in segments. A hand-made grid keyed
  // by cell made a file whose coordinates were read in the wrong unit (pipes thousands of km long) allocate a cell
  // per 50 m of every pipe: over 16 million map entries, and the check failed (issue 18's corpus).
  const cell = Math.max(tol, 50);
  const pieces: number[] = [];
  pipeXyM.forEach((xy, p) => {
    for (let i = 1; i < xy.length; i++) {
      const [ax, ay] = xy[i - 1]!;
      const [bx, by] = xy[i]!;
      if (![ax, ay, bx, by].every(Number.isFinite)) continue;
      const n = Math.min(MAX_PIECES, Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / cell)));
      for (let k = 0; k < n; k++) {
        const [t0, t1] = [k / n, (k + 1) / n];
        pieces.push(p, ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1);
      }
    }
  });
  const count = pieces.length / 5;
  if (count === 0) return [];
  const tree = new Flatbush(count, 16, Float64Array);
  for (let i = 0; i < count; i++) {
    const [ax, ay, bx, by] = [pieces[5 * i + 1]!, pieces[5 * i + 2]!, pieces[5 * i + 3]!, pieces[5 * i + 4]!];
    tree.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
  }
  tree.finish();
  const out: { link: number; end: number; distance: number }[] = [];
  for (const node of dangling) {
    const x = nodeXyM[2 * node]!;
    const y = nodeXyM[2 * node + 1]!;
    if (Number.isNaN(x)) continue;
    const own = topology.incidentLinks[topology.incidentStart[node]!]!;
    let best = Infinity;
    for (const i of tree.search(x - tol, y - tol, x + tol, y + tol)) {
      const p = pieces[5 * i]!;
      if (p === own || topology.linkFrom[p] === node || topology.linkTo[p] === node) continue;
      best = Math.min(
        best,
        distanceToSegment(
          x,
          y,
          pieces[5 * i + 1]!,
          pieces[5 * i + 2]!,
          pieces[5 * i + 3]!,
          pieces[5 * i + 4]!,
        ),
      );
    }
    if (best <= tol)
      out.push({ link: own, end: topology.linkFrom[own] === node ? START : END, distance: best });
  }
  return out;
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}
