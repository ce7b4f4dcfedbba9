// Per-segment figures for the VIS layer and details pane (spec §2 VIS view, §3 VIS record): members,
// bounding valves, aggregated length, oldest install year, breaks, population and aggregated LOF.
import { LinkKind, NodeKind, type Topology } from '../network/topology.ts';
import { type ByHorizon, LofAccumulator } from './lof.ts';
import type { Segmentation } from './segments.ts';
import { type SegmentValves, segmentValves } from './segment-valves.ts';

export interface PipeVisAttributes {
  readonly installYear?: number | null;
  readonly breakCount?: number;
  readonly population?: number;
  /** Probability of at least one break within each horizon. */
  readonly lof?: Partial<ByHorizon<number>>;
  /** Expected number of breaks within each horizon. */
  readonly lofAbsolute?: Partial<ByHorizon<number>>;
}

export interface VisInputs {
  readonly pipeAttributes?: Readonly<Record<string, PipeVisAttributes>>;
  readonly nodePopulation?: Readonly<Record<string, number>>;
}

export interface VisSegment {
  readonly id: number;
  readonly nodeIds: readonly string[];
  readonly pipeIds: readonly string[];
  /** Pumps and control valves (EPANET links that are not pipes) inside the segment. */
  readonly otherLinkIds: readonly string[];
  /** Valves between this segment and another one. */
  readonly valveIds: readonly string[];
  /** Bounding valves that are open: the ones a crew closes to isolate the segment. */
  readonly valvesToClose: readonly string[];
  /** Inoperable valves inside the segment: why it is larger than the valve layout suggests. */
  readonly inoperableValveIds: readonly string[];
  readonly lengthM: number;
  /** Oldest install year of its pipes, null if none is known. */
  readonly installYear: number | null;
  readonly breaks: number;
  readonly population: number;
  readonly hasSource: boolean;
  readonly lof: ByHorizon<number>;
  readonly expectedBreaksPerKm: ByHorizon<number | null>;
}

export function summarizeSegments(
  topology: Topology,
  segmentation: Segmentation,
  inputs: VisInputs = {},
): VisSegment[] {
  const valves = segmentValves(segmentation);
  const result: VisSegment[] = [];
  for (let s = 0; s < segmentation.count; s++)
    result.push(summarize(topology, segmentation, valves, inputs, s));
  return result;
}

function summarize(
  topology: Topology,
  seg: Segmentation,
  valves: SegmentValves,
  inputs: VisInputs,
  s: number,
): VisSegment {
  const nodeIds: string[] = [];
  const pipeIds: string[] = [];
  const otherLinkIds: string[] = [];
  let population = 0;
  let hasSource = false;
  for (let k = seg.nodeStart[s]!; k < seg.nodeStart[s + 1]!; k++) {
    const node = seg.nodes[k]!;
    const id = topology.nodeIds[node]!;
    nodeIds.push(id);
    population += inputs.nodePopulation?.[id] ?? 0;
    hasSource ||= topology.nodeKind[node] !== NodeKind.Junction;
  }
  let lengthM = 0;
  let installYear: number | null = null;
  let breaks = 0;
  const lof = new LofAccumulator();
  for (let k = seg.linkStart[s]!; k < seg.linkStart[s + 1]!; k++) {
    const link = seg.links[k]!;
    const id = topology.linkIds[link]!;
    if (topology.linkKind[link] !== LinkKind.Pipe) {
      otherLinkIds.push(id);
      continue;
    }
    pipeIds.push(id);
    lengthM += topology.linkLengthM[link]!;
    const a = inputs.pipeAttributes?.[id];
    if (a === undefined) continue;
    if (a.installYear != null && (installYear === null || a.installYear < installYear))
      installYear = a.installYear;
    breaks += a.breakCount ?? 0;
    population += a.population ?? 0;
    lof.add(a.lof, a.lofAbsolute);
  }
  const ids = seg.valves.ids;
  const bounding = valves.bounding(s);
  return {
    id: s,
    nodeIds,
    pipeIds,
    otherLinkIds,
    valveIds: bounding.map((v) => ids[v]!),
    valvesToClose: bounding.filter((v) => seg.valves.closed[v] === 0).map((v) => ids[v]!),
    inoperableValveIds: valves.inoperable(s).map((v) => ids[v]!),
    lengthM,
    installYear,
    breaks,
    population,
    hasSource,
    lof: lof.lof(),
    expectedBreaksPerKm: lof.breaksPerKm(lengthM),
  };
}
