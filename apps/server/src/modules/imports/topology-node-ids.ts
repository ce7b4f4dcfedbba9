// Nodes by id, for a layer whose links name their end nodes (start/end node columns, an EPANET model): the ids are
// the topology, as the analysis builds it (engine pipeline/network.ts), and coordinates only check them (issue 16:
// snapping merged coincident but unconnected nodes, and collapsed nodes 0.445 m apart). Reported: ends farther than
// the tolerance from the other ends of their node (a wrong id, or a line drawn to the wrong place), and different
// nodes within the tolerance of each other, which the ids keep apart.
import { LinkKind, type LinkInput, type LocalProjection, buildTopology } from '@pipewise/engine';
import {
  type CheckedNet,
  END,
  FindingList,
  type LinkRow,
  START,
  densestPoint,
  endOf,
  endXy,
  incidentEnds,
  linkOf,
  projectAll,
  roundM,
} from './topology-net.ts';

type Xy = readonly [number, number];

export interface NodeIdFindings {
  readonly net: CheckedNet;
  readonly farEnds: FindingList;
  readonly coincident: FindingList;
  readonly selfLoops: FindingList;
}

/** Every link must carry both node ids (the caller checks). */
export function nodeIdNet(
  links: readonly LinkRow[],
  toleranceM: number,
  projection: LocalProjection,
): NodeIdFindings {
  const pipeXyM = projectAll(links, projection);
  const inputs: LinkInput[] = links.map((l, i) => ({
    id: String(i),
    from: l.from!,
    to: l.to!,
    kind: LinkKind.Pipe,
    lengthM: l.lengthM ?? 0,
  }));
  const nodeIds = [...new Set(links.flatMap((l) => [l.from!, l.to!]))];
  const topology = buildTopology(
    nodeIds.map((id) => ({ id })),
    inputs,
  );
  const nodeXyM = new Float64Array(2 * nodeIds.length).fill(NaN);
  const net: CheckedNet = { topology, nodeXyM, pipeXyM, links };
  const farEnds = placeNodes(net, toleranceM);
  const selfLoops = new FindingList();
  links.forEach((l, i) => {
    if (l.from === l.to) selfLoops.add({ ...linkOf(net, i), node_id: l.from! });
  });
  return { net, farEnds, coincident: coincidentNodes(net, toleranceM), selfLoops };
}

/**
 * Each node stands where most of its drawn ends agree within the tolerance; the ends farther than that are
 * reported, the farthest first.
 */
function placeNodes(net: CheckedNet, tol: number): FindingList {
  const { topology, pipeXyM, nodeXyM } = net;
  const far = new FindingList();
  for (let node = 0; node < topology.nodeIds.length; node++) {
    const ends: { l: number; end: number; xy: Xy }[] = [];
    for (const { l, end } of incidentEnds(topology, node)) {
      const xy = endXy(pipeXyM[l]!, end);
      if (xy !== undefined) ends.push({ l, end, xy });
    }
    const best = densestPoint(
      ends.map((e) => e.xy),
      tol,
    );
    if (best === undefined) continue;
    const near = (a: Xy, b: Xy) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    nodeXyM[2 * node] = best[0];
    nodeXyM[2 * node + 1] = best[1];
    const id = topology.nodeIds[node]!;
    for (const e of ends) {
      const d = near(e.xy, best);
      if (d > tol) far.add({ ...endOf(net, e.l, e.end, id), distance_m: roundM(d) }, -d);
    }
  }
  return far;
}

/** Nodes within the tolerance of another (a grid of tolerance-sized cells: O(nodes)), closest first. */
function coincidentNodes(net: CheckedNet, tol: number): FindingList {
  const { topology, nodeXyM } = net;
  const found = new FindingList();
  const cell = Math.max(tol, 1e-3);
  const grid = new Map<string, number[]>();
  const key = (cx: number, cy: number) => `${cx},${cy}`;
  const anEnd = (node: number) => {
    const l = topology.incidentLinks[topology.incidentStart[node]!]!;
    return endOf(net, l, topology.linkFrom[l] === node ? START : END, topology.nodeIds[node]);
  };
  for (let node = 0; node < topology.nodeIds.length; node++) {
    const x = nodeXyM[2 * node]!;
    const y = nodeXyM[2 * node + 1]!;
    if (Number.isNaN(x)) continue;
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    let represented = false;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(key(cx + dx, cy + dy)) ?? []) {
          const d = Math.hypot(nodeXyM[2 * other]! - x, nodeXyM[2 * other + 1]! - y);
          if (d <= tol) {
            found.add({ ...anEnd(other), distance_m: roundM(d), with: [anEnd(node)] }, d);
            represented = true;
          }
        }
    // A node within the tolerance of one already kept is reported against it and not kept itself: the kept nodes
    // are then more than the tolerance apart, a few per cell, and 100,000 nodes on one spot cost 100,000 steps
    // instead of 100,000² / 2 (issue 37). n nodes on one spot are n − 1 findings, each named with the first.
    if (represented) continue;
    const list = grid.get(key(cx, cy));
    if (list) list.push(node);
    else grid.set(key(cx, cy), [node]);
  }
  return found;
}
