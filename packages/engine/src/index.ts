// Public surface of @pipewise/engine. Pure analysis: plain data in, plain data out (ARCHITECTURE.md).
// Names are listed explicitly (STYLE.md: no `export *`).

// --- epanet: .inp import ---
export { createInpParser, formatInpError, parseInp } from './epanet/inp-parser.ts';
export type { InpParser, InpParserOptions } from './epanet/inp-parser.ts';
export type {
  FlowUnits,
  InpCoordinate,
  InpDemand,
  InpJunction,
  InpModel,
  InpOptions,
  InpParseError,
  InpParseResult,
  InpPipe,
  InpPoint,
  InpPump,
  InpReservoir,
  InpStatus,
  InpTag,
  InpTank,
  InpValve,
  PipeStatus,
  UnitSystem,
  ValveType,
} from './epanet/inp-types.ts';

// --- network: topology ---
export { LinkKind, NodeKind, TopologyError, buildTopology, degree, isSource } from './network/topology.ts';
export type { LinkInput, NodeInput, Topology } from './network/topology.ts';
export { topologyFromInp } from './network/from-inp.ts';
export { topologyFromLines } from './network/snap-nodes.ts';
export type { LinePipe, SnapOptions, SnappedNetwork } from './network/snap-nodes.ts';
export { localProjection, projectionFor } from './network/projection.ts';
export type { LocalProjection } from './network/projection.ts';
export { connectedComponents, danglingEnds } from './network/components.ts';
export type { Components } from './network/components.ts';
export { NetworkBuilder } from './network/builder.ts';
export type {
  BuilderNodeOptions,
  BuilderPipeOptions,
  BuilderValveOptions,
  BuiltNetwork,
} from './network/builder.ts';

// --- vis: valve isolation segments ---
export { resolveValves } from './vis/valves.ts';
export type { IsolationValve, ResolvedValves, ValveProblem } from './vis/valves.ts';
export { segmentNetwork } from './vis/segments.ts';
export type { Segmentation, SegmentationOptions } from './vis/segments.ts';
export { summarizeSegments } from './vis/segment-summary.ts';
export type { PipeVisAttributes, VisInputs, VisSegment } from './vis/segment-summary.ts';
export { LOF_HORIZONS_MONTHS } from './vis/lof.ts';
export type { ByHorizon, LofHorizon } from './vis/lof.ts';
export { supplyLoss } from './vis/supply-loss.ts';
export type { SupplyLoss } from './vis/supply-loss.ts';
export { analyzeVis } from './vis/analysis.ts';
export type { VisAnalysis } from './vis/analysis.ts';
export { isolatePipe } from './vis/pipe-isolation.ts';
export type { PipeIsolation } from './vis/pipe-isolation.ts';
export { toVisRecord } from './vis/vis-record.ts';
export type { VisRecord } from './vis/vis-record.ts';
export { valveCriticality } from './vis/criticality.ts';
export type { ValveCriticality } from './vis/criticality.ts';
export { snapPipesOf, snapValvePoints } from './vis/snap-valves.ts';
export type { SnapPipe, ValvePoint, ValveSnapResult } from './vis/snap-valves.ts';
