// Supply reachability on an open EPANET project: which junctions no open link path joins to a reservoir or
// a tank that still holds water. Complements the pressures (see hydraulic.ts). Reading a link's status
// through the WASM boundary costs more than a hydraulic step, so only links whose status can change during a
// run are read (pumps, valves, check valves, pipes at tanks, links named in controls; all when the model has
// rules); ordinary pipes keep their initial status, and the closure's own links are known to be closed.
import { CountType, LinkProperty, LinkType, NodeProperty, NodeType, type Project } from 'epanet-js';

export interface LinkGraph {
  readonly nodeCount: number;
  /** Per node (1-based): [link, other node] pairs. */
  readonly adjacency: readonly (readonly [number, number])[][];
  readonly tanks: readonly number[];
  readonly reservoirs: readonly number[];
  readonly isJunction: Uint8Array;
  /** 1: status read from the run; 0: initially closed for good; 2: initially open for good. */
  readonly linkMode: Uint8Array;
}

const READ = 1;
const FIXED_OPEN = 2;

export function linkGraph(project: Project): LinkGraph {
  const nodeCount = project.getCount(CountType.NodeCount);
  const adjacency: [number, number][][] = Array.from({ length: nodeCount + 1 }, () => []);
  const tanks: number[] = [];
  const reservoirs: number[] = [];
  const isJunction = new Uint8Array(nodeCount + 1);
  for (let i = 1; i <= nodeCount; i++) {
    const type = project.getNodeType(i);
    if (type === NodeType.Junction) isJunction[i] = 1;
    else (type === NodeType.Tank ? tanks : reservoirs).push(i);
  }
  const links = project.getCount(CountType.LinkCount);
  const linkMode = new Uint8Array(links + 1);
  const allDynamic = project.getCount(CountType.RuleCount) > 0;
  const controlled = new Set<number>();
  for (let c = 1; c <= project.getCount(CountType.ControlCount); c++)
    controlled.add(project.getControl(c).linkIndex);
  const isTank = new Set(tanks);
  for (let l = 1; l <= links; l++) {
    const { node1, node2 } = project.getLinkNodes(l);
    adjacency[node1]!.push([l, node2]);
    adjacency[node2]!.push([l, node1]);
    const dynamic =
      allDynamic ||
      project.getLinkType(l) !== LinkType.Pipe ||
      controlled.has(l) ||
      isTank.has(node1) ||
      isTank.has(node2);
    linkMode[l] = dynamic ? READ : project.getLinkValue(l, LinkProperty.InitStatus) === 0 ? 0 : FIXED_OPEN;
  }
  return { nodeCount, adjacency, tanks, reservoirs, isJunction, linkMode };
}

/**
 * Junctions with no path of currently open links to a reservoir or a tank holding water, now. A tank at
 * its minimum level supplies nothing (EPANET then closes its links, and the nodes behind keep a phantom head).
 */
export function unreachable(project: Project, graph: LinkGraph, closed: ReadonlySet<number>): number[] {
  const seen = new Uint8Array(graph.nodeCount + 1);
  const stack: number[] = [...graph.reservoirs];
  for (const t of graph.tanks) {
    const above =
      project.getNodeValue(t, NodeProperty.TankLevel) - project.getNodeValue(t, NodeProperty.MinLevel);
    if (above > 1e-3) stack.push(t);
  }
  for (const s of stack) seen[s] = 1;
  const isOpen = (l: number): boolean => {
    if (closed.has(l)) return false;
    const mode = graph.linkMode[l]!;
    return mode === READ ? project.getLinkValue(l, LinkProperty.Status) !== 0 : mode === FIXED_OPEN;
  };
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const [l, m] of graph.adjacency[n]!) {
      if (seen[m] || !isOpen(l)) continue;
      seen[m] = 1;
      stack.push(m);
    }
  }
  const out: number[] = [];
  for (let n = 1; n <= graph.nodeCount; n++) if (!seen[n] && graph.isJunction[n]) out.push(n);
  return out;
}
