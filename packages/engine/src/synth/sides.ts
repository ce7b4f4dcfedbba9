// Arterial sides of superblocks: where local streets attach, how nearby attachments merge into one
// intersection, and how many pipes a side carries.
import type { Side } from './patch.ts';

/** Pipes are laid in lengths of at most this between junctions (long blocks are split). */
export const MAX_PIPE_M = 130;
/** Streets meeting an arterial closer than this share one intersection. */
export const MERGE_M = 25;

export const piecesFor = (lengthM: number) => Math.max(1, Math.ceil(lengthM / MAX_PIPE_M));

export const sideKey = (side: Side, i: number, j: number) =>
  side === 'B'
    ? `H${i},${j}`
    : side === 'T'
      ? `H${i},${j + 1}`
      : side === 'L'
        ? `V${i},${j}`
        : `V${i + 1},${j}`;

export interface SideData {
  kind: 'H' | 'V';
  i: number;
  j: number;
  lengthM: number;
  ts: number[];
  olderPatch: number;
}

/** Attachment parameters merged into intersections: t values in (0, 1), corners excluded. */
export function clusters(ts: readonly number[], lengthM: number): number[] {
  const sorted = [...ts].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const t of sorted) {
    if (t * lengthM < MERGE_M || (1 - t) * lengthM < MERGE_M) continue;
    const last = out[out.length - 1];
    if (last && (t - last[last.length - 1]!) * lengthM < MERGE_M) last.push(t);
    else out.push([t]);
  }
  return out.map((c) => c.reduce((s, t) => s + t, 0) / c.length);
}

export function sidePipes(side: SideData): number {
  const cuts = [0, ...clusters(side.ts, side.lengthM), 1];
  let count = 0;
  for (let k = 1; k < cuts.length; k++) count += piecesFor((cuts[k]! - cuts[k - 1]!) * side.lengthM);
  return count;
}
