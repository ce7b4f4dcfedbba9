// Joins the included superblocks into one street graph: arterial intersections at merged attachment
// points, arterial links between them, and each patch's local streets wired to those nodes.
import type { Xy } from './geo.ts';
import type { Lattice } from './lattice.ts';
import type { PatchStreets } from './patch.ts';
import { MERGE_M, type SideData, clusters, sideKey } from './sides.ts';
import type { PatchInfo, StreetEdge, StreetGraph } from './streets.ts';

export function assemble(
  lattice: Lattice,
  patches: PatchInfo[],
  streets: PatchStreets[],
  sides: Map<string, SideData>,
): StreetGraph {
  const nodes: Xy[] = [];
  const nodePatch: number[] = [];
  const nodeByKey = new Map<string, number>();
  const nodeAt = (key: string, p: Xy, patch: number) => {
    let n = nodeByKey.get(key);
    if (n === undefined) {
      n = nodes.length;
      nodes.push(p);
      nodePatch.push(patch);
      nodeByKey.set(key, n);
    }
    return n;
  };
  const edges: StreetEdge[] = [];
  const sideClusters = new Map<string, { ts: number[]; ids: number[] }>();
  for (const [key, side] of sides) {
    const ts = clusters(side.ts, side.lengthM);
    const arterial = (t: number) => lattice.arterial(side.kind, side.i, side.j, t);
    const [ei, ej] = side.kind === 'H' ? [side.i + 1, side.j] : [side.i, side.j + 1];
    const ids = ts.map((t, k) => nodeAt(`${key}:${k}`, arterial(t), side.olderPatch));
    sideClusters.set(key, { ts, ids });
    const all = [0, ...ts, 1];
    const allIds = [
      nodeAt(`${side.i},${side.j}`, lattice.corner(side.i, side.j), side.olderPatch),
      ...ids,
      nodeAt(`${ei},${ej}`, lattice.corner(ei, ej), side.olderPatch),
    ];
    for (let k = 1; k < all.length; k++) {
      const [t0, t1] = [all[k - 1]!, all[k]!];
      const steps = Math.max(1, Math.ceil(((t1 - t0) * side.lengthM) / 60));
      const points = Array.from({ length: steps + 1 }, (_, s) => arterial(t0 + ((t1 - t0) * s) / steps));
      edges.push({
        a: allIds[k - 1]!,
        b: allIds[k]!,
        points,
        // Arterials on every other lattice line (≈ 1.6 km, the US mile grid); collectors between them.
        road: (side.kind === 'H' ? side.j : side.i) % 2 === 0 ? 'arterial' : 'collector',
        line: `${side.kind}${side.kind === 'H' ? side.j : side.i}`,
        patch: side.olderPatch,
        court: false,
        pieces: 1,
      });
    }
  }
  patches.forEach((patch, p) => {
    const local = streets[p]!;
    const global = local.nodes.map((point, n) => {
      const at = local.attach[n];
      if (!at) return -1;
      const key = sideKey(at.side, patch.i, patch.j);
      const side = sides.get(key)!;
      const cl = sideClusters.get(key)!;
      if (at.t * side.lengthM < MERGE_M) return nodeAt(`${side.i},${side.j}`, point, p);
      if ((1 - at.t) * side.lengthM < MERGE_M) {
        return nodeAt(side.kind === 'H' ? `${side.i + 1},${side.j}` : `${side.i},${side.j + 1}`, point, p);
      }
      let best = 0;
      cl.ts.forEach((t, k) => {
        if (Math.abs(t - at.t) < Math.abs(cl.ts[best]! - at.t)) best = k;
      });
      return cl.ids[best]!;
    });
    const localId = (n: number) => {
      if (global[n]! < 0) global[n] = nodeAt(`p${p}:${n}`, local.nodes[n]!, p);
      return global[n]!;
    };
    for (const e of local.edges) {
      const [a, b] = [localId(e.a), localId(e.b)];
      if (a === b) continue;
      const points = [...e.points];
      points[0] = nodes[a]!;
      points[points.length - 1] = nodes[b]!;
      edges.push({ a, b, points, road: e.road, line: e.line, patch: p, court: e.court, pieces: 1 });
    }
  });
  return { lattice, nodes, edges, patches, nodePatch };
}
