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
  // Typed arrays and no array per segment or piece: this ran for each of a 100k-pipe layer's 300,000 segments.
  let count = 0;
  forEachSegment(pipeXyM, (_p, ax, ay, bx, by) => void (count += piecesOf(ax, ay, bx, by, cell)));
  if (count === 0) return [];
  const pipeOf = new Int32Array(count);
  const ends = new Float64Array(4 * count);
  let i = 0;
  forEachSegment(pipeXyM, (p, ax, ay, bx, by) => {
    const n = piecesOf(ax, ay, bx, by, cell);
    for (let k = 0; k < n; k++) {
      const t0 = k / n;
      const t1 = (k + 1) / n;
      pipeOf[i] = p;
      ends[4 * i] = ax + (bx - ax) * t0;
      ends[4 * i + 1] = ay + (by - ay) * t0;
      ends[4 * i + 2] = ax + (bx - ax) * t1;
      ends[4 * i + 3] = ay + (by - ay) * t1;
      i += 1;
    }
  });
  const tree = new Flatbush(count, 16, Float64Array);
  for (let j = 0; j < count; j++) {
    const ax = ends[4 * j]!;
    const ay = ends[4 * j + 1]!;
    const bx = ends[4 * j + 2]!;
    const by = ends[4 * j + 3]!;
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
    for (const j of tree.search(x - tol, y - tol, x + tol, y + tol)) {
      const p = pipeOf[j]!;
      if (p === own || topology.linkFrom[p] === node || topology.linkTo[p] === node) continue;
      best = Math.min(
        best,
        distanceToSegment(x, y, ends[4 * j]!, ends[4 * j + 1]!, ends[4 * j + 2]!, ends[4 * j + 3]!),
      );
    }
    if (best <= tol)
      out.push({ link: own, end: topology.linkFrom[own] === node ? START : END, distance: best });
  }
  return out;
}

type Segment = (pipe: number, ax: number, ay: number, bx: number, by: number) => void;

/** Every segment of finite coordinates, pipe by pipe. */
function forEachSegment(pipeXyM: CheckedNet['pipeXyM'], fn: Segment): void {
  for (let p = 0; p < pipeXyM.length; p++) {
    const xy = pipeXyM[p]!;
    for (let i = 1; i < xy.length; i++) {
      const [ax, ay] = xy[i - 1]!;
      const [bx, by] = xy[i]!;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))
        fn(p, ax, ay, bx, by);
    }
  }
}

/** Index entries of one segment: pieces of about `cell`, at most MAX_PIECES. */
const piecesOf = (ax: number, ay: number, bx: number, by: number, cell: number) =>
  Math.min(MAX_PIECES, Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / cell)));

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}
