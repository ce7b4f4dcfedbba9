// Topology of a parsed EPANET model: junctions, reservoirs and tanks as nodes; pipes, pumps and valves as
// links (the same element set as WNTR's wn.get_graph(), which its valve segmentation runs on).
import type { InpModel } from '../epanet/inp-types.ts';
import {
  LinkKind,
  type LinkInput,
  NodeKind,
  type NodeInput,
  type Topology,
  buildTopology,
} from './topology.ts';

export function topologyFromInp(model: InpModel): Topology {
  const nodes: NodeInput[] = [
    ...model.junctions.map((j) => ({ id: j.id, kind: NodeKind.Junction })),
    ...model.reservoirs.map((r) => ({ id: r.id, kind: NodeKind.Reservoir })),
    ...model.tanks.map((t) => ({ id: t.id, kind: NodeKind.Tank })),
  ];
  // [STATUS] overrides the initial status of [PIPES] (EPANET 2.2 manual §C, STATUS).
  const statusOf = new Map(model.status.map((s) => [s.linkId, s.status]));
  const closed = (id: string, initial: boolean) => {
    const status = statusOf.get(id);
    return status === undefined || status === null ? initial : status === 'CLOSED';
  };
  const links: LinkInput[] = [
    ...model.pipes.map((p) => ({
      id: p.id,
      from: p.node1,
      to: p.node2,
      kind: LinkKind.Pipe,
      lengthM: p.lengthM,
      closed: closed(p.id, p.status === 'CLOSED'),
    })),
    ...model.pumps.map((p) => ({
      id: p.id,
      from: p.node1,
      to: p.node2,
      kind: LinkKind.Pump,
      closed: closed(p.id, false),
    })),
    ...model.valves.map((v) => ({
      id: v.id,
      from: v.node1,
      to: v.node2,
      kind: LinkKind.Valve,
      closed: closed(v.id, false),
    })),
  ];
  return buildTopology(nodes, links);
}
