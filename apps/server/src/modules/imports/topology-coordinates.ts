// Nodes by coordinates, for a layer without node ids: pipe ends within the tolerance become one node (engine
// topologyFromLines, the same snapping the analysis does). Snapping changes the network, so the check says what it
// did (issue 16: 63 groups of ends were merged and 35 links became self-loops without a word): the groups of ends
// at different points joined into one node with the largest distance moved, the links drawn shorter than the
// tolerance (their two ends may have become one node), and the self-loops.
import { type LocalProjection, topologyFromLines } from '@pipewise/engine';
import {
  type CheckedNet,
  END,
  FindingList,
  type LinkRow,
  START,
  endOf,
  endXy,
  incidentEnds,
  linkOf,
  polylineM,
  projectAll,
  roundM,
} from './topology-net.ts';

/** Ends closer than this are one point as drawn (reprojection noise), not a merge. */
const SAME_POINT_M = 0.001;
const MAX_GROUP_SHOWN = 5;

export interface CoordinateFindings {
  readonly net: CheckedNet;
  readonly merged: FindingList;
  readonly largestMergeM: number;
  readonly shortLinks: FindingList;
  readonly selfLoops: FindingList;
}

export function coordinateNet(
  all: readonly LinkRow[],
  toleranceM: number,
  projection: LocalProjection,
): CoordinateFindings {
  const links = all.filter((l) => l.lonLat.length >= 2);
  const pipeXyM = projectAll(links, projection);
  const snapped = topologyFromLines(
    links.map((l, i) => ({ id: String(i), coordinates: pipeXyM[i]!, ...lengthOf(l) })),
    { toleranceM, coordinates: 'metres' },
  );
  const net: CheckedNet = { topology: snapped.topology, nodeXyM: snapped.nodeXyM, pipeXyM, links };
  const { merged, largestMergeM } = mergedGroups(net);
  const shortLinks = new FindingList();
  const selfLoops = new FindingList();
  const { linkFrom, linkTo } = net.topology;
  pipeXyM.forEach((xy, l) => {
    const drawn = polylineM(xy);
    if (drawn > 0 && drawn < toleranceM) shortLinks.add({ ...linkOf(net, l), length_m: roundM(drawn) });
    if (linkFrom[l] === linkTo[l]) selfLoops.add({ ...linkOf(net, l), length_m: roundM(drawn) });
  });
  return { net, merged, largestMergeM, shortLinks, selfLoops };
}

const lengthOf = (l: LinkRow) => (l.lengthM === null ? {} : { lengthM: l.lengthM });

/** Nodes whose ends were not all at one point: each a group, its largest move first among the examples. */
function mergedGroups(net: CheckedNet): { merged: FindingList; largestMergeM: number } {
  const { topology } = net;
  const merged = new FindingList();
  let largestMergeM = 0;
  for (let node = 0; node < topology.nodeIds.length; node++) {
    // Most nodes are ends at one point: the farthest end is found first, without a list of the ends.
    const far = farthestEnd(net, node);
    if (!(far > SAME_POINT_M)) continue;
    const ends = incidentEnds(topology, node).map(({ l, end }) => ({
      l,
      end,
      d: endDistance(net, node, l, end),
    }));
    largestMergeM = Math.max(largestMergeM, far);
    ends.sort((a, b) => a.d - b.d);
    const [first, ...others] = ends;
    merged.add(
      {
        ...endOf(net, first!.l, first!.end),
        distance_m: roundM(far),
        with: others.slice(0, MAX_GROUP_SHOWN).map((e) => endOf(net, e.l, e.end)),
      },
      -far,
    );
  }
  return { merged, largestMergeM: roundM(largestMergeM) };
}

/** How far an end of link `l` lies from its node's place. */
function endDistance(net: CheckedNet, node: number, l: number, end: number): number {
  const [x, y] = endXy(net.pipeXyM[l]!, end)!;
  return Math.hypot(x - net.nodeXyM[2 * node]!, y - net.nodeXyM[2 * node + 1]!);
}

/** The largest distance of the node's ends from its place (-Infinity for none; a self-loop, listed twice, alike). */
function farthestEnd(net: CheckedNet, node: number): number {
  const { incidentStart, incidentLinks, linkFrom, linkTo } = net.topology;
  let far = -Infinity;
  for (let k = incidentStart[node]!; k < incidentStart[node + 1]!; k++) {
    const l = incidentLinks[k]!;
    if (linkFrom[l] === node) far = Math.max(far, endDistance(net, node, l, START));
    if (linkTo[l] === node) far = Math.max(far, endDistance(net, node, l, END));
  }
  return far;
}
