// Pipe counts per street link: MAX_PIPE_M splitting, adjusted to meet the target exactly.
import { polylineLength } from './geo.ts';
import { piecesFor } from './sides.ts';
import type { StreetEdge } from './streets.ts';

/** Pipes are never shorter or longer than this when the split is adjusted to the target. */
const FIT_RANGE_M = [40, 200] as const;

/**
 * Pieces per link: MAX_PIPE_M splitting, then one more or one fewer piece on the links where it changes
 * pipe lengths least, until the count meets the target (superblocks come in steps of ~100 pipes).
 */
export function fitPieces(edges: StreetEdge[], target: number): void {
  const lengths = edges.map((e) => polylineLength(e.points));
  edges.forEach((e, k) => (e.pieces = piecesFor(lengths[k]!)));
  let diff = target - edges.reduce((s, e) => s + e.pieces, 0);
  const order = edges.map((_, k) => k);
  if (diff > 0) {
    order.sort((p, q) => lengths[q]! / edges[q]!.pieces - lengths[p]! / edges[p]!.pieces || p - q);
    for (const k of order) {
      if (diff === 0) break;
      if (lengths[k]! / (edges[k]!.pieces + 1) < FIT_RANGE_M[0]) continue;
      edges[k]!.pieces += 1;
      diff -= 1;
    }
  } else if (diff < 0) {
    const after = (k: number) => lengths[k]! / Math.max(1, edges[k]!.pieces - 1);
    order.sort((p, q) => after(p) - after(q) || p - q);
    for (const k of order) {
      if (diff === 0) break;
      if (edges[k]!.pieces < 2 || after(k) > FIT_RANGE_M[1]) continue;
      edges[k]!.pieces -= 1;
      diff += 1;
    }
  }
}
