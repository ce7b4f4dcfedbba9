// The topology part of the validation report for a pipes layer: the network the pipes make when their ends are
// joined within JOIN_TOLERANCE_M (engine: topologyFromLines, connectedComponents, danglingEnds), the dangling ends
// that another pipe passes within the user's snap tolerance (a digitising gap, not a real dead end), and existing
// valves that no new pipe comes near. Holds vertices only, never the rows.
import type { Geometry } from 'geojson';
import type { TopologyReport } from '@pipewise/domain';
import {
  connectedComponents,
  danglingEnds,
  snapPipesOf,
  snapValvePoints,
  topologyFromLines,
  type LinePipe,
} from '@pipewise/engine';

/** Ends closer than this are one node: survey noise, not a gap. */
export const JOIN_TOLERANCE_M = 0.5;
const MAX_EXAMPLES = 10;

export const EMPTY_TOPOLOGY: TopologyReport = {
  nodes: 0,
  components: 0,
  largest_component_share: 0,
  dangling_ends: 0,
  unsnapped_ends: 0,
  unsnapped_examples: [],
  valves_far: 0,
};

export class PipeLines {
  readonly lines: LinePipe[] = [];
  readonly nativeIds: string[] = [];

  add(nativeId: string, geometry: Geometry | null): void {
    const coordinates = verticesOf(geometry);
    if (coordinates.length < 2) return;
    this.lines.push({ id: String(this.lines.length), coordinates });
    this.nativeIds.push(nativeId);
  }
}

function verticesOf(g: Geometry | null): [number, number][] {
  if (g?.type === 'LineString') return g.coordinates.map((p) => [p[0]!, p[1]!]);
  if (g?.type === 'MultiLineString') return g.coordinates.flat().map((p) => [p[0]!, p[1]!]);
  return [];
}

export function topologyReport(
  pipes: PipeLines,
  snapToleranceM: number,
  existingValves: readonly (readonly [number, number])[],
): TopologyReport {
  if (pipes.lines.length === 0) return { ...EMPTY_TOPOLOGY, valves_far: existingValves.length };
  const net = topologyFromLines(pipes.lines, { toleranceM: JOIN_TOLERANCE_M, coordinates: 'lonlat' });
  const { topology } = net;
  const components = connectedComponents(topology);
  const lengthOf = new Float64Array(components.count);
  let total = 0;
  for (let l = 0; l < topology.linkIds.length; l++) {
    lengthOf[components.componentOfNode[topology.linkFrom[l]!]!]! += topology.linkLengthM[l]!;
    total += topology.linkLengthM[l]!;
  }
  const dangling = danglingEnds(topology);
  const unsnapped = unsnappedEnds(net, dangling, snapToleranceM);
  const valves = existingValves.map(([lon, lat], i) => {
    const [xM, yM] = net.projection!.toMetres(lon, lat);
    return { id: String(i), xM, yM };
  });
  const far = valves.length
    ? snapValvePoints(valves, snapPipesOf(net), { toleranceM: Math.max(snapToleranceM, JOIN_TOLERANCE_M) })
        .unsnapped.length
    : 0;
  return {
    nodes: topology.nodeIds.length,
    components: components.count,
    largest_component_share: total > 0 ? Math.round((Math.max(...lengthOf) / total) * 1e4) / 1e4 : 0,
    dangling_ends: dangling.length,
    unsnapped_ends: unsnapped.length,
    unsnapped_examples: unsnapped.slice(0, MAX_EXAMPLES).map((u) => ({
      native_id: pipes.nativeIds[u.link]!,
      distance_m: Math.round(u.distance * 100) / 100,
    })),
    valves_far: far,
  };
}

type Net = ReturnType<typeof topologyFromLines>;

/** Dangling ends with a pipe not attached to them within the tolerance (segment grid, O(ends)). */
function unsnappedEnds(net: Net, dangling: readonly number[], tol: number) {
  const { topology, pipeXyM, nodeXyM } = net;
  if (tol <= JOIN_TOLERANCE_M) return [];
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
  const out: { link: number; distance: number }[] = [];
  for (const node of dangling) {
    const x = nodeXyM[2 * node]!;
    const y = nodeXyM[2 * node + 1]!;
    const own = topology.incidentLinks[topology.incidentStart[node]!]!;
    let best = Infinity;
    for (let cx = Math.floor((x - tol) / cell); cx <= Math.floor((x + tol) / cell); cx++)
      for (let cy = Math.floor((y - tol) / cell); cy <= Math.floor((y + tol) / cell); cy++)
        for (const p of grid.get(`${cx},${cy}`) ?? []) {
          if (p === own || topology.linkFrom[p] === node || topology.linkTo[p] === node) continue;
          best = Math.min(best, distanceToPolyline(x, y, pipeXyM[p]!));
        }
    if (best <= tol) out.push({ link: own, distance: best });
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
