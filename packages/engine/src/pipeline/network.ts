// The network of a dataset, rebuilt the same way by every stage that needs it (the server stores plain
// results, never a topology): non-abandoned pipes only; EPANET node ids when every pipe carries them, else
// pipe ends snapped within a tolerance; sources marked; isolation valves placed on (pipe, end node).
import { parseInp } from '../epanet/inp-parser.ts';
import type { InpModel } from '../epanet/inp-types.ts';
import { type LocalProjection, projectionFor } from '../network/projection.ts';
import { topologyFromLines } from '../network/snap-nodes.ts';
import { LinkKind, type LinkInput, NodeKind, type Topology, buildTopology } from '../network/topology.ts';
import { type SnapPipe, snapValvePoints } from '../vis/snap-valves.ts';
import type { IsolationValve } from '../vis/valves.ts';
import { nodeIndex } from './nearest-node.ts';
import type { DatasetInputs, DatasetPipe, LonLat } from './types.ts';

export const DEFAULT_SNAP_TOLERANCE_M = 0.5;
/** Valves without a linked pipe join the nearest pipe within this distance (digitised valve symbols). */
export const DEFAULT_VALVE_SNAP_TOLERANCE_M = 10;
/** Pumps and control valves of the .inp become topology links under this prefix (no clash with pipe ids). */
export const INP_LINK_PREFIX = 'inp:';

type Xy = readonly [number, number];

export interface DatasetNetwork {
  /** 'nodes': built from the pipes' fromNode/toNode; 'lines': ends snapped from geometry. */
  readonly mode: 'nodes' | 'lines';
  readonly topology: Topology;
  /** Node positions in metres (local projection), NaN when unknown. */
  readonly nodeXyM: Float64Array;
  readonly projection: LocalProjection;
  readonly valves: readonly IsolationValve[];
  readonly valvesUnsnapped: readonly string[];
  /** The parsed .inp when the dataset has one and it parses. */
  readonly inp: InpModel | null;
  /** Topology link id → EPANET link id, for the .inp's pumps and valves. */
  readonly inpLinkIds: Readonly<Record<string, string>>;
  readonly notes: readonly string[];
}

/** A pipe's vertices: its parts joined in order (a MultiLineString runs from its first to its last point). */
export function pipeVertices(pipe: DatasetPipe): readonly LonLat[] {
  return pipe.parts.length === 1 ? pipe.parts[0]! : pipe.parts.flat();
}

export function datasetNetwork(inputs: DatasetInputs): DatasetNetwork {
  const active = inputs.pipes.filter((p) => !p.abandoned);
  const projection = projectionFor(active.flatMap(pipeVertices));
  const byNodes = active.length > 0 && active.every((p) => p.fromNode !== null && p.toNode !== null);
  const notes: string[] = [];
  const build = byNodes ? fromNodeIds : fromLines;
  const built = build(inputs, active, projection, notes);
  const { topology, nodeXyM, pipeXyM } = built;
  const valves = placeValves(inputs, topology, nodeXyM, pipeXyM, projection);
  return { mode: byNodes ? 'nodes' : 'lines', projection, ...built, ...valves, notes };
}

interface Built {
  readonly topology: Topology;
  readonly nodeXyM: Float64Array;
  /** By topology link index; empty for links without geometry. */
  readonly pipeXyM: readonly (readonly Xy[])[];
  readonly inp: InpModel | null;
  readonly inpLinkIds: Readonly<Record<string, string>>;
}

function parsedInp(inputs: DatasetInputs, notes: string[]): InpModel | null {
  if (inputs.epanetInp === null) return null;
  const parsed = parseInp(inputs.epanetInp);
  if (parsed.ok) return parsed.model;
  notes.push(`The EPANET model does not parse (${parsed.errors.length} errors); it is not used.`);
  return null;
}

function fromNodeIds(
  inputs: DatasetInputs,
  active: readonly DatasetPipe[],
  projection: LocalProjection,
  notes: string[],
): Built {
  const inp = parsedInp(inputs, notes);
  const links: LinkInput[] = active.map((p) => ({
    id: p.id,
    from: p.fromNode!,
    to: p.toNode!,
    kind: LinkKind.Pipe,
    lengthM: p.lengthM,
  }));
  const inpLinkIds: Record<string, string> = {};
  for (const [list, kind] of [
    [inp?.pumps ?? [], LinkKind.Pump],
    [inp?.valves ?? [], LinkKind.Valve],
  ] as const) {
    for (const l of list) {
      const id = INP_LINK_PREFIX + l.id;
      inpLinkIds[id] = l.id;
      links.push({ id, from: l.node1, to: l.node2, kind });
    }
  }
  // Nodes are the ends of these links only: .inp junctions of pipes the dataset lacks (abandoned, not
  // imported) would otherwise be islands and empty segments.
  const sources = new Map<string, NodeKind>([
    ...(inp?.reservoirs ?? []).map((r) => [r.id, NodeKind.Reservoir] as const),
    ...(inp?.tanks ?? []).map((t) => [t.id, NodeKind.Tank] as const),
  ]);
  const nodeIds = [...new Set(links.flatMap((l) => [l.from, l.to]))];
  let topology = buildTopology(
    nodeIds.map((id) => ({ id, kind: sources.get(id) ?? NodeKind.Junction })),
    links,
  );
  const nodeXyM = new Float64Array(2 * nodeIds.length).fill(NaN);
  const pipeXyM: Xy[][] = active.map((p) =>
    pipeVertices(p).map(([lon, lat]) => projection.toMetres(lon, lat)),
  );
  pipeXyM.forEach((xy, l) => {
    if (xy.length < 2) return;
    setXy(nodeXyM, topology.linkFrom[l]!, xy[0]!);
    setXy(nodeXyM, topology.linkTo[l]!, xy[xy.length - 1]!);
  });
  const hasSource = topology.nodeKind.some((k) => k !== NodeKind.Junction);
  if (!hasSource) topology = withSources(topology, nodeXyM, inputs, projection);
  return { topology, nodeXyM, pipeXyM, inp, inpLinkIds };
}

function fromLines(
  inputs: DatasetInputs,
  active: readonly DatasetPipe[],
  projection: LocalProjection,
  notes: string[],
): Built {
  const inp = parsedInp(inputs, notes);
  const drawn = active.filter((p) => pipeVertices(p).length >= 2);
  if (drawn.length < active.length)
    notes.push(`${active.length - drawn.length} pipes without geometry are outside the network.`);
  const snapped = topologyFromLines(
    drawn.map((p) => ({
      id: p.id,
      coordinates: pipeVertices(p).map(([lon, lat]) => projection.toMetres(lon, lat)),
      lengthM: p.lengthM,
    })),
    { toleranceM: inputs.snapToleranceM ?? DEFAULT_SNAP_TOLERANCE_M, coordinates: 'metres' },
  );
  const { nodeXyM, pipeXyM } = snapped;
  const topology = withSources(snapped.topology, nodeXyM, inputs, projection);
  return { topology, nodeXyM, pipeXyM, inp, inpLinkIds: {} };
}

function setXy(xy: Float64Array, node: number, [x, y]: Xy): void {
  xy[2 * node] = x;
  xy[2 * node + 1] = y;
}

/** Reservoir and purification-plant point assets make their nearest node a source. */
function withSources(
  topology: Topology,
  nodeXyM: Float64Array,
  inputs: DatasetInputs,
  projection: LocalProjection,
): Topology {
  const nodeKind = topology.nodeKind.slice();
  const sources = inputs.pointAssets.filter((a) => a.kind !== 'critical_facility');
  if (sources.length === 0) return topology;
  const index = nodeIndex(nodeXyM);
  for (const asset of sources) {
    const hit = index.nearest(projection.toMetres(...asset.position));
    if (hit !== null) nodeKind[hit.node] = NodeKind.Reservoir;
  }
  return { ...topology, nodeKind };
}

function placeValves(
  inputs: DatasetInputs,
  topology: Topology,
  nodeXyM: Float64Array,
  pipeXyM: readonly (readonly Xy[])[],
  projection: LocalProjection,
): { valves: IsolationValve[]; valvesUnsnapped: string[] } {
  const valves: IsolationValve[] = [];
  const loose = [];
  for (const v of inputs.valves) {
    const link = v.pipeId === null ? undefined : topology.linkIndex.get(v.pipeId);
    const common = { id: v.id, operable: v.operable, closed: v.normallyClosed };
    if (link === undefined || topology.linkKind[link] !== LinkKind.Pipe) {
      const [xM, yM] = projection.toMetres(...v.position);
      loose.push({ id: v.id, xM, yM, operable: v.operable, closed: v.normallyClosed });
      continue;
    }
    const from = topology.linkFrom[link]!;
    const to = topology.linkTo[link]!;
    const named = v.nodeId == null ? undefined : topology.nodeIndex.get(v.nodeId);
    const [x, y] = projection.toMetres(...v.position);
    const d = (n: number) => Math.hypot(nodeXyM[2 * n]! - x, nodeXyM[2 * n + 1]! - y);
    // The node the file names wins when it is an end of the pipe: a valve on a pump whose two nodes are drawn at
    // one point has no nearer end. Otherwise unknown positions (NaN) compare false: the valve sits at the from-node.
    const node = named === from || named === to ? named : d(to) < d(from) ? to : from;
    valves.push({ ...common, linkId: topology.linkIds[link]!, nodeId: topology.nodeIds[node]! });
  }
  if (loose.length === 0) return { valves, valvesUnsnapped: [] };
  const pipes: SnapPipe[] = [];
  pipeXyM.forEach((xyM, l) => {
    if (xyM.length < 2 || topology.linkKind[l] !== LinkKind.Pipe) return;
    const fromNodeId = topology.nodeIds[topology.linkFrom[l]!]!;
    const toNodeId = topology.nodeIds[topology.linkTo[l]!]!;
    pipes.push({ id: topology.linkIds[l]!, fromNodeId, toNodeId, xyM });
  });
  const snapped = snapValvePoints(loose, pipes, {
    toleranceM: inputs.valveSnapToleranceM ?? DEFAULT_VALVE_SNAP_TOLERANCE_M,
  });
  return { valves: [...valves, ...snapped.valves], valvesUnsnapped: snapped.unsnapped };
}
