// Who is without water when a pipe breaks, by the scenario's calculation mode (001 §3/§4):
// - standard: the pipe's own customers (its `population`, else its end junctions' population shared
//   among the pipes meeting there);
// - valve: the isolation segment and every segment that loses all sources (vis isolatePipe);
// - hydraulic: the junctions an EPANET run of the segment closure leaves below service pressure
//   (hydraulic.ts), computed once per segment and shared by the segment's pipes.
import { NodeKind, degree } from '../network/topology.ts';
import type { VisAnalysis } from '../vis/analysis.ts';
import { isolatePipe } from '../vis/pipe-isolation.ts';
import type { CalculationKind } from './scenario.ts';

export interface Outage {
  readonly customers: number;
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
  readonly hydraulic?: SegmentOutages;
}

export function outageFinder(
  inputs: OutageInputs,
  kind: CalculationKind,
): (pipeId: string, ownPopulation?: number) => Outage | null {
  const { vis, nodePopulation } = inputs;
  const topology = vis.topology;
  if (kind === 'hydraulic' && inputs.hydraulic === undefined)
    throw new Error('hydraulic COF needs the segment closure results (analyzeClosures)');
  type Common = Omit<Outage, 'customers' | 'nodeIds'>;
  const bySegment = new Map<number, { common: Common; valve: Outage | null; hydraulic?: Outage }>();
  const hydraulicOutage = (common: Common, nodeIds: readonly string[]): Outage => ({
    ...common,
    customers: nodeIds.reduce((sum, id) => sum + (nodePopulation[id] ?? 0), 0),
    nodeIds,
  });

  return (pipeId, ownPopulation) => {
    const link = topology.linkIndex.get(pipeId);
    if (link === undefined) return null;
    const segmentId = vis.segmentation.segmentOfLink[link]!;
    let seg = bySegment.get(segmentId);
    if (seg === undefined) {
      const isolation = isolatePipe(vis, pipeId)!;
      let valve: Outage | null = null;
      if (kind === 'valve') {
        const nodeIds = [
          ...isolation.affectedNodes,
          ...isolation.cutOff.segmentIds.flatMap((s) => vis.segments[s]!.nodeIds),
        ];
        valve = {
          customers: isolation.population + isolation.cutOff.population,
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
        return { ...common, customers: ownPopulation ?? shared, nodeIds };
      }
    }
  };
}
