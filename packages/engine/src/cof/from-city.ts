// COF inputs of a generated town (synth/): the VIS network with the plant as a reservoir behind its pump,
// the pipes with road type, pressure and nearness to a drain, the critical facilities, and the map id →
// EPANET id mapping (the town's EPANET model names pipes by native id).
import { LinkKind, NodeKind, type Topology, buildTopology } from '../network/topology.ts';
import type { SynthCity } from '../synth/types.ts';
import type { IsolationValve } from '../vis/valves.ts';
import type { CofPipe, CriticalFacility } from './model.ts';

export interface CityCofNetwork {
  readonly topology: Topology;
  readonly valves: readonly IsolationValve[];
  readonly nodePopulation: Readonly<Record<string, number>>;
  readonly pipes: readonly CofPipe[];
  readonly facilities: readonly CriticalFacility[];
  readonly valveNativeIds: Readonly<Record<string, string>>;
  readonly epanetLinkIds: Readonly<Record<string, string>>;
}

export function cofNetworkOfCity(city: SynthCity): CityCofNetwork {
  const nodeKind = { junction: NodeKind.Junction, tank: NodeKind.Tank, reservoir: NodeKind.Reservoir };
  const nodes = [
    ...city.nodes.map((n) => ({ id: n.id, kind: nodeKind[n.kind] })),
    ...city.epanet.reservoirs.map((r) => ({ id: r.id, kind: NodeKind.Reservoir })),
  ];
  const links = [
    ...city.pipes.map((p) => ({
      id: p.id,
      from: p.fromNode,
      to: p.toNode,
      lengthM: p.lengthM,
      closed: p.closed,
    })),
    ...city.epanet.pumps.map((p) => ({ id: p.id, from: p.node1, to: p.node2, kind: LinkKind.Pump })),
  ];
  const drainNodes = new Set(city.drains.flatMap((d) => (d.nodeId === undefined ? [] : [d.nodeId])));
  const nodePopulation: Record<string, number> = {};
  for (const n of city.nodes) if (n.population > 0) nodePopulation[n.id] = n.population;
  return {
    topology: buildTopology(nodes, links),
    valves: city.valves.map((v) => ({
      id: v.id,
      linkId: v.pipeId,
      nodeId: v.nodeId,
      operable: v.operable,
      closed: v.normallyClosed,
    })),
    nodePopulation,
    pipes: city.pipes.map((p) => ({
      id: p.id,
      nativeId: p.nativePipeId,
      lengthM: p.lengthM,
      diameterMm: p.diameterMm,
      roadType: p.roadType,
      staticPressureKpa: p.staticPressureKpa,
      nearWater: drainNodes.has(p.fromNode) || drainNodes.has(p.toNode),
    })),
    facilities: city.criticalFacilities.flatMap((f) =>
      f.nodeId === undefined ? [] : [{ id: f.id, type: f.type, nodeId: f.nodeId }],
    ),
    valveNativeIds: Object.fromEntries(city.valves.map((v) => [v.id, v.nativeValveId])),
    epanetLinkIds: Object.fromEntries(city.pipes.map((p) => [p.id, p.nativePipeId])),
  };
}
