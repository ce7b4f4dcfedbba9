// Nearest network node to a point, for point assets (sources, critical facilities). A linear scan: a dataset
// has tens of such assets, so a spatial index would cost more than it saves.

export interface NodeHit {
  readonly node: number;
  readonly distanceM: number;
}

/** Nodes with unknown position (NaN) are skipped; ties go to the lower node index. */
export function nearestNode(nodeXyM: Float64Array, [x, y]: readonly [number, number]): NodeHit | null {
  let best: NodeHit | null = null;
  for (let n = 0; 2 * n < nodeXyM.length; n++) {
    const d = Math.hypot(nodeXyM[2 * n]! - x, nodeXyM[2 * n + 1]! - y);
    if (Number.isFinite(d) && (best === null || d < best.distanceM)) best = { node: n, distanceM: d };
  }
  return best;
}
