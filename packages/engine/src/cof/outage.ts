// Who is without water when a pipe breaks, by the scenario's calculation mode (001 §3/§4):
// - standard: the pipe's own customers (its `population`, else its end junctions' population shared
//   among the pipes meeting there);
// - valve: the isolation segment and every segment that loses all sources (vis isolatePipe);
// - hydraulic: the closed segment's pipes and the junctions an EPANET run of the segment closure leaves below
//   service pressure (hydraulic.ts), computed once per segment and shared by the segment's pipes.
// People are at nodes (nodePopulation) or along pipes (a pipe's `population`: its service connections). A pipe's
// people are out whenever the pipe is closed: in valve mode a segment counts its pipes' people as well as its
// nodes' (a pipe with valves at both ends is a segment without nodes, and its customers were once counted as 0);
// in hydraulic mode an open pipe with a dry end loses half its people per dry end.
import { NodeKind, degree } from '../network/topology.ts';
import type { VisAnalysis } from '../vis/analysis.ts';
import { isolatePipe } from '../vis/pipe-isolation.ts';
import type { CalculationKind } from './scenario.ts';

export interface Outage {
  readonly customers: number;
  /** Of those, the people of the closed segment itself (its pipes and nodes); the rest are further away. */
  readonly segmentCustomers: number;
  /** Valve mode: segments left without any source (their people are in `customers`); 0 otherwise. */
  readonly cutOffSegments: number;
  /** Hydraulic mode: junctions the closure leaves below service pressure; 0 otherwise. */
  readonly dryJunctions: number;
  /** Nodes left without water (empty in standard mode for a pipe with its own population). */
  readonly nodeIds: readonly string[];
  readonly segmentId: number;
  readonly valvesToClose: readonly string[];
  readonly affectedPipes: readonly string[];
}

/** Junctions without water per segment id, from analyzeClosures (hydraulic mode). */
export type SegmentOutages = ReadonlyMap<number, readonly string[]>;

export interface OutageInputs {
  readonly vis: VisAnalysis;
  readonly nodePopulation: Readonly<Record<string, number>>;
  /** People along each pipe (CofPipe.population), counted with the pipe's segment in valve and hydraulic modes. */
  readonly pipePopulation?: ReadonlyMap<string, number>;
  readonly hydraulic?: SegmentOutages;
}

export function outageFinder(
  inputs: OutageInputs,
  kind: CalculationKind,
): (pipeId: string, ownPopulation?: number) => Outage | null {
  const { vis, nodePopulation } = inputs;
  const pipePopulation = inputs.pipePopulation ?? new Map<string, number>();
  const topology = vis.topology;
  if (kind === 'hydraulic' && inputs.hydraulic === undefined)
    throw new Error('hydraulic COF needs the segment closure results (analyzeClosures)');
  type Common = Pick<Outage, 'segmentId' | 'valvesToClose' | 'affectedPipes'>;
  const bySegment = new Map<number, { common: Common; valve: Outage | null; hydraulic?: Outage }>();
  const nodePeople = (ids: readonly string[]) => ids.reduce((sum, id) => sum + (nodePopulation[id] ?? 0), 0);
  const pipePeople = (ids: readonly string[]) =>
    ids.reduce((sum, id) => sum + (pipePopulation.get(id) ?? 0), 0);
  const hydraulicOutage = (common: Common, nodeIds: readonly string[]): Outage => {
    const closed = new Set(common.affectedPipes);
    const segmentCustomers = pipePeople(common.affectedPipes);
    // An open pipe meeting a dry junction: half its people per dry end (the half nearer that end).
    let halves = 0;
    for (const id of nodeIds) {
      const n = topology.nodeIndex.get(id);
      if (n === undefined) continue;
      for (let k = topology.incidentStart[n]!; k < topology.incidentStart[n + 1]!; k++) {
        const linkId = topology.linkIds[topology.incidentLinks[k]!]!;
        if (!closed.has(linkId)) halves += (pipePopulation.get(linkId) ?? 0) / 2;
      }
    }
    return {
      ...common,
      customers: segmentCustomers + nodePeople(nodeIds) + halves,
      segmentCustomers,
      cutOffSegments: 0,
      dryJunctions: nodeIds.length,
      nodeIds,
    };
  };

  return (pipeId, ownPopulation) => {
    const link = topology.linkIndex.get(pipeId);
    if (link === undefined) return null;
    const segmentId = vis.segmentation.segmentOfLink[link]!;
    let seg = bySegment.get(segmentId);
    if (seg === undefined) {
      const isolation = isolatePipe(vis, pipeId)!;
      let valve: Outage | null = null;
      if (kind === 'valve') {
        // The segment's own people: its nodes' and its pipes' (not isolation.population, the VIS summary's, whose
        // inputs may differ from the COF's).
        const segmentCustomers = nodePeople(isolation.affectedNodes) + pipePeople(isolation.affectedPipes);
        const cutOffNodes = isolation.cutOff.segmentIds.flatMap((s) => vis.segments[s]!.nodeIds);
        const nodeIds = [...isolation.affectedNodes, ...cutOffNodes];
        valve = {
          customers: segmentCustomers + nodePeople(cutOffNodes) + pipePeople(isolation.cutOff.pipeIds),
          segmentCustomers,
          cutOffSegments: isolation.cutOff.segmentIds.length,
          dryJunctions: 0,
          nodeIds,
          segmentId,
          valvesToClose: isolation.valvesToClose,
          affectedPipes: isolation.affectedPipes,
        };
      }
      seg = {
        common: { segmentId, valvesToClose: isolation.valvesToClose, affectedPipes: isolation.affectedPipes },
        valve,
      };
      bySegment.set(segmentId, seg);
    }
    const { common } = seg;
    switch (kind) {
      case 'valve':
        return seg.valve;
      case 'hydraulic': {
        // Once per segment: its pipes share the closure's dry junctions (n² for a valveless network otherwise).
        seg.hydraulic ??= hydraulicOutage(common, inputs.hydraulic!.get(segmentId) ?? []);
        return seg.hydraulic;
      }
      case 'standard': {
        const ends = [topology.linkFrom[link]!, topology.linkTo[link]!];
        const nodeIds = ends.map((n) => topology.nodeIds[n]!);
        const shared = ends.reduce(
          (sum, n) =>
            topology.nodeKind[n] === NodeKind.Junction
              ? sum + (nodePopulation[topology.nodeIds[n]!] ?? 0) / Math.max(1, degree(topology, n))
              : sum,
          0,
        );
        const customers = ownPopulation ?? shared;
        return {
          ...common,
          customers,
          segmentCustomers: customers,
          cutOffSegments: 0,
          dryJunctions: 0,
          nodeIds,
        };
      }
    }
  };
}
